import Feedback
import Language
import Lending
import TextInput

/// The screen's own short words, in one `Language`: headlines a child reads at a glance (in
/// hiragana, as children read before kanji), labels and the teacher's step names. Whole
/// sentences come from `MessageCatalog`, the same words the status line and speech use.
public struct ScreenWords: Sendable, Equatable {
    public var language: Language
    public var catalog: MessageCatalog

    public init(language: Language) {
        self.language = language
        catalog = MessageCatalog(language: language)
    }

    private func pick(_ ja: String, _ en: String) -> String {
        language == .ja ? ja : en
    }

    var defaultLibraryName: String { pick("としょかん", "Library") }
    var scanCard: String { catalog.prompt }
    var scanBook: String { pick("ほんを スキャンしてね", "Now scan a book") }
    var hello: String { pick("こんにちは", "Hello") }
    /// A child's name as the screen shows it: the reading big, the name as written small.
    func name(_ user: User) -> ShownName { catalog.phrasebook.shownName(user) }
    /// What a sentence calls the child (the reading, in Japanese).
    func called(_ user: User) -> String { catalog.phrasebook.called(user) }
    func farewell(_ user: User) -> String { pick("またね、 \(called(user))さん！", "Bye, \(called(user))!") }

    /// The line under the slots: how many more the child may borrow, or why not now.
    func borrowMore(_ loans: UserLoans) -> String {
        if loans.lendRefusal == .hasOverdue { return pick("かえしたら また かりられるよ", "Bring it back, then borrow again") }
        let count = loans.remaining
        if count <= 0 { return pick("いまは もう いっぱい", "That's all for now") }
        return pick("あと \(count)さつ かりられるよ", count == 1 ? "You can borrow 1 more" : "You can borrow \(count) more")
    }

    /// What a child who may not borrow now does instead (the Session's big words).
    func cannotBorrow(_ refusal: Refusal) -> String { catalog.phrasebook.cannotBorrow(refusal, title: nil) }
    var canBorrowAgain: String { catalog.phrasebook.canBorrowAgain }

    var emptySlot: String { pick("かりられるよ", "Free") }
    /// A slot the child may fill only after bringing a Book back.
    var lockedSlot: String { pick("かえしてから", "After a return") }
    /// On an overdue Book's slot: short, for the narrowest of eight slots.
    var bringBack: String { pick("かえしてね", "Overdue") }
    var today: String { pick("きょう", "Today") }
    var lentHeadline: String { pick("かりたよ！", "Borrowed!") }
    var returnedHeadline: String { pick("ありがとう！", "Thank you!") }
    /// Under the overdue Book shown big: the Book just scanned, which waits until it is back.
    func scannedMeanwhile(_ title: String) -> String {
        pick("「\(title)」は かえしてから かりようね", "\(title): after that one is back")
    }

    var dueLabel: String { pick("かえす ひ", "Bring it back on") }

    func dueSentence(_ due: LocalDate) -> String {
        pick("\(language.dueDateText(due))までに かえしてね", "Please bring it back by \(language.dueDateText(due))")
    }

    func returnedSentence(_ user: User?) -> String {
        guard let user else { return pick("かえしてくれて ありがとう", "Thanks for bringing it back") }
        return pick("\(called(user))さん、 かえしてくれて ありがとう", "Thanks for bringing it back, \(called(user))")
    }

    /// The weekday as a child says it: `かようび`, `Tuesday`.
    func weekday(_ day: Weekday) -> String {
        language.reading(of: day)
    }

    /// The weekday in one character or three letters, for the due strip: `火`, `Tue`.
    func shortWeekday(_ day: Weekday) -> String {
        language.shortName(of: day)
    }

    /// The big words of a refusal: what happened, in a few words.
    func headline(_ refusal: Refusal) -> String {
        switch refusal {
        case .limitReached: pick("もう\nいっぱい", "All full")
        case .hasOverdue: pick("さきに\nかえしてね", "Bring a book back first")
        case .cardFirst: pick("さきに\nカードを", "Card first")
        case .unknownBarcode: pick("しらない\nバーコード", "I don't know this one")
        case .userInactive: pick("この カードは\nおやすみ", "This card is resting")
        case .bookNotLendable: pick("この ほんは\nかりられないよ", "This book stays here")
        case .pinWrong: pick("PIN が\nちがいます", "Wrong PIN")
        case .pinLocked: pick("PIN は\nしばらく まってね", "PIN entry is locked")
        }
    }

    var alreadyScanned: String { catalog.message(for: .duplicate(barcode: "")) }
    var scannerBack: String { catalog.message(for: .scannerBack(scanner: "")) }
    var callTeacher: String { pick("せんせいを よんでね", "Please call a teacher") }
    var waitAMoment: String { pick("ちょっと まってね", "Just a moment") }
    var nothingLost: String { pick("だいじょうぶ、 なにも なくなっていないよ", "Don't worry, nothing is lost") }

    func scannerLostDetail(_ scanner: String) -> String {
        pick("バーコードリーダー（\(scanner)）がつながっていません。USB をさしなおしてください。",
             "The scanner (\(scanner)) is not connected. Plug it in again.")
    }

    /// The line for the adult a child fetches: what went wrong and what to do, in the screen's
    /// language. In Japanese the store's own words (English, with paths) stay in the log, which
    /// the line names; the fault's kind is kept in brackets for whoever reads the log.
    func troubleDetail(_ fault: KioskFault) -> String {
        guard language == .ja else { return "\(fault.kind.rawValue): \(fault.detail)" }
        let what = switch fault.kind {
        case .databaseBusy: "図書館の データを ほかの プログラムが 使っています。 終わるのを 待つか、 その プログラムを 止めてください。"
        case .databaseFull: "ディスクが いっぱいで 記録できません。 空きを 作ってください。"
        case .databaseReadOnly: "図書館の データに 書き込めません。 置き場所の 権限を 確かめてください。"
        case .database: "図書館の データを 読み書き できません。"
        case .databaseUnreachable: "データベースの サーバーに つながりません。 返された 本は この 機械が 覚えています。"
        case .returnNotKept: "サーバーに つながらず、 この 本の 返却を 覚えて おけません。"
        case .input: "バーコードリーダーか キーボードの 不具合です。"
        }
        return "\(what) くわしくは ログに （\(fault.kind.rawValue)）"
    }

    // MARK: Staff mode

    var staffMode: String { pick("先生モード", "Staff mode") }
    func staffTitle(_ staff: String?) -> String {
        guard let staff, !staff.isEmpty else { return staffMode }
        return pick("先生モード — \(staff) 先生", "Staff mode — \(staff)")
    }

    var pinInstruction: String { pick("PIN を入力して Enter", "Type the PIN, then Enter") }
    var escBack: String { pick("Esc でもどる", "Esc: back") }
    var enterNext: String { pick("Enter で次へ · Esc でもどる", "Enter: next · Esc: back") }

    /// The keys that work in a text field now: the step's own, with kana input's (F2, F3,
    /// Space for kanji), or the conversion's while candidates are shown.
    func fieldKeys(_ composition: TextComposer) -> String {
        catalog.fieldHint(enterNext, composition)
    }
    var pageKeys: String { pick("n つぎ · p まえ · Esc もどる", "n next · p back · Esc") }

    /// The menu's keys and what they do, in the order of DESIGN.md §3.
    var menu: [(key: String, label: String)] {
        language == .ja
            ? [("l", "特別貸出"), ("r", "強制返却"), ("e", "延長"), ("b", "絵本登録"),
               ("u", "利用者登録"), ("w", "除籍"), ("o", "返却期限切れ"), ("q", "おわる")]
            : [("l", "Lend (override)"), ("r", "Force return"), ("e", "Extend"), ("b", "Add a book"),
               ("u", "Add a user"), ("w", "Withdraw"), ("o", "Overdue loans"), ("q", "Leave")]
    }

    /// A staff step's name and what to do in it.
    func step(_ prompt: StaffPrompt) -> (title: String, instruction: String) {
        switch prompt {
        case .idle: return ("", catalog.prompt)
        case .pin: return (staffMode, pinInstruction)
        case .menu: return (pick("メニュー", "Menu"), pick("キーを押してください", "Press a key"))
        case .scanCardToLend: return (pick("特別貸出", "Lend with override"), pick("利用者カードをスキャン", "Scan the library card"))
        case .scanBookToLend(let user):
            return (pick("特別貸出 — \(user.name)さん", "Lend with override — \(user.name)"), pick("かす絵本をスキャン", "Scan the books to lend"))
        case .scanBookToReturn: return (pick("強制返却", "Force return"), pick("絵本をスキャン", "Scan a book"))
        case .scanBookToExtend: return (pick("延長", "Extend"), pick("絵本をスキャン", "Scan a book"))
        case .scanBookToRegister: return (pick("絵本登録", "Add a book"), pick("絵本のバーコードをスキャン", "Scan the book's barcode"))
        case .typeTitle(let barcode, _, _): return (pick("絵本登録 \(barcode)", "Add book \(barcode)"), pick("タイトル", "Title"))
        case .typeAuthor(let barcode, let title, _, _):
            return (pick("絵本登録 \(barcode)「\(title)」", "Add book \(barcode) “\(title)”"), pick("作者（なければ Enter）", "Author (Enter if none)"))
        case .scanCardToRegister: return (pick("利用者登録", "Add a user"), pick("利用者カードをスキャン", "Scan the library card"))
        case .typeName(let card, _, _): return (pick("利用者登録 \(card)", "Add user \(card)"), pick("なまえ", "Name"))
        case .scanBookToWithdraw: return (pick("除籍", "Withdraw"), pick("絵本をスキャン", "Scan a book"))
        case .overdue(nil, _, _): return (pick("返却期限切れ", "Overdue loans"), pick("返却期限切れの貸出はありません", "No loans are overdue"))
        case .overdue(_, let index, let count): return (pick("返却期限切れ \(index + 1)/\(count)", "Overdue \(index + 1)/\(count)"), "")
        }
    }

    func overdueLines(_ entry: OverdueLoan) -> [String] {
        let who = entry.user.map { "\($0.name) (\($0.card))" } ?? (entry.loan.user ?? "—")
        let what = entry.book.map { language == .ja ? "「\($0.title)」 \($0.barcode)" : "“\($0.title)” \($0.barcode)" } ?? entry.loan.book
        let due = language.dueDateText(entry.loan.due)
        let late = pick("返却期限 \(due)（\(entry.days)日すぎ）", "due \(due) (\(entry.days == 1 ? "1 day" : "\(entry.days) days") late)")
        return [who, what, late]
    }
}
