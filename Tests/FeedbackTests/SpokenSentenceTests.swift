import Feedback
import Foundation
import Lending
import Testing

/// What the kiosk says in Japanese for each outcome, as the engine gets it (the screen's
/// sentence with the child's reading, the title's reading where the Book has one, the date as
/// a child hears it, no 分かち書き spaces and no brackets).
@Suite struct SpokenSentenceTests {
    static let yamada = User(card: "C0009", name: "山田 陽翔", reading: "やまだ はると")
    static let book = Book(barcode: "B0050", title: "はじめてのおつかい")
    static let kanjiBook = Book(barcode: "B0051", title: "三びきのやぎのがらがらどん", reading: "さんびきの やぎの がらがらどん")
    static let loan = Loan(id: 9, book: "B0050", user: "C0009", lentAt: Fixtures.morning, due: Fixtures.due)

    struct Case: Sendable, CustomTestStringConvertible {
        var event: KioskEvent
        var said: String
        var testDescription: String { said }
    }

    static let overdue = UserLoans(loans: [.init(book: "B0050", title: "はじめてのおつかい", due: Fixtures.due, isOverdue: true)],
                                   remaining: 1, lendRefusal: .hasOverdue)
    static let full = UserLoans(loans: [], remaining: 0, lendRefusal: .limitReached)
    static let lifted = UserLoans(loans: [], remaining: 1, liftedRefusal: .hasOverdue)

    @Test(arguments: [
        Case(event: .outcome(.greeted(yamada)), said: "こんにちは、やまだはるとさん！ほんをスキャンしてね"),
        Case(event: .outcome(.greeted(yamada, loans: overdue)), said: "やまだはるとさん、さきにはじめてのおつかいをかえしてね"),
        Case(event: .outcome(.greeted(yamada, loans: full)), said: "やまだはるとさん、いまはもういっぱい。かえすほんがあればスキャンしてね"),
        Case(event: .outcome(.lent(loan, book: book, user: yamada)),
             said: "やまだはるとさん、はじめてのおつかいをかりたよ。じゅうにがつみっかもくようびまでにかえしてね"),
        Case(event: .outcome(.lent(loan, book: kanjiBook, user: yamada)),
             said: "やまだはるとさん、さんびきのやぎのがらがらどんをかりたよ。じゅうにがつみっかもくようびまでにかえしてね"),
        Case(event: .outcome(.returned(loan, book: book, user: yamada, overdueDays: 0)),
             said: "やまだはるとさん、はじめてのおつかいをかえしてくれてありがとう！"),
        Case(event: .outcome(.returned(loan, book: book, user: yamada, overdueDays: 2, loans: lifted)),
             said: "やまだはるとさん、はじめてのおつかいをかえしてくれてありがとう！これでまたかりられるよ"),
        Case(event: .outcome(.returned(loan, book: book, user: nil, overdueDays: 0)), said: "はじめてのおつかいをかえしてくれてありがとう！"),
        Case(event: .outcome(.refused(.unknownBarcode, barcode: "X1", user: nil, book: nil)), said: "このバーコードはわからないよ。せんせいにみせてね"),
        Case(event: .outcome(.refused(.cardFirst, barcode: "B0050", user: nil, book: book)),
             said: "はじめてのおつかいをかりるまえに、カードをスキャンしてね"),
        Case(event: .outcome(.refused(.userInactive, barcode: "C0009", user: yamada, book: nil)),
             said: "やまだはるとさん、このカードはいまつかえないよ。せんせいにきいてね"),
        Case(event: .outcome(.refused(.bookNotLendable, barcode: "B0050", user: yamada, book: book)),
             said: "はじめてのおつかいはいまかりられないよ。せんせいにわたしてね"),
        Case(event: .outcome(.refused(.hasOverdue, barcode: "B0050", user: yamada, book: book)),
             said: "やまだはるとさん、まだかえしていないほんがあるよ。さきにかえしてね"),
        Case(event: .outcome(.refused(.limitReached, barcode: "B0050", user: yamada, book: book)),
             said: "やまだはるとさん、いまはもういっぱい。ほんをかえしたら、またかりてね"),
        Case(event: .duplicate(barcode: "B0050"), said: "もうスキャンしたよ"),
        Case(event: .sessionEnded(yamada), said: "またね、やまだはるとさん！カードをスキャンしてね"),
        Case(event: .scannerLost(scanner: "front"), said: "バーコードリーダーがつながっていないよ。せんせいをよんでね"),
        Case(event: .scannerBack(scanner: "front"), said: "バーコードリーダーがもどったよ。カードをスキャンしてね"),
        Case(event: .error(KioskFault(kind: .databaseUnreachable, detail: "")),
             said: "ちょっとまってね。せんせいをよんでね。かえすほんは、ここにおいていってね"),
        Case(event: .error(KioskFault(kind: .databaseBusy, detail: "")),
             said: "ちょっとまってね。せんせいをよんでね。だいじょうぶ、なにもなくなっていないよ"),
    ])
    func eachOutcomeIsSaid(_ example: Case) {
        let said = Utterance(speaking: MessageCatalog(language: .ja).spokenText(for: example.event)).text
        #expect(said == example.said)
        #expect(!said.contains("山田"), "the reading, not the kanji name")
        #expect(!said.contains { $0.isNumber }, "no digits")
    }

    @Test("every spoken sentence ends up in clauses no longer than a clause may be, and each is said")
    func clausesAreShort() {
        let utterance = Utterance(speaking: MessageCatalog(language: .ja).spokenText(for: .outcome(.lent(Self.loan, book: Self.book, user: Self.yamada))))
        #expect(utterance.clauses == ["やまだはるとさん、", "はじめてのおつかいをかりたよ。", "じゅうにがつみっかもくようびまでにかえしてね"])
        #expect(Announcer.isSpoken(.outcome(.greeted(Self.yamada))))
        #expect(!Announcer.isSpoken(.ready), "the start is not said")
        #expect(!Announcer.isSpoken(.deferred(.returned(Self.loan, book: Self.book, user: nil, overdueDays: 0))),
                "nor a return carried out long after its scan")
    }
}
