import Foundation
import Language
import Lending

/// Every word the teachers' page shows, in one language. Each language is a type of its own
/// (`JapanesePageWords`, `EnglishPageWords`), so the compiler checks that none lacks a word.
/// The names of links and buttons are contracts: teachers are told them and tests find them.
public protocol PageWords: Sendable, SchoolYearPageWords, TransferPageWords, AuditPageWords, LookupPageWords, GuidePageWords {
    /// The `lang` attribute.
    var languageCode: String { get }
    var pageTitle: String { get }
    var skipToContent: String { get }

    // Navigation
    var home: String { get }
    var onLoan: String { get }
    var books: String { get }
    var users: String { get }
    var settings: String { get }
    var signOut: String { get }
    func signedInAs(_ staff: String) -> String

    // Signing in
    var signInHeading: String { get }
    var name: String { get }
    var password: String { get }
    var signIn: String { get }
    var wrongNameOrPassword: String { get }
    /// To someone at the server itself while no Staff member has a page password: nobody can
    /// sign in yet, and the command that adds a teacher to this library (`libraryOptions` after it).
    func nobodyCanSignIn(libraryOptions: String) -> String
    func tryAgain(inSeconds seconds: Int) -> String
    func locked(until time: String, minutes: Int) -> String
    /// A fault while signing in, for someone not signed in: no detail (that goes to the log).
    var signInFault: String { get }
    var signedOut: String { get }
    /// The sign-in page after a session ended (idle too long, or the server restarted).
    var sessionEnded: String { get }

    // Refusals and faults
    var notFoundHeading: String { get }
    var notFound: String { get }
    var forbiddenHeading: String { get }
    var forbidden: String { get }
    var faultHeading: String { get }
    /// The database failed; `time` is when, so whoever runs the box finds the detail in the log.
    func fault(at time: String) -> String

    // ホーム
    var today: String { get }
    var lentToday: String { get }
    var returnedToday: String { get }
    var booksOut: String { get }
    var overdueCount: String { get }
    var thisPageAddress: String { get }
    var qrCodeAlt: String { get }
    func count(_ number: Int) -> String
    /// The kiosk on this computer holds returns the database server has not had yet.
    func unsentReturns(_ count: Int) -> String

    // 貸出中
    var searchUserOrTitle: String { get }
    var overdueOnly: String { get }
    var filter: String { get }
    var user: String { get }
    var title: String { get }
    var dueDate: String { get }
    var overdue: String { get }
    var returnBook: String { get }
    var extend: String { get }
    var noLoans: String { get }
    var confirmReturnHeading: String { get }
    func confirmReturn(title: String, user: String) -> String
    var returnIt: String { get }
    var cancel: String { get }
    func returned(title: String) -> String
    func extended(title: String, due: String) -> String
    var loanGone: String { get }
    var previousPage: String { get }
    var nextPage: String { get }
    func pageNumber(_ page: Int, of pages: Int, total: Int) -> String

    // 絵本
    var searchBooks: String { get }
    var search: String { get }
    var cover: String { get }
    var author: String { get }
    var state: String { get }
    var lentOut: String { get }
    var available: String { get }
    var withdrawnState: String { get }
    var lostState: String { get }
    var addBook: String { get }
    var edit: String { get }
    var withdraw: String { get }
    var withdrawIt: String { get }
    var lend: String { get }
    var barcode: String { get }
    var isbn: String { get }
    var save: String { get }
    var noBooks: String { get }
    var whoHasIt: String { get }
    var editBookHeading: String { get }
    var bookBarcodeHint: String { get }
    func withdrawWarning(user: String, due: String) -> String
    func withdrawn(title: String) -> String
    func bookSaved(title: String) -> String
    /// A new Book saved with the number it was given.
    func bookNumbered(title: String, barcode: String) -> String
    func userNumbered(name: String, card: String) -> String
    /// The hint beside an empty barcode or card field on an add form.
    var emptyGetsNumber: String { get }
    func noFreeNumber(_ prefix: String, length: Int) -> String
    var titleMissing: String { get }
    var barcodeMissing: String { get }
    var isbnInvalid: String { get }
    func barcodeIsACard(_ code: String) -> String
    func barcodeTaken(_ code: String) -> String
    var unnamedUser: String { get }

    // 貸出 from the page
    var lendHeading: String { get }
    var chooseUser: String { get }
    var choose: String { get }
    func dueWouldBe(_ due: String) -> String
    /// A child's page: 「絵本を貸す」, the field to scan or type the Book in, its hint.
    var lendToUser: String { get }
    var bookToLend: String { get }
    var bookToLendHint: String { get }
    var lendIt: String { get }
    var lendPastRules: String { get }
    func refused(_ refusal: Refusal) -> String
    var overrideExplained: String { get }
    func lent(title: String, user: String, due: String) -> String
    var noUsersFound: String { get }

    // 利用者
    var searchUsers: String { get }
    var card: String { get }
    var loanLimit: String { get }
    var loanLimitHint: String { get }
    var addUser: String { get }
    var editUserHeading: String { get }
    var deactivate: String { get }
    var reactivate: String { get }
    var remove: String { get }
    var inactive: String { get }
    var active: String { get }
    var openLoans: String { get }
    var history: String { get }
    var historyHint: String { get }
    var lentOn: String { get }
    var returnedOn: String { get }
    var noHistory: String { get }
    var nameMissing: String { get }
    var cardMissing: String { get }
    var limitInvalid: String { get }
    func cardIsABook(_ code: String) -> String
    func cardTaken(_ code: String) -> String
    func userSaved(name: String) -> String
    func deactivated(name: String) -> String
    func reactivated(name: String) -> String
    func removed(name: String) -> String
    func removeRefused(name: String, count: Int) -> String
    var ruleLimit: String { get }
    /// An empty value in an import's preview of what changes (「組: なし → うさぎ組」).
    var noValue: String { get }

    // 設定
    var rulesHeading: String { get }
    var loanDays: String { get }
    var closedWeekdays: String { get }
    func weekday(_ day: Weekday) -> String
    var closedDates: String { get }
    var closedDatesHint: String { get }
    var blockOnOverdue: String { get }
    var libraryName: String { get }
    var rulesSaved: String { get }
    var loanLimitInvalid: String { get }
    var loanDaysInvalid: String { get }
    var allWeekdaysClosed: String { get }
    func badDates(_ lines: [String]) -> String
    var staffHeading: String { get }
    var pin: String { get }
    var pinHint: String { get }
    var passwordHint: String { get }
    var addStaff: String { get }
    var newPassword: String { get }
    var setPassword: String { get }
    var hasPassword: String { get }
    var noPassword: String { get }
    func lockedAccount(until time: String) -> String
    func staffAdded(_ name: String) -> String
    func passwordSet(_ name: String) -> String
    func staffRemoved(_ name: String) -> String
    var cannotRemoveYourself: String { get }
    var staffNameMissing: String { get }
    func staffNameTaken(_ name: String) -> String
    var pinInvalid: String { get }
    var pinTaken: String { get }
    var passwordTooShort: String { get }
    var noSuchStaff: String { get }
    var time: String { get }
    var staffMember: String { get }
    var action: String { get }
    var detail: String { get }

    /// A due date or day, with its weekday: `2026年12月3日(木)`, `Thu 3 Dec 2026`.
    func date(_ day: LocalDate) -> String
    /// A time of day and date, for the audit log and lock messages.
    func dateTime(_ time: Date, in zone: TimeZone) -> String
}

extension Language {
    /// The teachers' page's words in this language.
    public var pageWords: any PageWords {
        switch self {
        case .ja: JapanesePageWords()
        case .en: EnglishPageWords()
        }
    }
}
