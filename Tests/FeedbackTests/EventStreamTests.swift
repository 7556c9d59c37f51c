import Feedback
import Foundation
import Language
import Lending
import Testing

struct EventLineCase: Sendable, CustomTestStringConvertible {
    var event: KioskEvent
    var message: String
    var line: String
    var testDescription: String { String(line.prefix(40)) }
}

@Suite struct EventStreamTests {
    static let time = "\"time\":\"2026-12-01T09:00:00+09:00\""

    static let cases: [EventLineCase] = [
        EventLineCase(event: .ready, message: "カードをスキャンしてね",
                      line: #"{"event":"ready","time":"2026-12-01T09:00:00+09:00","message":"カードをスキャンしてね"}"#),
        EventLineCase(event: .outcome(.greeted(Fixtures.haruto)), message: "m",
                      line: #"{"event":"greeted","user":"C0001","name":"はると",\#(time),"message":"m"}"#),
        EventLineCase(event: .outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto)), message: "m",
                      line: #"{"event":"lent","user":"C0001","book":"B0042","title":"ぐりとぐら","due":"2026-12-03",\#(time),"message":"m"}"#),
        EventLineCase(event: .outcome(.greeted(Fixtures.haruto, loans: UserLoans(loans: [], remaining: 2))), message: "m",
                      line: #"{"event":"greeted","user":"C0001","name":"はると","loans":[],"remaining":2,\#(time),"message":"m"}"#),
        EventLineCase(event: .outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto, loans: UserLoans(
                          loans: [UserLoans.Entry(book: "B0042", title: "ぐりとぐら", isbn: "9784834000825", due: Fixtures.loan.due),
                                  UserLoans.Entry(book: "B0043", title: "はらぺこ\"あおむし\"", due: Fixtures.loan.due)],
                          remaining: 0))), message: "m",
                      line: #"{"event":"lent","user":"C0001","book":"B0042","title":"ぐりとぐら","due":"2026-12-03","loans":[{"book":"B0042","title":"ぐりとぐら","isbn":"9784834000825","due":"2026-12-03"},{"book":"B0043","title":"はらぺこ\"あおむし\"","due":"2026-12-03"}],"remaining":0,\#(time),"message":"m"}"#),
        EventLineCase(event: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto, overdueDays: 0)),
                      message: "m",
                      line: #"{"event":"returned","user":"C0001","book":"B0042","title":"ぐりとぐら","overdueDays":0,\#(time),"message":"m"}"#),
        EventLineCase(event: .outcome(.returned(Fixtures.loan, book: Fixtures.guri, user: nil, overdueDays: 2)),
                      message: "m",
                      line: #"{"event":"returned","user":"C0001","book":"B0042","title":"ぐりとぐら","overdueDays":2,\#(time),"message":"m"}"#),
        EventLineCase(event: .outcome(.refused(.limitReached, barcode: "B0043", user: Fixtures.haruto, book: Fixtures.caterpillar)),
                      message: "m",
                      line: #"{"event":"refused","reason":"limitReached","user":"C0001","book":"B0043","barcode":"B0043",\#(time),"message":"m"}"#),
        EventLineCase(event: .outcome(.refused(.unknownBarcode, barcode: "X-99", user: nil, book: nil)), message: "m",
                      line: #"{"event":"refused","reason":"unknownBarcode","barcode":"X-99",\#(time),"message":"m"}"#),
        EventLineCase(event: .pinRefused(.pinWrong, retryAfterSeconds: nil), message: "m",
                      line: #"{"event":"refused","reason":"pinWrong",\#(time),"message":"m"}"#),
        EventLineCase(event: .pinRefused(.pinLocked, retryAfterSeconds: 120), message: "m",
                      line: #"{"event":"refused","reason":"pinLocked","retryAfterSeconds":120,\#(time),"message":"m"}"#),
        EventLineCase(event: .duplicate(barcode: "B0043"), message: "m",
                      line: #"{"event":"duplicate","barcode":"B0043",\#(time),"message":"m"}"#),
        EventLineCase(event: .sessionEnded(Fixtures.haruto), message: "m",
                      line: #"{"event":"sessionEnded","user":"C0001",\#(time),"message":"m"}"#),
        EventLineCase(event: .staff(StaffEvent(action: .entered, staff: "山田")), message: "m",
                      line: #"{"event":"staff","action":"entered","staff":"山田",\#(time),"message":"m"}"#),
        EventLineCase(event: .staff(StaffEvent(action: .override, staff: "山田", user: Fixtures.haruto,
                                               book: Fixtures.guri, loan: Fixtures.loan)), message: "m",
                      line: #"{"event":"staff","action":"override","staff":"山田","user":"C0001","book":"B0042","due":"2026-12-03",\#(time),"message":"m"}"#),
        EventLineCase(event: .staff(StaffEvent(action: .extended, staff: "山田", loan: Fixtures.loan)), message: "m",
                      line: #"{"event":"staff","action":"extended","staff":"山田","user":"C0001","book":"B0042","due":"2026-12-03",\#(time),"message":"m"}"#),
        EventLineCase(event: .scannerLost(scanner: "/dev/input/bookkiosk-scanner-0"), message: "m",
                      line: #"{"event":"scannerLost","scanner":"/dev/input/bookkiosk-scanner-0",\#(time),"message":"m"}"#),
        EventLineCase(event: .scannerBack(scanner: "usb-1"), message: "m",
                      line: #"{"event":"scannerBack","scanner":"usb-1",\#(time),"message":"m"}"#),
        EventLineCase(event: .error(KioskFault(kind: .databaseBusy, detail: "database is locked")), message: "m",
                      line: #"{"event":"error","fault":"databaseBusy","detail":"database is locked",\#(time),"message":"m"}"#),
    ]

    @Test(arguments: cases)
    func exactLine(_ example: EventLineCase) throws {
        let line = EventStream.line(for: example.event, message: example.message, at: Fixtures.morning,
                                    timeZone: Fixtures.tokyo)
        #expect(line == example.line)
        #expect(!line.contains("\n"))

        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["event"] as? String == EventStream.name(of: example.event))
        #expect(object["time"] as? String == "2026-12-01T09:00:00+09:00")
        #expect(object["message"] as? String == example.message)
    }

    @Test func everyEventNameIsOneOfTheContract() {
        let names = Set(EventStreamTests.cases.map { EventStream.name(of: $0.event) })
        #expect(names == ["ready", "greeted", "lent", "returned", "refused", "duplicate", "sessionEnded", "staff",
                          "scannerLost", "scannerBack", "error"])
    }

    @Test func stringsAreEscapedAndNonASCIIKept() throws {
        let title = "a\"b\\c\nd\re\tf\u{08}\u{0C}\u{01}\u{1B}[31m\u{7F}é絵本😀\u{2028}"
        let book = Book(barcode: "B1", title: title)
        let event = KioskEvent.outcome(.lent(Fixtures.loan, book: book, user: Fixtures.haruto))
        let line = EventStream.line(for: event, message: "ok", at: Fixtures.morning, timeZone: Fixtures.utc)
        #expect(line.contains(#""title":"a\"b\\c\nd\re\tf\b\f\u0001\u001b[31m\#u{7F}é絵本😀\u2028""#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["title"] as? String == title)
    }

    @Test func messagesOfTheCatalogRoundTrip() throws {
        for language in Language.allCases {
            let catalog = MessageCatalog(language: language)
            for example in MessageCatalogTests.cases {
                let message = catalog.message(for: example.event)
                let line = EventStream.line(for: example.event, message: message, at: Fixtures.morning,
                                            timeZone: Fixtures.tokyo)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(object["message"] as? String == message)
                #expect(line.hasPrefix("{\"event\":"))
                #expect(line.hasSuffix(",\"message\":" + JSONObjectWriter.quoted(message) + "}"))
            }
        }
    }

    struct TimeCase: Sendable {
        var zone: String
        var seconds: TimeInterval
        var text: String
    }

    @Test(arguments: [
        TimeCase(zone: "Asia/Tokyo", seconds: 1_796_083_200, text: "2026-12-01T09:00:00+09:00"),
        TimeCase(zone: "UTC", seconds: 1_796_083_200.75, text: "2026-12-01T00:00:00Z"),
        TimeCase(zone: "America/New_York", seconds: 1_796_083_200, text: "2026-11-30T19:00:00-05:00"),
        TimeCase(zone: "America/New_York", seconds: 1_784_000_000, text: "2026-07-13T23:33:20-04:00"),
        TimeCase(zone: "Asia/Kolkata", seconds: 1_796_083_200, text: "2026-12-01T05:30:00+05:30"),
    ])
    func iso8601(_ example: TimeCase) throws {
        let zone = try #require(TimeZone(identifier: example.zone))
        #expect(EventStream.iso8601(Date(timeIntervalSince1970: example.seconds), in: zone) == example.text)
    }
}
