/// The frame of every page: the document head, the library's name, the navigation with
/// 「ログアウト」, the notice left by the last change, and the page's own content.
struct PageLayout {
    /// Which navigation link is the current page.
    enum Section: Sendable, Equatable, CaseIterable {
        case home, loans, books, users, classes, print, records, settings, guide

        var path: String {
            switch self {
            case .home: PagePath.home
            case .loans: PagePath.loans
            case .books: PagePath.books
            case .users: PagePath.users
            case .classes: PagePath.classes
            case .print: PagePath.print
            case .records: PagePath.records
            case .settings: PagePath.settings
            case .guide: PagePath.to(.guide)
            }
        }

        func name(_ words: any PageWords) -> String {
            switch self {
            case .home: words.home
            case .loans: words.onLoan
            case .books: words.books
            case .users: words.users
            case .classes: words.classes
            case .print: words.print
            case .records: words.records
            case .settings: words.settings
            case .guide: words.guide
            }
        }
    }

    /// Who is signed in, and the token for the sign-out form; nil on the sign-in page.
    struct SignedIn {
        var staff: String
        var csrf: String
    }

    var words: any PageWords
    var libraryName: String
    /// The page's heading, also in the window title.
    var heading: String
    var section: Section?
    var signedIn: SignedIn?
    /// A line from the last change, shown once.
    var notice: PageNotice?
    var content: [HTML]

    /// The page as the bytes of its response.
    var document: [UInt8] {
        let title = [heading, libraryName.isEmpty ? words.pageTitle : libraryName].joined(separator: " · ")
        let head: HTML = .el(.head,
            .el(.meta, [HTMLAttribute(.charset, "utf-8")]),
            .el(.meta, [.name("viewport"), HTMLAttribute(.content, "width=device-width, initial-scale=1")]),
            .el(.title, .text(title)),
            .el(.link, [HTMLAttribute(.rel, "stylesheet"), .href(PagePath.stylesheet)]))
        let noticeNode: HTML = notice.map {
            $0.isRefusal ? .el(.p, [.class("warning"), HTMLAttribute(.role, "alert")], .text($0.text))
                         : .el(.p, [.class("notice"), HTMLAttribute(.role, "status")], .text($0.text))
        } ?? .empty
        // A notice about one part of the page is shown in that part; else under the heading.
        let placed = notice?.place.flatMap { HTML.placing(noticeNode, in: content, id: $0) }
        let main: HTML = .el(.main, [.id("main")], children: [.el(.h1, .text(heading))] + (placed ?? [noticeNode] + content))
        let skip: HTML = .el(.a, [.class("skip"), .href("#main")], .text(words.skipToContent))
        let body: HTML = .el(.body, skip, header, main)
        return HTML.documentBytes(.el(.html, [HTMLAttribute(.lang, words.languageCode)], head, body))
    }

    private var header: HTML {
        let name = libraryName.isEmpty ? words.pageTitle : libraryName
        guard let signedIn else {
            return .el(.header, [.class("top")], .el(.p, [.class("library")], .text(name)))
        }
        let links: [HTML] = Section.allCases.map { item in
            var attributes: [HTMLAttribute] = [.href(item.path)]
            if item == section { attributes.append(HTMLAttribute(.ariaCurrent, "page")) }
            return .el(.li, .el(.a, attributes, .text(item.name(words))))
        }
        return .el(.header, [.class("top")],
            .el(.p, [.class("library")], .text(name), .el(.span, [.class("who")], .text(words.signedInAs(signedIn.staff)))),
            .el(.nav, [HTMLAttribute(.ariaLabel, words.pageTitle)],
                .el(.ul, children: links),
                Form.post(PagePath.signOut, csrf: signedIn.csrf, button: words.signOut, style: "quiet", fields: [])))
    }
}
