import Foundation
import Testing

/// Staff mode through `bookkiosk simulate`, with a Staff account made by `bookkiosk staff add`.
@Suite("staff mode end to end")
struct StaffEndToEndTests {
    static let pin = "8642"
    static let wrongPIN = "9753"

    func library() throws -> (TemporaryFolder, [String]) {
        let folder = try TemporaryFolder()
        let common = ["--db", folder.path("library.sqlite"), "--config", try folder.write("config.json", #"{"timeZone": "UTC", "language": "en"}"#)]
        let books = "barcode,title\nB0001,ぐりとぐら\nB0002,ももたろう\nB0003,おおきなかぶ\n"
        let users = "card,name,limit\nC0001,はると,1\n"
        for (kind, text) in [("books", books), ("users", users)] {
            let result = try BookKioskBinary.run(["import", kind, try folder.write("\(kind).csv", text)] + common, in: folder.url)
            #expect(result.status == 0, "\(result.errors)")
        }
        let staff = try BookKioskBinary.run(["staff", "add", "Tanaka"] + common, input: Self.pin + "\n", in: folder.url)
        #expect(staff.status == 0, "\(staff.errors)")
        return (folder, common)
    }

    func staffEvents(_ result: BookKioskBinary.Result) throws -> [String] {
        try result.events().compactMap { event in
            switch event["event"] as? String {
            case "staff": "staff \(event["action"] as? String ?? "?")"
            case "refused": "refused \(event["reason"] as? String ?? "?")"
            default: nil
            }
        }
    }

    @Test func everyCommandWithEscAtEachStepAndTheAuditLog() throws {
        let (folder, common) = try library()
        let scenario = """
        C0001
        B0001
        B0002
        @wait 3s
        @key F12
        @type \(Self.wrongPIN)
        @enter
        @type \(Self.pin)
        @enter
        @type l
        @key Esc
        @type l
        C0001
        @key Esc
        @wait 3s
        C0001
        B0002
        @key Esc
        @key Esc
        @type r
        @wait 3s
        B0002
        B0003
        @key Esc
        @type e
        B0001
        @key Esc
        @type b
        B0100
        @type ねないこ
        @key Esc
        @wait 3s
        B0100
        @type ねないこだれだ
        @enter
        @type せなけいこ
        @key Esc
        @enter
        @type せなけいこ
        @enter
        @key Esc
        @type u
        C0100
        @type ゆい
        @enter
        @key Esc
        @type w
        @wait 3s
        B0003
        @key Esc
        @type o
        @key Esc
        @type q
        """
        // Each repeated scan of one barcode comes after a wait: within the debounce window it
        // would be a duplicate, in staff mode as everywhere.
        let result = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00Z"] + common, input: scenario, in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try staffEvents(result) == [
            "refused limitReached", "refused pinWrong", "staff entered", "staff override", "staff forcedReturn",
            "staff extended", "staff registeredBook", "staff registeredUser", "staff withdrew", "staff left",
        ])
        let extended = try #require(try result.events().first { $0["action"] as? String == "extended" })
        #expect(extended["due"] as? String == "2026-12-15")

        let audit = try BookKioskBinary.run(["report", "audit"] + common, in: folder.url)
        #expect(audit.status == 0)
        // "TIME  STAFF  ACTION: DETAIL", the action in the configured language's words.
        let actions = audit.lines.map { line in
            line.components(separatedBy: "  ").dropFirst(2).first.map { String($0.prefix { $0 != ":" && $0 != "—" }).trimmingCharacters(in: .whitespaces) } ?? ""
        }
        #expect(actions == ["Imported a CSV", "Imported a CSV", "Added a Staff member",
                            "Wrong PIN", "Entered staff mode", "Lent past the rules", "Returned by staff", "Extended",
                            "Registered a book", "Registered a user", "Withdrew", "Left staff mode"])
        #expect(audit.output.contains("ねないこだれだ"))

        let export = try BookKioskBinary.run(["export", "loans"] + common, in: folder.url)
        #expect(export.lines.contains { $0.hasPrefix("B0002,ももたろう,C0001,はると,") && $0.hasSuffix(",Tanaka") })
    }

    @Test func lockoutItsExpiryAndTheTimeout() throws {
        let (folder, common) = try library()
        var scenario = ""
        for _ in 1...3 { scenario += "@key F12\n@type \(Self.wrongPIN)\n@enter\n" }
        scenario += """
        @wait 30s
        @key F12
        @wait 30s
        @key F12
        @type \(Self.pin)
        @enter
        @wait 119s
        @type o
        @key Esc
        @wait 120s
        @type q
        """
        let result = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00Z"] + common, input: scenario, in: folder.url)
        let events = try result.events()
        #expect(try staffEvents(result) == ["refused pinWrong", "refused pinWrong", "refused pinLocked", "refused pinLocked", "staff entered", "staff left"])
        let locks = events.filter { $0["reason"] as? String == "pinLocked" }.map { $0["retryAfterSeconds"] as? Int }
        #expect(locks == [60, 30])
        // Staff mode was left by the timeout, 120 s after the last key.
        let left = try #require(events.last { $0["action"] as? String == "left" })
        #expect(left["time"] as? String == "2026-12-01T09:04:59Z")
    }

    @Test func theLockSurvivesARestart() throws {
        let (folder, common) = try library()
        let wrong = String(repeating: "@key F12\n@type \(Self.wrongPIN)\n@enter\n", count: 3)
        _ = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00Z"] + common, input: wrong, in: folder.url)
        let again = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:10Z"] + common,
                                            input: "@key F12\n@type \(Self.pin)\n@enter\n", in: folder.url)
        #expect(try staffEvents(again) == ["refused pinLocked"])
    }

    @Test func aPINNeverAppearsInTheEventsTheLogOrTheDatabase() throws {
        let (folder, common) = try library()
        let scenario = "@key F12\n@type \(Self.wrongPIN)\n@enter\n@type \(Self.pin)\n@enter\n@type q\n"
        let result = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00Z"] + common, input: scenario, in: folder.url)
        #expect(try staffEvents(result) == ["refused pinWrong", "staff entered", "staff left"])
        let audit = try BookKioskBinary.run(["report", "audit"] + common, in: folder.url)
        for pin in [Self.pin, Self.wrongPIN] {
            #expect(!result.output.contains(pin))
            #expect(!result.errors.contains(pin))
            #expect(!audit.output.contains(pin))
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) where file.hasPrefix("library.sqlite") {
                let bytes = try Data(contentsOf: folder.url.appendingPathComponent(file))
                #expect(bytes.range(of: Data(pin.utf8)) == nil, "\(pin) found in \(file)")
            }
        }
    }

    @Test func staffAccountsAddListChangeAndRemove() throws {
        let (folder, common) = try library()
        let again = try BookKioskBinary.run(["staff", "add", "Tanaka"] + common, input: "1111\n", in: folder.url)
        #expect(again.status == 1)
        #expect(again.errors.contains("already has a PIN"))
        let clash = try BookKioskBinary.run(["staff", "add", "Suzuki"] + common, input: Self.pin + "\n", in: folder.url)
        #expect(clash.status == 1)
        #expect(clash.errors.contains("Another Staff member already uses that PIN"))
        let short = try BookKioskBinary.run(["staff", "add", "Suzuki"] + common, input: "12\n", in: folder.url)
        #expect(short.status == 1)
        #expect(short.errors.contains("4 to 12 digits"))
        #expect(try BookKioskBinary.run(["staff", "add", "Suzuki"] + common, input: "2468\n", in: folder.url).status == 0)
        #expect(try BookKioskBinary.run(["staff", "list"] + common, in: folder.url).lines == ["Suzuki", "Tanaka"])
        #expect(try BookKioskBinary.run(["staff", "pin", "Tanaka"] + common, input: "1357\n", in: folder.url).status == 0)
        let entered = try BookKioskBinary.run(["simulate", "--write"] + common, input: "@key F12\n@type 1357\n@enter\n", in: folder.url)
        #expect(try staffEvents(entered) == ["staff entered"])
        #expect(try BookKioskBinary.run(["staff", "remove", "Tanaka"] + common, in: folder.url).status == 0)
        #expect(try BookKioskBinary.run(["staff", "list"] + common, in: folder.url).lines == ["Suzuki"])
        let gone = try BookKioskBinary.run(["staff", "remove", "Tanaka"] + common, in: folder.url)
        #expect(gone.status == 1)
    }
}
