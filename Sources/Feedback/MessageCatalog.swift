import Language
import Lending

/// The words the kiosk says: for each event, the line a child (or a teacher at the kiosk) reads
/// and hears, in one `Language`, and a separate log line for grown-ups. The children's
/// sentences are the language's `Phrasebook` (one type per language); this type picks the
/// sentence for an event and what it calls the child.
///
/// Children's messages are short and kind, use the child's name and the book's title, give the
/// due date as a weekday and date, and never show an error code. Which rule refused and how to
/// fix it is in `logLine(for:)` only.
public struct MessageCatalog: Sendable, Equatable {
    public var language: Language
    /// Whether messages are being made for espeak-ng rather than the screen.
    private var isSpoken = false

    public init(language: Language = .default) {
        self.language = language
    }

    /// The sentences of the catalog's language.
    public var phrasebook: any Phrasebook { language.phrasebook }

    /// The idle prompt: what the kiosk shows while it waits for a Card.
    public var prompt: String { phrasebook.scanCard }

    /// The message shown on the status line and spoken, for `event`.
    public func message(for event: KioskEvent) -> String {
        let words = phrasebook
        switch event {
        case .ready:
            return words.scanCard
        case .outcome(let outcome), .deferred(let outcome):
            return message(for: outcome)
        case .pinRefused(let refusal, let retryAfterSeconds):
            return words.refused(refusal, name: nil, title: nil, retryAfterSeconds: retryAfterSeconds)
        case .duplicate:
            return words.alreadyScanned
        case .sessionEnded(let user):
            return words.farewell(called(user))
        case .sessionClosed:
            // No goodbye: another child may be at the kiosk, and her scan's answer follows.
            return words.scanCard
        case .staff(let staff):
            return language == .ja ? japanese(staff) : english(staff)
        case .scannerLost:
            return words.scannerLost
        case .scannerBack:
            return words.scannerBack
        case .error(let fault) where fault.kind == .databaseUnreachable:
            return words.serverAway
        case .error(let fault) where fault.kind == .returnNotKept:
            return words.returnNotKept
        case .error:
            return words.fault
        }
    }

    private func message(for outcome: Outcome) -> String {
        let words = phrasebook
        switch outcome {
        case .greeted(let user, let loans):
            return words.greeting(called(user), lendRefusal: loans?.lendRefusal, overdueTitle: loans?.firstOverdue?.title)
        case .lent(let loan, let book, let user, _):
            return words.lent(called(user), title: titled(book), due: dueText(loan.due))
        case .returned(_, let book, let user, _, let loans):
            return words.returned(user.map(called), title: titled(book), lifted: loans?.liftedRefusal)
        case .refused(let refusal, _, let user, let book):
            return words.refused(refusal, name: user.map(called), title: book.map(titled), retryAfterSeconds: nil)
        }
    }

    /// The message for `event` as speech should say it: the same words, with the due date and
    /// the kanji of the catalog's own words in kana, which espeak-ng reads (it spells kanji out).
    public func spokenText(for event: KioskEvent) -> String {
        var speaking = self
        speaking.isSpoken = true
        var text = speaking.message(for: event)
        if language == .ja {
            for (written, spoken) in MessageCatalog.japaneseReadings {
                text = text.replacingOccurrences(of: written, with: spoken)
            }
        }
        return text
    }

    /// What a message calls the User: speech says the reading (よみがな) where there is one,
    /// since a speech engine reads a kanji name unreliably; the screen shows what the
    /// language's phrasebook calls the child (in Japanese the reading too, which a child reads).
    private func called(_ user: User) -> String {
        isSpoken ? user.spokenName : phrasebook.called(user)
    }

    /// What a teacher's message calls the User: the name as written (kanji first, as on the
    /// teachers' page); speech says the reading.
    private func grownUpsName(_ user: User) -> String {
        isSpoken ? user.spokenName : user.name
    }

    /// What a message calls a Book: its title as written; speech says the title's reading
    /// where the Book has one (Open JTalk reads kanji, but a reading is sure).
    private func titled(_ book: Book) -> String {
        isSpoken ? book.reading ?? book.title : book.title
    }

    private func dueText(_ date: LocalDate) -> String {
        isSpoken ? phrasebook.spokenDate(date) : language.dueDateText(date)
    }

    /// The catalog's kanji words and their readings, longest first.
    static let japaneseReadings: [(String, String)] = [
        ("先生モード", "せんせいモード"), ("先生", "せんせい"), ("特別貸出", "とくべつかしだし"),
        ("強制返却", "きょうせいへんきゃく"), ("返却期限切れ", "へんきゃくきげんぎれ"), ("返却期限", "へんきゃくきげん"), ("返却", "へんきゃく"),
        ("貸出", "かしだし"), ("絵本", "えほん"), ("利用者", "りようしゃ"), ("登録", "とうろく"),
        ("入力", "にゅうりょく"), ("秒後", "びょうご"), ("お待ち", "おまち"),
    ]

    // MARK: Staff

    private func japanese(_ event: StaffEvent) -> String {
        let staff = event.staff.map { "（\($0)）" } ?? ""
        let title = event.book.map { "「\($0.title)」" } ?? "絵本"
        let who = event.user.map { "\(grownUpsName($0))さん" } ?? "利用者"
        let due = event.loan.map { dueText($0.due) }
        switch event.action {
        case .entered:
            return "先生モードです\(staff)"
        case .left:
            return "先生モードをおわりました。\(prompt)"
        case .override:
            let dueText = due.map { "。返却期限は\($0)" } ?? ""
            return "特別貸出：\(title)を\(who)に貸出しました\(dueText)"
        case .forcedReturn:
            return "強制返却：\(title)を返却しました"
        case .extended:
            let dueText = due.map { "\($0)に" } ?? ""
            return "\(title)の返却期限を\(dueText)のばしました"
        case .registeredBook:
            return "絵本を登録しました：\(title)"
        case .registeredUser:
            return "利用者を登録しました：\(who)"
        case .withdrew:
            return "\(title)を貸出できないようにしました"
        }
    }

    private func english(_ event: StaffEvent) -> String {
        let staff = event.staff.map { " (\($0))" } ?? ""
        let title = event.book.map { "“\($0.title)”" } ?? "the book"
        let who = event.user.map(grownUpsName) ?? "the user"
        let due = event.loan.map { dueText($0.due) }
        switch event.action {
        case .entered:
            return "Staff mode\(staff)"
        case .left:
            return "Left staff mode. \(prompt)"
        case .override:
            let dueText = due.map { ", due \($0)" } ?? ""
            return "Override: lent \(title) to \(who)\(dueText)"
        case .forcedReturn:
            return "Forced return: \(title) is back"
        case .extended:
            let dueText = due.map { " to \($0)" } ?? ""
            return "Extended \(title)\(dueText)"
        case .registeredBook:
            return "Registered the book \(title)"
        case .registeredUser:
            return "Registered the user \(who)"
        case .withdrew:
            return "Withdrew \(title): it can no longer be lent"
        }
    }
}
