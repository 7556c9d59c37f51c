import Foundation
import HTTPServer
import Lending

/// The library as every page shows it: its name and the rules in force.
struct LibraryState {
    var policy: Policy
    var name: String
}

extension PageSection {
    /// The rules in the database (the config's until it has some) over the config's Policy.
    func library(_ tx: any LendingTransaction) throws -> LibraryState {
        guard let rules = try tx.libraryRules() else { return LibraryState(policy: setup.policy, name: setup.libraryName) }
        return LibraryState(policy: rules.applied(to: setup.policy), name: rules.libraryName)
    }

    /// A signed-in page: the layout around `content`, with the notice the last change left.
    func page(_ context: PageContext, _ library: LibraryState, heading: String, section: PageLayout.Section?,
              status: Int = 200, content: [HTML]) -> HTTPResponse {
        let notice = sessions.withLock { $0.takeNotice(context.session.id) }
        let layout = PageLayout(words: words, libraryName: library.name, heading: heading, section: section,
                                signedIn: context.signedIn, notice: notice, content: content)
        return html(layout.document, status: status)
    }

    func html(_ document: [UInt8], status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")] + headers,
                     body: document)
    }

    /// After a change: back to a page (POST, redirect, GET), with `notice` shown there once.
    func redirect(_ path: String, notice: String?, refusal: Bool = false, _ context: PageContext) -> HTTPResponse {
        if let notice {
            let place = path.firstIndex(of: "#").map { String(path[path.index(after: $0)...]) }
            sessions.withLock { $0.leave(PageNotice(notice, isRefusal: refusal, place: place), for: context.session.id) }
        }
        return HTTPResponse(status: 303, headers: [("Location", path), ("Cache-Control", "no-store")])
    }

    /// A POST whose token or origin is wrong: refused, nothing changed, no library data.
    func forbidden(session: PageSession?) -> HTTPResponse {
        let layout = PageLayout(words: words, libraryName: "", heading: words.forbiddenHeading, section: nil,
                                signedIn: nil, notice: nil,
                                content: [.el(.p, .text(words.forbidden)),
                                          session?.staff == nil ? .el(.p, .el(.a, [.href(PagePath.signIn)], .text(words.signIn)))
                                                                        : .el(.p, .el(.a, [.href(PagePath.home)], .text(words.home)))])
        return html(layout.document, status: 403)
    }

    func notFound(_ context: PageContext, status: Int = 404) throws -> HTTPResponse {
        let library = try store.read { try self.library($0) }
        return page(context, library, heading: words.notFoundHeading, section: nil, status: status,
                    content: [.el(.p, .text(words.notFound))])
    }

    /// A fault of the store: said calmly, with what to tell whoever runs the box (the time, by
    /// which they find the fault's detail in the log); the detail itself only in the log.
    func fault(_ error: any Error, context: PageContext) -> HTTPResponse {
        let time = words.dateTime(context.now, in: .current)
        log("a request failed at \(time): \(error)")
        let layout = PageLayout(words: words, libraryName: setup.libraryName, heading: words.faultHeading, section: nil,
                                signedIn: context.signedIn, notice: nil,
                                content: [.el(.p, .text(words.fault(at: time)))])
        return html(layout.document, status: 500)
    }

    /// A line for whoever runs the box, on standard error (the service's journal): the
    /// technical detail a teacher is spared, never shown on the page.
    func log(_ line: String) {
        FileHandle.standardError.write(Data("teachers' page: \(line)\n".utf8))
    }

    /// The page number asked for (1 when none or nonsense) and the offset it starts at.
    func pageNumber(_ request: HTTPRequest) -> Int {
        max(1, min(Int(request.value("page") ?? "") ?? 1, 1_000_000))
    }
}
