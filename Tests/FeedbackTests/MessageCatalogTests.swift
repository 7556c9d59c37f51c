import Feedback
import Foundation
import Language
import Lending
import Testing

/// One event and what a child reads for it, in both languages.
struct MessageCase: Sendable, CustomTestStringConvertible {
    var name: String
    var event: KioskEvent
    var ja: String
    var en: String
    var testDescription: String { name }
}

@Suite struct MessageCatalogTests {
    static let cases: [MessageCase] = [
        MessageCase(name: "ready", event: .ready, ja: "カードを スキャンしてね", en: "Scan your card"),
        MessageCase(name: "greeted", event: .outcome(.greeted(Fixtures.haruto)),
                    ja: "こんにちは、 はるとさん！ ほんを スキャンしてね", en: "Hello, はると! Scan a book"),
        MessageCase(name: "greeted, a Book overdue: what to do first, at the Card scan",
                    event: .outcome(.greeted(Fixtures.haruto, loans: UserLoans(
                        loans: [UserLoans.Entry(book: "B0042", title: "ぐりとぐら", due: Fixtures.due, isOverdue: true)],
                        remaining: 1, lendRefusal: .hasOverdue))),
                    ja: "はるとさん、 さきに 「ぐりとぐら」を かえしてね", en: "はると, please bring back “ぐりとぐら” first"),
        MessageCase(name: "greeted, every slot full",
                    event: .outcome(.greeted(Fixtures.emma, loans: UserLoans(
                        loans: [UserLoans.Entry(book: "B0042", title: "ぐりとぐら", due: Fixtures.due),
                                UserLoans.Entry(book: "B0043", title: "The Very Hungry Caterpillar", due: Fixtures.due)],
                        remaining: 0, lendRefusal: .limitReached))),
                    ja: "Emmaさん、 いまは もう いっぱい。 かえす ほんが あれば スキャンしてね",
                    en: "Emma, you have all the books you can borrow. If you have one to bring back, scan it"),
        MessageCase(name: "greeted, a kanji name: the reading, which the child reads",
                    event: .outcome(.greeted(User(card: "C9", name: "山田 陽翔", reading: "やまだ はると"))),
                    ja: "こんにちは、 やまだ はるとさん！ ほんを スキャンしてね", en: "Hello, 山田 陽翔! Scan a book"),
        MessageCase(name: "lent", event: .outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto)),
                    ja: "はるとさん、 「ぐりとぐら」を かりたよ。 12月3日(木)までに かえしてね",
                    en: "はると, you borrowed “ぐりとぐら”. Please bring it back by Thursday 3 December"),
        MessageCase(name: "returned",
                    event: .outcome(.returned(Fixtures.caterpillarLoan, book: Fixtures.caterpillar,
                                              user: Fixtures.emma, overdueDays: 0)),
                    ja: "Emmaさん、 「The Very Hungry Caterpillar」を かえしてくれて ありがとう！",
                    en: "Thank you for bringing back “The Very Hungry Caterpillar”, Emma!"),
        MessageCase(name: "returned overdue, the child is not scolded",
                    event: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto, overdueDays: 3)),
                    ja: "はるとさん、 「ぐりとぐら」を かえしてくれて ありがとう！",
                    en: "Thank you for bringing back “ぐりとぐら”, はると!"),
        MessageCase(name: "returned, and the child may borrow again",
                    event: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto, overdueDays: 3,
                                              loans: UserLoans(loans: [], remaining: 2, liftedRefusal: .hasOverdue))),
                    ja: "はるとさん、 「ぐりとぐら」を かえしてくれて ありがとう！ これで また かりられるよ",
                    en: "Thank you for bringing back “ぐりとぐら”, はると! Now you can borrow again"),
        MessageCase(name: "returned, User unknown",
                    event: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: nil, overdueDays: 0)),
                    ja: "「ぐりとぐら」を かえしてくれて ありがとう！",
                    en: "Thank you for bringing back “ぐりとぐら”!"),
        MessageCase(name: "unknownBarcode",
                    event: .outcome(.refused(.unknownBarcode, barcode: "X999", user: Fixtures.haruto, book: nil)),
                    ja: "この バーコードは わからないよ。 せんせいに みせてね",
                    en: "I don't know this barcode. Please show it to a teacher"),
        MessageCase(name: "cardFirst",
                    event: .outcome(.refused(.cardFirst, barcode: "B0042", user: nil, book: Fixtures.guri)),
                    ja: "「ぐりとぐら」を かりる まえに、 カードを スキャンしてね",
                    en: "To borrow “ぐりとぐら”, scan your card first"),
        MessageCase(name: "cardFirst for an ISBN",
                    event: .outcome(.refused(.cardFirst, barcode: "9784834000825", user: nil, book: nil)),
                    ja: "さきに カードを スキャンしてね", en: "Scan your card first"),
        MessageCase(name: "userInactive",
                    event: .outcome(.refused(.userInactive, barcode: "C0002", user: Fixtures.emma, book: nil)),
                    ja: "Emmaさん、 この カードは いま つかえないよ。 せんせいに きいてね",
                    en: "Emma, this card can't be used right now. Please ask a teacher"),
        MessageCase(name: "bookNotLendable",
                    event: .outcome(.refused(.bookNotLendable, barcode: "B0044", user: Fixtures.haruto, book: Fixtures.lost)),
                    ja: "「ぐりとぐら」は いま かりられないよ。 せんせいに わたしてね",
                    en: "“ぐりとぐら” can't be borrowed right now. Please give it to a teacher"),
        MessageCase(name: "hasOverdue",
                    event: .outcome(.refused(.hasOverdue, barcode: "B0043", user: Fixtures.haruto, book: Fixtures.caterpillar)),
                    ja: "はるとさん、 まだ かえしていない ほんが あるよ。 さきに かえしてね",
                    en: "はると, please bring back the books you have first"),
        MessageCase(name: "limitReached",
                    event: .outcome(.refused(.limitReached, barcode: "B0043", user: Fixtures.emma, book: Fixtures.caterpillar)),
                    ja: "Emmaさん、 いまは もう いっぱい。 ほんを かえしたら、 また かりてね",
                    en: "Emma, you have all the books you can borrow. Bring one back, then borrow again"),
        MessageCase(name: "pinWrong", event: .pinRefused(.pinWrong, retryAfterSeconds: nil),
                    ja: "PINが ちがいます。 もういちど 入力してください", en: "Wrong PIN. Please try again"),
        MessageCase(name: "pinLocked", event: .pinRefused(.pinLocked, retryAfterSeconds: 60),
                    ja: "PINの 入力は 60秒後に できます。 しばらく お待ちください",
                    en: "PIN entry is locked. Please try again in 60 seconds"),
        MessageCase(name: "duplicate", event: .duplicate(barcode: "B0042"),
                    ja: "もう スキャンしたよ", en: "Already scanned"),
        MessageCase(name: "sessionEnded", event: .sessionEnded(Fixtures.emma),
                    ja: "またね、 Emmaさん！ カードを スキャンしてね", en: "Bye, Emma! Scan your card"),
        MessageCase(name: "staff entered", event: .staff(StaffEvent(action: .entered, staff: "山田")),
                    ja: "先生モードです（山田）", en: "Staff mode (山田)"),
        MessageCase(name: "staff left", event: .staff(StaffEvent(action: .left, staff: "山田")),
                    ja: "先生モードをおわりました。カードを スキャンしてね", en: "Left staff mode. Scan your card"),
        MessageCase(name: "staff override",
                    event: .staff(StaffEvent(action: .override, staff: "山田", user: Fixtures.haruto,
                                             book: Fixtures.guri, loan: Fixtures.loan)),
                    ja: "特別貸出：「ぐりとぐら」をはるとさんに貸出しました。返却期限は12月3日(木)",
                    en: "Override: lent “ぐりとぐら” to はると, due Thursday 3 December"),
        MessageCase(name: "staff forcedReturn",
                    event: .staff(StaffEvent(action: .forcedReturn, staff: "山田", book: Fixtures.guri)),
                    ja: "強制返却：「ぐりとぐら」を返却しました", en: "Forced return: “ぐりとぐら” is back"),
        MessageCase(name: "staff extended",
                    event: .staff(StaffEvent(action: .extended, staff: "山田", book: Fixtures.guri, loan: Fixtures.loan)),
                    ja: "「ぐりとぐら」の返却期限を12月3日(木)にのばしました",
                    en: "Extended “ぐりとぐら” to Thursday 3 December"),
        MessageCase(name: "staff registeredBook",
                    event: .staff(StaffEvent(action: .registeredBook, staff: "山田", book: Fixtures.guri)),
                    ja: "絵本を登録しました：「ぐりとぐら」", en: "Registered the book “ぐりとぐら”"),
        MessageCase(name: "staff registeredUser",
                    event: .staff(StaffEvent(action: .registeredUser, staff: "山田", user: Fixtures.haruto)),
                    ja: "利用者を登録しました：はるとさん", en: "Registered the user はると"),
        MessageCase(name: "staff withdrew",
                    event: .staff(StaffEvent(action: .withdrew, staff: "山田", book: Fixtures.lost)),
                    ja: "「ぐりとぐら」を貸出できないようにしました", en: "Withdrew “ぐりとぐら”: it can no longer be lent"),
        MessageCase(name: "scannerLost", event: .scannerLost(scanner: "/dev/input/bookkiosk-scanner-0"),
                    ja: "バーコードリーダーが つながっていないよ。 せんせいを よんでね",
                    en: "The scanner is not connected. Please call a teacher"),
        MessageCase(name: "scannerBack", event: .scannerBack(scanner: "/dev/input/bookkiosk-scanner-0"),
                    ja: "バーコードリーダーが もどったよ。 カードを スキャンしてね",
                    en: "The scanner is back. Scan your card"),
        MessageCase(name: "error", event: .error(KioskFault(kind: .databaseBusy, detail: "database is locked (SQLITE_BUSY)")),
                    ja: "ちょっと まってね。 せんせいを よんでね。 だいじょうぶ、 なにも なくなっていないよ",
                    en: "Please wait a moment and call a teacher. Don't worry, nothing is lost"),
    ]

    @Test(arguments: cases)
    func japanese(_ example: MessageCase) {
        #expect(MessageCatalog(language: .ja).message(for: example.event) == example.ja)
    }

    @Test(arguments: cases)
    func english(_ example: MessageCase) {
        #expect(MessageCatalog(language: .en).message(for: example.event) == example.en)
    }

    @Test func japaneseIsTheDefault() {
        #expect(MessageCatalog().language == .ja)
        #expect(Language.default == .ja)
    }

    @Test(arguments: Language.allCases)
    func everyRefusalHasItsOwnMessage(_ language: Language) {
        let catalog = MessageCatalog(language: language)
        let messages = Refusal.allCases.map { refusal -> String in
            switch refusal {
            case .pinWrong, .pinLocked:
                return catalog.message(for: .pinRefused(refusal, retryAfterSeconds: 60))
            default:
                return catalog.message(for: .outcome(.refused(refusal, barcode: "B0043", user: Fixtures.haruto,
                                                              book: Fixtures.caterpillar)))
            }
        }
        #expect(Set(messages).count == Refusal.allCases.count)
        for (refusal, message) in zip(Refusal.allCases, messages) {
            #expect(!message.contains(refusal.rawValue), "\(message) shows the code \(refusal.rawValue)")
        }
    }

    @Test(arguments: Language.allCases)
    func faultDetailsNeverReachTheChild(_ language: Language) {
        let fault = KioskFault(kind: .databaseFull, detail: "SQLITE_FULL: database or disk is full")
        let catalog = MessageCatalog(language: language)
        let message = catalog.message(for: .error(fault))
        #expect(!message.contains("SQLITE"))
        #expect(!message.contains("databaseFull"))
        #expect(catalog.logLine(for: .error(fault)) == "fault databaseFull: SQLITE_FULL: database or disk is full")
    }

    @Test func logLinesTellGrownUpsTheRuleAndTheFix() {
        let catalog = MessageCatalog(language: .ja)
        let refused = KioskEvent.outcome(.refused(.limitReached, barcode: "B0043", user: Fixtures.haruto,
                                                  book: Fixtures.caterpillar))
        #expect(catalog.logLine(for: refused)
                == "refused limitReached: C0001 (はると) holds the loan limit; "
                + "return a Book, or lend with override in staff mode (l)")
        let notLendable = KioskEvent.outcome(.refused(.bookNotLendable, barcode: "B0044", user: Fixtures.haruto,
                                                      book: Fixtures.lost))
        #expect(catalog.logLine(for: notLendable)
                == "refused bookNotLendable: B0044 “ぐりとぐら” is lost; set its status to available to lend it again")
        let lent = KioskEvent.outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto))
        #expect(catalog.logLine(for: lent) == "lent B0042 “ぐりとぐら” to C0001 (はると), due 2026-12-03")
    }

    struct DateCase: Sendable {
        var date: LocalDate
        var ja: String
        var en: String
        var spokenJa: String
    }

    @Test(arguments: [
        DateCase(date: LocalDate(year: 2026, month: 12, day: 3), ja: "12月3日(木)", en: "Thursday 3 December",
                 spokenJa: "じゅうにがつ みっか もくようび"),
        DateCase(date: LocalDate(year: 2027, month: 1, day: 1), ja: "1月1日(金)", en: "Friday 1 January",
                 spokenJa: "いちがつ ついたち きんようび"),
        DateCase(date: LocalDate(year: 2026, month: 4, day: 20), ja: "4月20日(月)", en: "Monday 20 April",
                 spokenJa: "しがつ はつか げつようび"),
        DateCase(date: LocalDate(year: 2026, month: 9, day: 27), ja: "9月27日(日)", en: "Sunday 27 September",
                 spokenJa: "くがつ にじゅうしちにち にちようび"),
    ])
    func dueDates(_ example: DateCase) {
        #expect(Language.ja.dueDateText(example.date) == example.ja)
        #expect(Language.en.dueDateText(example.date) == example.en)
        #expect(JapanesePhrasebook().spokenDate(example.date) == example.spokenJa)
        #expect(EnglishPhrasebook().spokenDate(example.date) == example.en)
    }

    @Test func spokenJapaneseHasNoKanjiOfOurOwn() {
        let catalog = MessageCatalog(language: .ja)
        let lent = KioskEvent.outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto))
        #expect(catalog.spokenText(for: lent) == "はるとさん、 「ぐりとぐら」を かりたよ。 じゅうにがつ みっか もくようびまでに かえしてね")
        for example in MessageCatalogTests.cases {
            let spoken = catalog.spokenText(for: example.event)
            let kanji = spoken.unicodeScalars.filter { (0x4E00...0x9FFF).contains($0.value) && !"山田".unicodeScalars.contains($0) }
            #expect(kanji.isEmpty, "\(example.name): \(spoken)")
        }
        #expect(MessageCatalog(language: .en).spokenText(for: lent) == MessageCatalog(language: .en).message(for: lent))
    }

    @Test("speech and the Japanese sentences say a User's reading; a teacher's message and English the name")
    func spokenReading() {
        let user = User(card: "C9", name: "佐藤 陽翔", reading: "さとう はると")
        let greeted = KioskEvent.outcome(.greeted(user))
        let catalog = MessageCatalog(language: .ja)
        #expect(catalog.spokenText(for: greeted) == "こんにちは、 さとう はるとさん！ ほんを スキャンしてね")
        #expect(catalog.message(for: greeted) == "こんにちは、 さとう はるとさん！ ほんを スキャンしてね")
        #expect(catalog.message(for: .staff(StaffEvent(action: .registeredUser, staff: "山田", user: user))) == "利用者を登録しました：佐藤 陽翔さん")
        #expect(MessageCatalog(language: .en).message(for: greeted) == "Hello, 佐藤 陽翔! Scan a book")
    }

    @Test("a name shown big is the reading with さん, the name as written small; English shows the name")
    func shownNames() {
        let kanji = User(card: "C9", name: "山田 陽翔", reading: "やまだ はると")
        #expect(Language.ja.phrasebook.shownName(kanji) == ShownName(read: "やまだ はるとさん", written: "山田 陽翔"))
        #expect(Language.ja.phrasebook.shownName(Fixtures.haruto) == ShownName(read: "はるとさん"))
        #expect(Language.ja.phrasebook.shownName(User(card: "C8", name: "はると", reading: "はると")) == ShownName(read: "はるとさん"))
        #expect(Language.en.phrasebook.shownName(kanji) == ShownName(read: "山田 陽翔"))
    }

    /// Every Japanese sentence a child reads is written in 分かち書き: no word (a run between
    /// spaces) is longer than a phrase, leaving out the names and titles the sentence quotes.
    @Test(arguments: cases.filter { !$0.name.hasPrefix("staff") && !$0.name.hasPrefix("pin") })
    func japaneseSentencesHaveSpacesBetweenPhrases(_ example: MessageCase) {
        var sentence = MessageCatalog(language: .ja).message(for: example.event)
        for quoted in ["「ぐりとぐら」", "「The Very Hungry Caterpillar」", "12月3日(木)"] {
            sentence = sentence.replacingOccurrences(of: quoted, with: "X")
        }
        let longest = sentence.split(separator: " ").map(\.count).max() ?? 0
        #expect(longest <= 10, "\(example.name): \(sentence)")
    }
}
