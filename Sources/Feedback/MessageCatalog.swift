import Lending

/// The words the kiosk says: for each event, the line a child (or a teacher at the kiosk) reads
/// and hears, in one `Language`, and a separate log line for grown-ups.
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

    /// The idle prompt: what the kiosk shows while it waits for a Card.
    public var prompt: String {
        switch language {
        case .ja: "カードをスキャンしてね"
        case .en: "Scan your card"
        }
    }

    /// The message shown on the status line and spoken, for `event`.
    public func message(for event: KioskEvent) -> String {
        switch language {
        case .ja: japanese(event)
        case .en: english(event)
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
    /// since a speech engine reads a kanji name unreliably; the screen shows the name.
    private func called(_ user: User) -> String {
        isSpoken ? user.spokenName : user.name
    }

    private func dueText(_ date: LocalDate) -> String {
        isSpoken ? language.spokenDueDateText(date) : language.dueDateText(date)
    }

    /// The catalog's kanji words and their readings, longest first.
    static let japaneseReadings: [(String, String)] = [
        ("先生モード", "せんせいモード"), ("先生", "せんせい"), ("特別貸出", "とくべつかしだし"),
        ("強制返却", "きょうせいへんきゃく"), ("返却期限切れ", "へんきゃくきげんぎれ"), ("返却期限", "へんきゃくきげん"), ("返却", "へんきゃく"),
        ("貸出", "かしだし"), ("絵本", "えほん"), ("利用者", "りようしゃ"), ("登録", "とうろく"),
        ("入力", "にゅうりょく"), ("秒後", "びょうご"), ("お待ち", "おまち"),
    ]

    // MARK: Japanese

    private func japanese(_ event: KioskEvent) -> String {
        switch event {
        case .ready:
            return prompt
        case .outcome(.greeted(let user, _)):
            return "こんにちは、\(called(user))さん！ ほんをスキャンしてね"
        case .outcome(.lent(let loan, let book, let user, _)):
            return "\(called(user))さん、「\(book.title)」をかりたよ。"
                + "\(dueText(loan.due))までにかえしてね"
        case .outcome(.returned(_, let book, let user, _, _)):
            let who = user.map { "\(called($0))さん、" } ?? ""
            return "\(who)「\(book.title)」をかえしてくれてありがとう！"
        case .outcome(.refused(let refusal, _, let user, let book)):
            return japanese(refusal, user: user, book: book, retryAfterSeconds: nil)
        case .pinRefused(let refusal, let retryAfterSeconds):
            return japanese(refusal, user: nil, book: nil, retryAfterSeconds: retryAfterSeconds)
        case .duplicate:
            return "もうスキャンしたよ"
        case .sessionEnded(let user):
            return "またね、\(called(user))さん！ \(prompt)"
        case .staff(let staff):
            return japanese(staff)
        case .scannerLost:
            return "バーコードリーダーがつながっていないよ。先生をよんでね"
        case .scannerBack:
            return "バーコードリーダーがもどったよ。\(prompt)"
        case .error(let fault) where fault.kind == .databaseUnreachable:
            return "ちょっとまってね。先生をよんでね。かえすほんは、ここにおいていってね"
        case .error:
            return "ちょっとまってね。先生をよんでね。だいじょうぶ、なにもなくなっていないよ"
        case .deferred(let outcome):
            return japanese(.outcome(outcome))
        }
    }

    private func japanese(_ refusal: Refusal, user: User?, book: Book?, retryAfterSeconds: Int?) -> String {
        let who = user.map { "\(called($0))さん、" } ?? ""
        switch refusal {
        case .unknownBarcode:
            return "このバーコードはわからないよ。先生にみせてね"
        case .cardFirst:
            if let book { return "「\(book.title)」をかりるまえに、カードをスキャンしてね" }
            return "さきにカードをスキャンしてね"
        case .userInactive:
            return "\(who)このカードはいまつかえないよ。先生にきいてね"
        case .bookNotLendable:
            let what = book.map { "「\($0.title)」" } ?? "このほん"
            return "\(what)はいまかりられないよ。先生にわたしてね"
        case .hasOverdue:
            return "\(who)まだかえしていないほんがあるよ。さきにかえしてね"
        case .limitReached:
            return "\(who)いまはもうかりられないよ。ほんをかえしたら、またかりてね"
        case .pinWrong:
            return "PINがちがいます。もういちど入力してください"
        case .pinLocked:
            if let retryAfterSeconds {
                return "PINの入力は\(retryAfterSeconds)秒後にできます。しばらくお待ちください"
            }
            return "PINの入力はしばらくできません。しばらくお待ちください"
        }
    }

    private func japanese(_ event: StaffEvent) -> String {
        let staff = event.staff.map { "（\($0)）" } ?? ""
        let title = event.book.map { "「\($0.title)」" } ?? "絵本"
        let who = event.user.map { "\(called($0))さん" } ?? "利用者"
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

    // MARK: English

    private func english(_ event: KioskEvent) -> String {
        switch event {
        case .ready:
            return prompt
        case .outcome(.greeted(let user, _)):
            return "Hello, \(called(user))! Scan a book"
        case .outcome(.lent(let loan, let book, let user, _)):
            return "\(called(user)), you borrowed “\(book.title)”. "
                + "Please bring it back by \(dueText(loan.due))"
        case .outcome(.returned(_, let book, let user, _, _)):
            let who = user.map { ", \(called($0))" } ?? ""
            return "Thank you for bringing back “\(book.title)”\(who)!"
        case .outcome(.refused(let refusal, _, let user, let book)):
            return english(refusal, user: user, book: book, retryAfterSeconds: nil)
        case .pinRefused(let refusal, let retryAfterSeconds):
            return english(refusal, user: nil, book: nil, retryAfterSeconds: retryAfterSeconds)
        case .duplicate:
            return "Already scanned"
        case .sessionEnded(let user):
            return "Bye, \(called(user))! \(prompt)"
        case .staff(let staff):
            return english(staff)
        case .scannerLost:
            return "The scanner is not connected. Please call a teacher"
        case .scannerBack:
            return "The scanner is back. \(prompt)"
        case .error(let fault) where fault.kind == .databaseUnreachable:
            return "Please wait a moment and call a teacher. Books to return can be left here"
        case .error:
            return "Please wait a moment and call a teacher. Don't worry, nothing is lost"
        case .deferred(let outcome):
            return english(.outcome(outcome))
        }
    }

    private func english(_ refusal: Refusal, user: User?, book: Book?, retryAfterSeconds: Int?) -> String {
        let who = user.map { "\(called($0)), " } ?? ""
        switch refusal {
        case .unknownBarcode:
            return "I don't know this barcode. Please show it to a teacher"
        case .cardFirst:
            if let book { return "To borrow “\(book.title)”, scan your card first" }
            return "Scan your card first"
        case .userInactive:
            return capitalized("\(who)this card can't be used right now. Please ask a teacher")
        case .bookNotLendable:
            let what = book.map { "“\($0.title)”" } ?? "This book"
            return "\(what) can't be borrowed right now. Please give it to a teacher"
        case .hasOverdue:
            return capitalized("\(who)please bring back the books you have first")
        case .limitReached:
            return capitalized("\(who)you have all the books you can borrow. Bring one back, then borrow again")
        case .pinWrong:
            return "Wrong PIN. Please try again"
        case .pinLocked:
            if let retryAfterSeconds {
                return "PIN entry is locked. Please try again in \(retryAfterSeconds) seconds"
            }
            return "PIN entry is locked. Please try again later"
        }
    }

    private func english(_ event: StaffEvent) -> String {
        let staff = event.staff.map { " (\($0))" } ?? ""
        let title = event.book.map { "“\($0.title)”" } ?? "the book"
        let who = event.user.map(called) ?? "the user"
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

    private func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
