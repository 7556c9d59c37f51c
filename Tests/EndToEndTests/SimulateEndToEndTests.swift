import Foundation
import Testing

/// Runs the built `bookkiosk`: imports CSV files, pipes scenarios into `simulate`, and compares
/// the event stream line by line with the expected Outcomes.
@Suite("bookkiosk end to end")
struct SimulateEndToEndTests {
    static let books = "\u{FEFF}barcode,title,author,isbn,status,shelf\r\n"
        + "B0001,ぐりとぐら,なかがわりえこ,9784834000825,available,A\r\n"
        + "B0002,\"はらぺこあおむし, 新装版\",エリック・カール,,available,B\r\n"
        + "B0003,ももたろう,,,withdrawn,\r\n"
        + "B0004,ぐりとぐら,,978-4-8340-0082-5,,\r\n"
    static let users = "card,name,limit,active\nC0001,はると,,yes\nC0002,めい,1,yes\nC0003,そら,,no\n"
    static let config = #"{"timeZone": "Asia/Tokyo", "language": "en"}"#

    /// A library with the sample Books and Users, in a folder of the test's own.
    func library() throws -> (TemporaryFolder, [String]) {
        let folder = try TemporaryFolder()
        let common = ["--db", folder.path("library.sqlite"), "--config", try folder.write("config.json", Self.config)]
        let books = try BookKioskBinary.run(["import", "books", try folder.write("books.csv", Self.books)] + common, in: folder.url)
        #expect(books.status == 0, "\(books.errors)")
        #expect(books.output.contains("4 books added, 0 updated"))
        #expect(books.errors.contains("column \"shelf\" is not one BookKiosk knows"))
        let users = try BookKioskBinary.run(["import", "users", try folder.write("users.csv", Self.users)] + common, in: folder.url)
        #expect(users.status == 0, "\(users.errors)")
        return (folder, common)
    }

    /// Checks each event has `expected`'s fields with its values, plus a time and a message.
    func expectEvents(_ events: [[String: Any]], _ expected: [[String: String]],
                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(events.count == expected.count, "got \(events.map { $0["event"] ?? "?" })", sourceLocation: sourceLocation)
        for (index, (event, fields)) in zip(events, expected).enumerated() {
            for (key, value) in fields {
                #expect(event[key].map { "\($0)" } == value, "event \(index) \(key): \(event)", sourceLocation: sourceLocation)
            }
            #expect((event["message"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
            #expect(event["time"] is String, sourceLocation: sourceLocation)
        }
    }

    @Test func aMorningAtTheKiosk() throws {
        let (folder, common) = try library()
        let scenario = """
        C0001
        B0001
        B0001
        B0002
        B0004
        @wait 3s
        B0001
        @wait 31s
        B0002
        B0003
        C0003
        ☃ not a barcode ☃
        @wait banana
        C0002
        9784834000825
        4834000826
        @at 2026-12-10T09:00:00
        C0002
        B0002
        """
        let result = try BookKioskBinary.run(["simulate", "--now", "2026-12-01T09:00:00"] + common, input: scenario, in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        expectEvents(try result.events(), [
            ["event": "ready", "time": "2026-12-01T09:00:00+09:00"],
            ["event": "greeted", "user": "C0001", "name": "はると", "remaining": "2"],
            ["event": "lent", "user": "C0001", "book": "B0001", "title": "ぐりとぐら", "due": "2026-12-08", "remaining": "1"],
            ["event": "duplicate", "barcode": "B0001"],
            ["event": "lent", "user": "C0001", "book": "B0002", "due": "2026-12-08", "remaining": "0"],
            ["event": "refused", "reason": "limitReached", "user": "C0001", "book": "B0004"],
            ["event": "returned", "user": "C0001", "book": "B0001", "overdueDays": "0", "time": "2026-12-01T09:00:03+09:00", "remaining": "1"],
            ["event": "sessionEnded", "user": "C0001", "time": "2026-12-01T09:00:33+09:00"],
            ["event": "returned", "user": "C0001", "book": "B0002"],
            ["event": "refused", "reason": "bookNotLendable", "book": "B0003"],
            ["event": "refused", "reason": "userInactive", "user": "C0003"],
            ["event": "refused", "reason": "unknownBarcode", "barcode": "☃ not a barcode ☃"],
            ["event": "greeted", "user": "C0002", "name": "めい"],
            // The ISBN finds two copies; B0001 is the first available one.
            ["event": "lent", "user": "C0002", "book": "B0001", "due": "2026-12-08"],
            // The same ISBN as ISBN-10: C0002 has a copy, so it comes back.
            ["event": "returned", "user": "C0002", "book": "B0001"],
            // The clock jumps: the Session ends at its deadline, before the new day's scans.
            ["event": "sessionEnded", "user": "C0002", "time": "2026-12-01T09:01:04+09:00"],
            ["event": "greeted", "user": "C0002"],
            ["event": "lent", "user": "C0002", "book": "B0002", "due": "2026-12-17"],
        ])
        #expect(result.errors.contains("line 13: @wait needs a duration"))
    }

    @Test func overdueLoansBlockAndAreReported() throws {
        let (folder, common) = try library()
        let lend = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00"] + common, input: "C0001\nB0001\n", in: folder.url)
        #expect(lend.status == 0)
        let later = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-09T10:00:00"] + common, input: "C0001\nB0002\n", in: folder.url)
        expectEvents(try later.events(), [
            ["event": "ready"],
            ["event": "greeted", "user": "C0001"],
            ["event": "refused", "reason": "hasOverdue", "user": "C0001", "book": "B0002"],
        ])
        let report = try BookKioskBinary.run(["report", "overdue", "--now", "2026-12-09T10:00:00"] + common, in: folder.url)
        #expect(report.status == 0)
        #expect(report.lines == [
            "Overdue on 2026-12-09: 1 Loan",
            "  はると (C0001): ぐりとぐら (B0001), due 2026-12-08, 1 day overdue",
        ])
        let export = try BookKioskBinary.run(["export", "loans"] + common, in: folder.url)
        #expect(export.lines == [
            "\u{FEFF}book,title,user,name,lentAt,due,returnedAt,overrideBy",
            "B0001,ぐりとぐら,C0001,はると,2026-12-01T09:00:00+09:00,2026-12-08,,",
        ])
    }

    @Test func aBrokenCSVImportsNothingAndNamesEveryBadLine() throws {
        let (folder, common) = try library()
        let broken = "barcode,title,isbn,status\nB0100,ねないこだれだ,,\nB0101,,,\nB0102,x,12345,\nB0103,y,,borrowed\nB0100,again,,\nC0001,card clash,,\n"
        let result = try BookKioskBinary.run(["import", "books", try folder.write("broken.csv", broken)] + common, in: folder.url)
        #expect(result.status == 1)
        for line in ["line 3:", "line 4:", "line 5:", "line 6:", "line 7:"] {
            #expect(result.errors.contains(line), "\(line) missing from: \(result.errors)")
        }
        #expect(!result.errors.contains("line 2:"))
        #expect(result.errors.contains("Nothing was imported"))
        // B0100 was a good row, but nothing was written.
        let scan = try BookKioskBinary.run(["simulate", "--write"] + common, input: "B0100\n", in: folder.url)
        #expect(try scan.events().last?["reason"] as? String == "unknownBarcode")
    }

    @Test func importingAgainUpdatesTheSameBarcodes() throws {
        let (folder, common) = try library()
        let update = "title,barcode\nぐりとぐら（新版）,B0001\n新しいほん,B0009\n"
        let result = try BookKioskBinary.run(["import", "books", try folder.write("update.csv", update)] + common, in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("1 book added, 1 updated"))
        let scan = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00"] + common, input: "C0001\nB0001\nB0003\n", in: folder.url)
        let events = try scan.events()
        #expect(events[2]["title"] as? String == "ぐりとぐら（新版）")
        // Status was not in the file, so B0003 stays withdrawn.
        #expect(events[3]["reason"] as? String == "bookNotLendable")
    }

    @Test func aBadConfigurationStopsTheCommandAndNamesTheKey() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"loanLimit": "lots", "colour": "red"}"#)
        let result = try BookKioskBinary.run(["simulate", "--write", "--config", config, "--db", folder.path("x.sqlite")], input: "C0001\n", in: folder.url)
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("loanLimit:"))
        #expect(result.errors.contains("colour:"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.sqlite")))
    }

    @Test func simulateSurvivesGarbageAndExitsZero() throws {
        let (folder, common) = try library()
        var garbage = ""
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let length = Int.random(in: 1...80, using: &generator)
            garbage += String((0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator))) }) + "\n"
        }
        garbage += "\u{7}\u{1B}[A\n" + String(repeating: "9", count: 500) + "\n"
        let result = try BookKioskBinary.run(["simulate", "--write"] + common, input: garbage, in: folder.url)
        #expect(result.status == 0)
        #expect(try result.events().count >= 2)
    }

    @Test func unknownCommandsAndOptionsAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        let unknown = try BookKioskBinary.run(["lend-everything"], in: folder.url)
        #expect(unknown.status == 2)
        // No configuration: the default one, which speaks Japanese.
        #expect(unknown.errors.contains("「lend-everything」という bookkiosk のコマンドはありません"), "\(unknown.errors)")
        let option = try BookKioskBinary.run(["simulate", "--write", "--speed", "fast"], in: folder.url)
        #expect(option.status == 2)
        #expect(option.errors.contains("--speed is not an option here"))
    }
}

@Suite("privacy")
struct PrivacyEndToEndTests {
    @Test func returnedLoansForgetTheirUserAfterPrivacyDays() throws {
        let folder = try TemporaryFolder()
        let common = ["--db", folder.path("library.sqlite"), "--config", try folder.write("config.json", #"{"timeZone": "UTC", "privacyDays": 30}"#)]
        for (kind, text) in [("books", "barcode,title\nB0001,ぐりとぐら\nB0002,ももたろう\n"), ("users", "card,name\nC0001,はると\n")] {
            #expect(try BookKioskBinary.run(["import", kind, try folder.write("\(kind).csv", text)] + common, in: folder.url).status == 0)
        }
        let scenario = "C0001\nB0001\nB0002\n@wait 5s\nB0001\n@at 2026-12-31T09:00:00\n@at 2027-01-01T09:00:00\n"
        #expect(try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00Z"] + common, input: scenario, in: folder.url).status == 0)
        let export = try BookKioskBinary.run(["export", "loans"] + common, in: folder.url)
        // B0001 came back on 12-01: 31 days later it names no User. B0002 is still out, so it does.
        #expect(export.lines.count == 3)
        #expect(export.lines.contains { $0.hasPrefix("B0001,ぐりとぐら,,,2026-12-01T09:00:00Z,") })
        #expect(export.lines.contains { $0.hasPrefix("B0002,ももたろう,C0001,はると,") })
    }

    @Test func auditEntriesForgetTheChildAfterPrivacyDaysAndKeepTheRest() throws {
        let folder = try TemporaryFolder()
        let common = ["--db", folder.path("library.sqlite"), "--config", try folder.write("config.json", #"{"timeZone": "UTC", "privacyDays": 30, "language": "en"}"#)]
        for (kind, text) in [("books", "barcode,title\nB0001,ぐりとぐら\nB0002,ももたろう\n"), ("users", "card,name\nC0001,はると\nC0002,めい\n")] {
            #expect(try BookKioskBinary.run(["import", kind, try folder.write("\(kind).csv", text)] + common, in: folder.url).status == 0)
        }
        #expect(try BookKioskBinary.run(["staff", "add", "Tanaka"] + common, input: "8642\n", in: folder.url).status == 0)
        // Day 0: Tanaka force-returns nothing yet, extends C0001's Loan. Day 20: registers C0003.
        // Day 31: the daily pass runs; the day-0 entries are over 30 days old, day 20's is not.
        let scenario = """
        C0001
        B0001
        @wait 5s
        @key F12
        @type 8642
        @enter
        @type e
        B0001
        @key Esc
        @type q
        @at 2026-12-21T09:00:00
        @key F12
        @type 8642
        @enter
        @type u
        C0003
        @type yui
        @enter
        @key Esc
        @type q
        @at 2027-01-01T09:00:00
        @at 2027-01-02T09:00:00

        """
        let simulate = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00Z"] + common, input: scenario, in: folder.url)
        #expect(simulate.status == 0, "\(simulate.errors)")
        #expect(simulate.errors.contains("audit entries over 30 days old no longer name their User"), "\(simulate.errors)")
        let report = try BookKioskBinary.run(["report", "audit"] + common, in: folder.url)
        let extended = try #require(report.lines.first { $0.contains("Extended:") }, "\(report.output)")
        #expect(extended.contains("「ぐりとぐら」 (B0001): due Tue 8 Dec 2026 → "), "\(extended)")
        #expect(extended.contains("Tanaka"))
        #expect(!extended.contains("C0001") && !extended.contains("はると"), "\(extended)")
        let registered = try #require(report.lines.first { $0.contains("Registered a user") }, "\(report.output)")
        #expect(registered.hasSuffix("Registered a user — C0003 yui"), "\(registered)")
    }
}
