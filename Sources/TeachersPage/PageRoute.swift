/// What a request asks for, read from its method and path. Every URL of the page is here.
public enum PageRoute: Sendable, Equatable {
    case stylesheet
    case qrCode
    case signInForm
    case signIn
    case signOut
    case home
    case loans
    case confirmReturn(loan: Int64)
    case returnLoan(loan: Int64)
    case extendLoan(loan: Int64)
    case books
    case newBookForm
    case addBook
    case book(String)
    case editBookForm(String)
    case editBook(String)
    case withdrawBook(String)
    case lendForm(String)
    case lend(String)
    case cover(String)
    case users
    case newUserForm
    case addUser
    case user(String)
    case editUserForm(String)
    case editUser(String)
    case deactivateUser(String)
    case reactivateUser(String)
    case removeUser(String)
    case settings
    case saveRules
    case addStaff
    case resetPassword(staff: String)
    case removeStaff(String)
    // The school year: 組 (classes and promotion) and 記録
    case classes
    case addClass
    case setClassGrade(String)
    case renameClass(String)
    case removeClass(String)
    case confirmPromotion
    case promote
    case records
    // 印刷, 取り込み, backup and restore (pageyear-b)
    case printPage
    case printNotices
    case printCards
    case printLabels
    case importForm
    case previewImport
    case applyImport
    case backup
    case previewRestore
    case restore
    case notFound
    /// A path the page has, asked for with a method it does not answer.
    case methodNotAllowed

    /// Whether the route changes something (a POST, checked for its token and origin).
    public var isChange: Bool {
        switch self {
        case .signIn, .signOut, .returnLoan, .extendLoan, .addBook, .editBook, .withdrawBook, .lend, .addUser,
             .editUser, .deactivateUser, .reactivateUser, .removeUser, .saveRules, .addStaff, .resetPassword, .removeStaff:
            true
        case .addClass, .setClassGrade, .renameClass, .removeClass, .promote:
            true
        case .printCards, .printLabels, .previewImport, .applyImport, .previewRestore, .restore:
            true
        case .printPage, .printNotices, .importForm, .backup:
            false
        case .stylesheet, .qrCode, .signInForm, .home, .loans, .confirmReturn, .books, .newBookForm, .book, .editBookForm,
             .lendForm, .cover, .users, .newUserForm, .user, .editUserForm, .settings, .notFound, .methodNotAllowed:
            false
        case .classes, .confirmPromotion, .records:
            false
        }
    }

    /// Whether the route is open without a session.
    public var isPublic: Bool {
        switch self {
        case .stylesheet, .signInForm, .signIn: true
        default: false
        }
    }

    public init(method: String, path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let isGet = method == "GET" || method == "HEAD"
        let isPost = method == "POST"
        func pick(get: PageRoute?, post: PageRoute?) -> PageRoute {
            if isGet, let get { return get }
            if isPost, let post { return post }
            return get == nil && post == nil ? .notFound : .methodNotAllowed
        }
        switch parts.count {
        case 0:
            self = pick(get: .home, post: nil)
        case 1:
            switch parts[0] {
            case "style.css": self = pick(get: .stylesheet, post: nil)
            case "qr.svg": self = pick(get: .qrCode, post: nil)
            case "sign-in": self = pick(get: .signInForm, post: .signIn)
            case "sign-out": self = pick(get: nil, post: .signOut)
            case "loans": self = pick(get: .loans, post: nil)
            case "books": self = pick(get: .books, post: nil)
            case "users": self = pick(get: .users, post: nil)
            case "settings": self = pick(get: .settings, post: .saveRules)
            case "classes": self = pick(get: .classes, post: .addClass)
            case "records": self = pick(get: .records, post: nil)
            case "print": self = pick(get: .printPage, post: nil)
            case "import": self = pick(get: .importForm, post: .previewImport)
            default: self = .notFound
            }
        case 2:
            switch (parts[0], parts[1]) {
            case ("books", "new"): self = pick(get: .newBookForm, post: .addBook)
            case ("books", let code): self = pick(get: .book(code), post: nil)
            case ("covers", let code): self = pick(get: .cover(code), post: nil)
            case ("users", "new"): self = pick(get: .newUserForm, post: .addUser)
            case ("users", let card): self = pick(get: .user(card), post: nil)
            case ("settings", "staff"): self = pick(get: nil, post: .addStaff)
            case ("classes", "promote"): self = pick(get: .confirmPromotion, post: .promote)
            case ("settings", "backup"): self = pick(get: .backup, post: nil)
            case ("settings", "restore"): self = pick(get: nil, post: .previewRestore)
            case ("print", "notices"): self = pick(get: .printNotices, post: nil)
            case ("print", "cards"): self = pick(get: nil, post: .printCards)
            case ("print", "labels"): self = pick(get: nil, post: .printLabels)
            case ("import", "apply"): self = pick(get: nil, post: .applyImport)
            default: self = .notFound
            }
        case 3 where parts == ["settings", "restore", "confirm"]:
            self = pick(get: nil, post: .restore)
        case 3:
            let (section, key, action) = (parts[0], parts[1], parts[2])
            switch (section, action) {
            case ("loans", "return"):
                guard let id = Int64(key) else { self = .notFound; return }
                self = pick(get: .confirmReturn(loan: id), post: .returnLoan(loan: id))
            case ("loans", "extend"):
                guard let id = Int64(key) else { self = .notFound; return }
                self = pick(get: nil, post: .extendLoan(loan: id))
            case ("books", "edit"): self = pick(get: .editBookForm(key), post: .editBook(key))
            case ("books", "withdraw"): self = pick(get: nil, post: .withdrawBook(key))
            case ("books", "lend"): self = pick(get: .lendForm(key), post: .lend(key))
            case ("users", "edit"): self = pick(get: .editUserForm(key), post: .editUser(key))
            case ("users", "deactivate"): self = pick(get: nil, post: .deactivateUser(key))
            case ("users", "reactivate"): self = pick(get: nil, post: .reactivateUser(key))
            case ("users", "remove"): self = pick(get: nil, post: .removeUser(key))
            case ("classes", "grade"): self = pick(get: nil, post: .setClassGrade(key))
            case ("classes", "rename"): self = pick(get: nil, post: .renameClass(key))
            case ("classes", "remove"): self = pick(get: nil, post: .removeClass(key))
            default: self = .notFound
            }
        case 4:
            switch (parts[0], parts[1], parts[3]) {
            case ("settings", "staff", "password"): self = pick(get: nil, post: .resetPassword(staff: parts[2]))
            case ("settings", "staff", "remove"): self = pick(get: nil, post: .removeStaff(parts[2]))
            default: self = .notFound
            }
        default:
            self = .notFound
        }
    }
}
