import Feedback
import Foundation
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
        MessageCase(name: "ready", event: .ready, ja: "カードをスキャンしてね", en: "Scan your card"),
        MessageCase(name: "greeted", event: .outcome(.greeted(Fixtures.haruto)),
                    ja: "こんにちは、はるとさん！ ほんをスキャンしてね", en: "Hello, はると! Scan a book"),
        MessageCase(name: "lent", event: .outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto)),
                    ja: "はるとさん、「ぐりとぐら」をかりたよ。12月3日(木)までにかえしてね",
                    en: "はると, you borrowed “ぐりとぐら”. Please bring it back by Thursday 3 December"),
        MessageCase(name: "returned",
                    event: .outcome(.returned(Fixtures.caterpillarLoan, book: Fixtures.caterpillar,
                                              user: Fixtures.emma, overdueDays: 0)),
                    ja: "Emmaさん、「The Very Hungry Caterpillar」をかえしてくれてありがとう！",
                    en: "Thank you for bringing back “The Very Hungry Caterpillar”, Emma!"),
        MessageCase(name: "returned overdue, the child is not scolded",
                    event: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto, overdueDays: 3)),
                    ja: "はるとさん、「ぐりとぐら」をかえしてくれてありがとう！",
                    en: "Thank you for bringing back “ぐりとぐら”, はると!"),
        MessageCase(name: "returned, User unknown",
                    event: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: nil, overdueDays: 0)),
                    ja: "「ぐりとぐら」をかえしてくれてありがとう！",
                    en: "Thank you for bringing back “ぐりとぐら”!"),
        MessageCase(name: "unknownBarcode",
                    event: .outcome(.refused(.unknownBarcode, barcode: "X999", user: Fixtures.haruto, book: nil)),
                    ja: "このバーコードはわからないよ。先生にみせてね",
                    en: "I don't know this barcode. Please show it to a teacher"),
        MessageCase(name: "cardFirst",
                    event: .outcome(.refused(.cardFirst, barcode: "B0042", user: nil, book: Fixtures.guri)),
                    ja: "「ぐりとぐら」をかりるまえに、カードをスキャンしてね",
                    en: "To borrow “ぐりとぐら”, scan your card first"),
        MessageCase(name: "cardFirst for an ISBN",
                    event: .outcome(.refused(.cardFirst, barcode: "9784834000825", user: nil, book: nil)),
                    ja: "さきにカードをスキャンしてね", en: "Scan your card first"),
        MessageCase(name: "userInactive",
                    event: .outcome(.refused(.userInactive, barcode: "C0002", user: Fixtures.emma, book: nil)),
                    ja: "Emmaさん、このカードはいまつかえないよ。先生にきいてね",
                    en: "Emma, this card can't be used right now. Please ask a teacher"),
        MessageCase(name: "bookNotLendable",
                    event: .outcome(.refused(.bookNotLendable, barcode: "B0044", user: Fixtures.haruto, book: Fixtures.lost)),
                    ja: "「ぐりとぐら」はいまかりられないよ。先生にわたしてね",
                    en: "“ぐりとぐら” can't be borrowed right now. Please give it to a teacher"),
        MessageCase(name: "hasOverdue",
                    event: .outcome(.refused(.hasOverdue, barcode: "B0043", user: Fixtures.haruto, book: Fixtures.caterpillar)),
                    ja: "はるとさん、まだかえしていないほんがあるよ。さきにかえしてね",
                    en: "はると, please bring back the books you have first"),
        MessageCase(name: "limitReached",
                    event: .outcome(.refused(.limitReached, barcode: "B0043", user: Fixtures.emma, book: Fixtures.caterpillar)),
                    ja: "Emmaさん、いまはもうかりられないよ。ほんをかえしたら、またかりてね",
                    en: "Emma, you have all the books you can borrow. Bring one back, then borrow again"),
        MessageCase(name: "pinWrong", event: .pinRefused(.pinWrong, retryAfterSeconds: nil),
                    ja: "PINがちがいます。もういちど入力してください", en: "Wrong PIN. Please try again"),
        MessageCase(name: "pinLocked", event: .pinRefused(.pinLocked, retryAfterSeconds: 60),
                    ja: "PINの入力は60秒後にできます。しばらくお待ちください",
                    en: "PIN entry is locked. Please try again in 60 seconds"),
        MessageCase(name: "duplicate", event: .duplicate(barcode: "B0042"),
                    ja: "もうスキャンしたよ", en: "Already scanned"),
        MessageCase(name: "sessionEnded", event: .sessionEnded(Fixtures.emma),
                    ja: "またね、Emmaさん！ カードをスキャンしてね", en: "Bye, Emma! Scan your card"),
        MessageCase(name: "staff entered", event: .staff(StaffEvent(action: .entered, staff: "山田")),
                    ja: "先生モードです（山田）", en: "Staff mode (山田)"),
        MessageCase(name: "staff left", event: .staff(StaffEvent(action: .left, staff: "山田")),
                    ja: "先生モードをおわりました。カードをスキャンしてね", en: "Left staff mode. Scan your card"),
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
                    ja: "バーコードリーダーがつながっていないよ。先生をよんでね",
                    en: "The scanner is not connected. Please call a teacher"),
        MessageCase(name: "scannerBack", event: .scannerBack(scanner: "/dev/input/bookkiosk-scanner-0"),
                    ja: "バーコードリーダーがもどったよ。カードをスキャンしてね",
                    en: "The scanner is back. Scan your card"),
        MessageCase(name: "error", event: .error(KioskFault(kind: .databaseBusy, detail: "database is locked (SQLITE_BUSY)")),
                    ja: "ちょっとまってね。先生をよんでね。だいじょうぶ、なにもなくなっていないよ",
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
                 spokenJa: "くがつ 27にち にちようび"),
    ])
    func dueDates(_ example: DateCase) {
        #expect(Language.ja.dueDateText(example.date) == example.ja)
        #expect(Language.en.dueDateText(example.date) == example.en)
        #expect(Language.ja.spokenDueDateText(example.date) == example.spokenJa)
    }

    @Test func spokenJapaneseHasNoKanjiOfOurOwn() {
        let catalog = MessageCatalog(language: .ja)
        let lent = KioskEvent.outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto))
        #expect(catalog.spokenText(for: lent) == "はるとさん、「ぐりとぐら」をかりたよ。じゅうにがつ みっか もくようびまでにかえしてね")
        for example in MessageCatalogTests.cases {
            let spoken = catalog.spokenText(for: example.event)
            let kanji = spoken.unicodeScalars.filter { (0x4E00...0x9FFF).contains($0.value) && !"山田".unicodeScalars.contains($0) }
            #expect(kanji.isEmpty, "\(example.name): \(spoken)")
        }
        #expect(MessageCatalog(language: .en).spokenText(for: lent) == MessageCatalog(language: .en).message(for: lent))
    }

    @Test("speech says a User's reading where there is one; the screen shows the name")
    func spokenReading() {
        let user = User(card: "C9", name: "佐藤 陽翔", reading: "さとう はると")
        let greeted = KioskEvent.outcome(.greeted(user))
        let catalog = MessageCatalog(language: .ja)
        #expect(catalog.spokenText(for: greeted) == "こんにちは、さとう はるとさん！ ほんをスキャンしてね")
        #expect(catalog.message(for: greeted) == "こんにちは、佐藤 陽翔さん！ ほんをスキャンしてね")
    }
}
