import Language
import Lending

/// The sentences the kiosk says to a child, in one language: one type per language, so the
/// compiler sees every sentence written in every language, and nothing chooses words by
/// switching on the language in several places. `MessageCatalog` turns an event into a call
/// of its language's phrasebook.
///
/// Japanese sentences are written with a space between phrases (分かち書き, as picture books
/// are), after 、 and 。 too, so a screen breaks lines only at those spaces: never inside a
/// word. A space is where a reader would pause.
///
/// `name` is what the sentence calls the child (`called(_:)`), `title` a Book's title as
/// written, `due` a due date already worded.
public protocol Phrasebook: Sendable {
    /// What a sentence calls `user`: in Japanese the reading (よみがな), which a child who reads
    /// only hiragana can read, else the name.
    func called(_ user: User) -> String
    /// How the screen and the Card show `user`'s name: big what the child reads, small the
    /// name as written, for the grown-ups.
    func shownName(_ user: User) -> ShownName

    /// The idle prompt: what the kiosk shows while it waits for a Card.
    var scanCard: String { get }
    /// The greeting at a Card scan. With `lendRefusal` (the child may not borrow now:
    /// `hasOverdue` or `limitReached`), what to do instead; `overdueTitle` is the title of the
    /// Book to bring back first.
    func greeting(_ name: String, lendRefusal: Refusal?, overdueTitle: String?) -> String
    /// What a child who may not borrow now (`hasOverdue`, `limitReached`) does instead, for
    /// the greeting and the Session's screen; `title` names the Book to bring back first.
    func cannotBorrow(_ lendRefusal: Refusal, title: String?) -> String
    /// After a return that lifted a child's Refusal: they can borrow again.
    var canBorrowAgain: String { get }
    func lent(_ name: String, title: String, due: String) -> String
    /// Thanks for a return; `lifted` is the Refusal the return lifted (the child can borrow
    /// again now), `name` nil when the borrower is not known.
    func returned(_ name: String?, title: String, lifted: Refusal?) -> String
    /// What a child does about a refused scan (never a scolding), `name` and `title` when
    /// known; for a teacher's PIN, what to do, with the seconds until PIN entry opens again.
    func refused(_ refusal: Refusal, name: String?, title: String?, retryAfterSeconds: Int?) -> String
    /// The same barcode again within the debounce window.
    var alreadyScanned: String { get }
    /// Goodbye when a Session ends, then the idle prompt.
    func farewell(_ name: String) -> String
    var scannerLost: String { get }
    var scannerBack: String { get }
    /// The database server is away: returns are kept meanwhile.
    var serverAway: String { get }
    /// The server is away and the kiosk cannot keep one more return: the child keeps the Book.
    var returnNotKept: String { get }
    /// A fault the kiosk survived: nothing was lost.
    var fault: String { get }

    /// A due date as a child hears it, for speech (the spoken sentences are these same
    /// sentences, with this date and the child's reading): `じゅうにがつ みっか もくようび`,
    /// never digits; `Thursday 3 December`.
    func spokenDate(_ date: LocalDate) -> String
}

/// A child's name as a screen or a Card shows it: `read`, big, is what the child reads (the
/// reading in hiragana with さん); `written`, small beside or under it, the name as written
/// (kanji) for the grown-ups, or nil when it would say the same.
public struct ShownName: Sendable, Hashable {
    public var read: String
    public var written: String?

    public init(read: String, written: String? = nil) {
        self.read = read
        self.written = written
    }
}

extension Language {
    /// The phrasebook of this language.
    public var phrasebook: any Phrasebook {
        switch self {
        case .ja: JapanesePhrasebook()
        case .en: EnglishPhrasebook()
        }
    }
}
