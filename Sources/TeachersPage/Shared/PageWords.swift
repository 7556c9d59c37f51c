import Foundation
import Language
import Lending

/// Every word the teachers' page shows, in one language. Each language is a type of its own
/// (`JapanesePageWords`, `EnglishPageWords`), so the compiler checks that none lacks a word.
/// The names of links and buttons are contracts: teachers are told them and tests find them.
/// A section's own words are a protocol in its folder (`LoansPageWords`, …, each language's
/// beside it); this composes them with the words several sections share, declared here.
public protocol PageWords: Sendable, SettingsPageWords, UsersPageWords, BooksPageWords, SignInPageWords, HomePageWords, LoansPageWords, SchoolYearPageWords, TransferPageWords, AuditPageWords, LookupPageWords, GuidePageWords {
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
    var name: String { get }
    var password: String { get }
    var signIn: String { get }

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
    func count(_ number: Int) -> String

    // Lists of Loans (貸出中, a Book's and a User's page), and the pager under long lists
    var filter: String { get }
    var user: String { get }
    var title: String { get }
    var dueDate: String { get }
    var overdue: String { get }
    var returnBook: String { get }
    var noLoans: String { get }
    var cancel: String { get }
    var previousPage: String { get }
    var nextPage: String { get }
    func pageNumber(_ page: Int, of pages: Int, total: Int) -> String

    // 絵本
    var search: String { get }
    var state: String { get }
    var lentOut: String { get }
    var edit: String { get }
    var barcode: String { get }
    var isbn: String { get }
    var save: String { get }
    var noBooks: String { get }
    /// The hint beside an empty barcode or card field on an add form.
    var emptyGetsNumber: String { get }
    func noFreeNumber(_ prefix: String, length: Int) -> String
    var barcodeMissing: String { get }
    var unnamedUser: String { get }

    // 貸出 from the page
    var choose: String { get }
    func dueWouldBe(_ due: String) -> String
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
    var remove: String { get }
    var inactive: String { get }
    var cardMissing: String { get }
    var ruleLimit: String { get }
    /// An empty value in an import's preview of what changes (「組: なし → うさぎ組」).
    var noValue: String { get }

    // 設定
    func weekday(_ day: Weekday) -> String
    var action: String { get }

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
