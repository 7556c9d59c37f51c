import Foundation
import KanjiConversion
import Testing

/// Typing Japanese in staff mode through `bookkiosk simulate`: romaji become kana, the Book
/// registered under that title is lent with it, and anthy's kanji where its dictionary is.
@Suite("kana input end to end")
struct KanaInputEndToEndTests {
    static let pin = "8642"
    static let enterStaffMode = "@key F12\n@type \(pin)\n@enter\n"

    func library() throws -> (TemporaryFolder, [String]) {
        let folder = try TemporaryFolder()
        let common = ["--db", folder.path("library.sqlite"), "--config", try folder.write("config.json", #"{"timeZone": "UTC", "language": "ja"}"#)]
        let users = try BookKioskBinary.run(["import", "users", try folder.write("users.csv", "card,name\nC0001,はると\n")] + common, in: folder.url)
        #expect(users.status == 0, "\(users.errors)")
        let staff = try BookKioskBinary.run(["staff", "add", "Tanaka"] + common, input: Self.pin + "\n", in: folder.url)
        #expect(staff.status == 0, "\(staff.errors)")
        return (folder, common)
    }

    func simulate(_ scenario: String, _ common: [String], in folder: TemporaryFolder) throws -> BookKioskBinary.Result {
        let result = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00Z"] + common, input: scenario, in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        return result
    }

    /// The events of `result` as "event action-or-nothing title".
    func summary(_ result: BookKioskBinary.Result) throws -> [String] {
        try result.events().compactMap { event in
            let title = (event["title"] as? String).map { " \($0)" } ?? ""
            switch event["event"] as? String {
            case "staff": return "staff \(event["action"] as? String ?? "?")\(title)"
            case "lent": return "lent\(title)"
            case "refused": return "refused \(event["reason"] as? String ?? "?")"
            default: return nil
            }
        }
    }

    @Test func aBookRegisteredInKanaIsLentUnderItsKanaTitle() throws {
        let (folder, common) = try library()
        let scenario = Self.enterStaffMode + """
        @type b
        B0100
        @key F2
        @type guritogura
        @enter
        @enter
        @key Esc
        @type q
        @wait 3s
        C0001
        B0100
        """
        let result = try simulate(scenario, common, in: folder)
        #expect(try summary(result) == ["staff entered", "staff registeredBook ぐりとぐら", "staff left", "lent ぐりとぐら"])
    }

    /// Kana input is a mode of staff mode: turned on at "scan its label", before the Book is
    /// scanned, it is on in the title, and still on for the next Book's title.
    @Test func kanaTurnedOnAtTheLabelPromptTypesTheTitleInKana() throws {
        let (folder, common) = try library()
        let scenario = Self.enterStaffMode + """
        @type b
        @key F2
        B0100
        @type guritogura
        @enter
        @enter
        B0101
        @type ehon
        @enter
        @enter
        @key Esc
        @type q
        @wait 3s
        C0001
        B0100
        """
        let result = try simulate(scenario, common, in: folder)
        #expect(try summary(result) == [
            "staff entered", "staff registeredBook ぐりとぐら", "staff registeredBook えほん", "staff left", "lent ぐりとぐら",
        ])
    }

    @Test func katakanaSwitchedInMidTitle() throws {
        let (folder, common) = try library()
        let scenario = Self.enterStaffMode + """
        @type b
        B0100
        @key F2
        @type karasuno
        @key F3
        @type pan
        @key F3
        @type yasan
        @enter
        @enter
        @key Esc
        @type q
        @wait 3s
        C0001
        B0100
        """
        let result = try simulate(scenario, common, in: folder)
        #expect(try summary(result) == ["staff entered", "staff registeredBook からすのパンやさん", "staff left", "lent からすのパンやさん"])
    }

    @Test func escEscAndQLeaveStaffModeWithKanaInputOn() throws {
        let (folder, common) = try library()
        let scenario = Self.enterStaffMode + """
        @type b
        B0100
        @key F2
        @key Esc
        @key Esc
        @type q
        """
        let result = try simulate(scenario, common, in: folder)
        #expect(try summary(result) == ["staff entered", "staff left"])
    }

    @Test func backspaceAndAPendingNThroughSimulate() throws {
        let (folder, common) = try library()
        let scenario = Self.enterStaffMode + """
        @type u
        C0100
        @key Zenkaku
        @type kentarox
        @key Backspace
        @key Backspace
        @type n
        @enter
        @key Esc
        @type q
        """
        let result = try simulate(scenario, common, in: folder)
        let registered = try #require(try result.events().first { $0["action"] as? String == "registeredUser" })
        #expect(registered["name"] as? String == "けんたん")
    }

    @Test func doctorSaysWhetherKanjiConversionIsOn() throws {
        let folder = try TemporaryFolder()
        let english = try folder.write("english.json", #"{"language": "en"}"#)
        let result = try BookKioskBinary.run(["doctor", "--db", folder.path("library.sqlite"), "--config", english], in: folder.url)
        let line = try #require(result.lines.first { $0.hasPrefix("ok   kanji: ") || $0.hasPrefix("warn kanji: ") }, "\(result.output)")
        if line.hasPrefix("ok") {
            #expect(line.contains("ほん → 本"))
        } else {
            #expect(line.contains("kanji conversion is off") && line.contains("install the Debian package anthy"))
        }
    }

    /// `hon`, Space, then Space again to cycle: five Books, each registered with the next
    /// candidate, so the test finds 本 among the first few whatever the dictionary's order.
    @Test(.enabled(if: (try? AnthyConverter()) != nil, "anthy or its dictionary is missing (install the Debian package anthy)"))
    func kanjiFromAnthyRegisteredAndLent() throws {
        let (folder, common) = try library()
        let tries = 5
        var scenario = Self.enterStaffMode + "@type b\n"
        for index in 0..<tries {
            scenario += "B010\(index)\n"
            // Kana input, once on, stays on from one title to the next.
            if index == 0 { scenario += "@key F2\n" }
            scenario += "@type hon\n"
            scenario += String(repeating: "@key Space\n", count: index + 1)
            // Enter commits the conversion, Enter ends the title, Enter leaves the author out.
            scenario += "@enter\n@enter\n@enter\n"
        }
        scenario += "@key Esc\n@type q\n"
        let result = try simulate(scenario, common, in: folder)
        #expect(!result.errors.contains("Kanji conversion is off"), "anthy starts in the tests but not in bookkiosk: \(result.errors)")
        let registered = try result.events().filter { $0["action"] as? String == "registeredBook" }
        #expect(registered.count == tries)
        let titles = registered.compactMap { $0["title"] as? String }
        let index = try #require(titles.firstIndex(of: "本"), "本 is not among the first \(tries) candidates of ほん: \(titles)")
        #expect(Set(titles).count == titles.count, "Space cycles through different candidates: \(titles)")

        let lend = try simulate("@wait 3s\nC0001\nB010\(index)\n", common, in: folder)
        #expect(try summary(lend).contains("lent 本"))
    }
}
