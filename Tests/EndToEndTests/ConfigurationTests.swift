import Feedback
import Foundation
import Testing
import Lending
import ScannerInput
@testable import BookKioskCommands
@testable import CommandCore
@testable import KioskConfiguration
@testable import CatalogIO

@Suite("Configuration")
struct ConfigurationTests {
    func parse(_ json: String) throws -> Configuration {
        try Configuration.parse(Data(json.utf8), file: "config.json")
    }

    func problems(_ json: String) -> [String] {
        do {
            _ = try parse(json)
            return []
        } catch let invalid as Configuration.Invalid {
            return invalid.problems
        } catch {
            return ["unexpected error: \(error)"]
        }
    }

    @Test func emptyObjectGivesTheDefaults() throws {
        let config = try parse("{}")
        #expect(config.policy.loanLimit == 2)
        #expect(config.policy.loanDays == 7)
        #expect(config.policy.closedWeekdays == [.saturday, .sunday])
        #expect(config.policy.blockOnOverdue)
        #expect(config.policy.sessionTimeoutSeconds == 30)
        #expect(config.policy.debounceSeconds == 2)
        #expect(config.language == "ja")
        #expect(config.sound)
        #expect(config.player == "aplay -q")
        #expect(config.speech == .off)
        #expect(config.privacyDays == 30)
        #expect(config.keyboard == nil, "without a keyboard, staff keys come from the terminal")
    }

    @Test("speech is true, false or an object of engine, rate and voice; a bad one is named")
    func speechIsReadInEachForm() throws {
        #expect(try parse(#"{"speech": true}"#).speech == .on)
        #expect(try parse(#"{"speech": false}"#).speech == .off)
        #expect(try parse(#"{"speech": {"engine": "openjtalk", "rate": 0.7, "voice": "/opt/v/mei.htsvoice"}}"#).speech
                == SpeechSettings(isOn: true, engine: .openJTalk, rate: 0.7, voice: "/opt/v/mei.htsvoice"))
        #expect(try parse(#"{"speech": {"engine": "espeak-ng"}, "voice": "en-gb"}"#).speech
                == SpeechSettings(isOn: true, engine: .espeakNG, voice: "en-gb"))
        #expect(try parse(#"{"speech": {"voice": "/v.htsvoice"}, "voice": "en-gb"}"#).speech.voice == "/v.htsvoice",
                "speech.voice wins over the older voice")
        #expect(try parse(#"{"speech": {"on": false, "engine": "openjtalk"}}"#).speech.isOn == false)
        #expect(problems(#"{"speech": {"engine": "festival", "rate": 9, "pitch": 1}}"#) == [
            "speech.engine: must be \"openjtalk\" (Japanese) or \"espeak-ng\"",
            "speech.pitch: is not a key BookKiosk knows; speech has on, engine, rate and voice",
            "speech.rate: must be a number from 0.5 to 2.0, the share of the engine's normal speed (0.8, the default, suits small children)",
        ])
        #expect(problems(#"{"speech": "loud"}"#) == ["speech: must be true, false or an object, like true, or {\"engine\": \"openjtalk\", \"rate\": 0.8}"])
    }

    @Test func theStaffKeyboardIsReadInEachFormOfMatch() throws {
        #expect(try parse(#"{"keyboard": {"match": "046d:c31c", "layout": "jp"}}"#).keyboard
            == StaffKeyboardConfiguration(selector: .vendorProduct(vendor: 0x046d, product: 0xc31c), layout: .jp))
        #expect(try parse(#"{"keyboard": {"match": "/dev/input/by-id/usb-Logitech_USB_Keyboard-event-kbd"}}"#).keyboard
            == StaffKeyboardConfiguration(selector: .byID("usb-Logitech_USB_Keyboard-event-kbd"), layout: .us))
        #expect(try parse(#"{"keyboard": {"match": "Logitech*", "layout": "us"}}"#).keyboard?.selector == .namePattern("Logitech*"))
        #expect(try parse(#"{"keyboard": {"match": "/dev/input/event0"}}"#).keyboard?.selector == .path("/dev/input/event0"))
    }

    @Test func aStaffKeyboardProblemSaysWhatToWrite() {
        #expect(problems(#"{"keyboard": {"match": "046d:zzzz"}}"#)
            == ["keyboard.match: “046d:zzzz” is not vendor:product in hex (four hex digits each, e.g. 0c2e:0b61)"])
        #expect(problems(#"{"keyboard": {"match": "x", "layout": "fr"}}"#) == ["keyboard.layout: “fr” is not a layout: use \"us\" or \"jp\""])
        #expect(problems(#"{"keyboard": {"match": "x", "name": "desk"}}"#)
            == ["keyboard.name: is not a key BookKiosk knows; the keyboard has match and layout"])
    }

    @Test func everyPolicyKeyIsRead() throws {
        let config = try parse("""
        {"loanLimit": 3, "loanDays": 14, "closedWeekdays": ["Sunday"], "closedDates": ["2026-12-29"],
         "blockOnOverdue": false, "sessionTimeoutSeconds": 45, "debounceSeconds": 1.5,
         "timeZone": "Asia/Tokyo", "language": "en", "sound": false, "player": "paplay",
         "speech": true, "voice": "en-gb", "volume": 0.5, "database": "/tmp/x.sqlite",
         "scanners": [{"match": "0c2e:0b61", "layout": "jp", "name": "front"}, {"match": "Honeywell*"}]}
        """)
        #expect(config.policy.loanLimit == 3)
        #expect(config.policy.loanDays == 14)
        #expect(config.policy.closedWeekdays == [.sunday])
        #expect(config.policy.closedDates == [LocalDate(year: 2026, month: 12, day: 29)])
        #expect(!config.policy.blockOnOverdue)
        #expect(config.policy.sessionTimeoutSeconds == 45)
        #expect(config.policy.debounceSeconds == 1.5)
        #expect(config.policy.timeZone.identifier == "Asia/Tokyo")
        #expect(config.language == "en")
        #expect(!config.sound)
        #expect(config.player == "paplay")
        #expect(config.speech == SpeechSettings(isOn: true, voice: "en-gb"), "the older top-level voice is espeak-ng's")
        #expect(config.volume == 0.5)
        #expect(config.database == "/tmp/x.sqlite")
        #expect(config.scanners == [
            try ScannerConfiguration(match: "0c2e:0b61", layout: "jp", name: "front"),
            try ScannerConfiguration(match: "Honeywell*"),
        ])
    }

    struct BadCase: CustomStringConvertible, Sendable {
        var json: String
        var key: String
        var description: String { json }
    }

    @Test(arguments: [
        BadCase(json: #"{"loanLimt": 2}"#, key: "loanLimt"),
        BadCase(json: #"{"loanLimit": "two"}"#, key: "loanLimit"),
        BadCase(json: #"{"loanLimit": 2.5}"#, key: "loanLimit"),
        BadCase(json: #"{"loanLimit": true}"#, key: "loanLimit"),
        BadCase(json: #"{"loanDays": 0}"#, key: "loanDays"),
        BadCase(json: #"{"closedWeekdays": ["caturday"]}"#, key: "closedWeekdays"),
        BadCase(json: #"{"closedWeekdays": ["monday","tuesday","wednesday","thursday","friday","saturday","sunday"]}"#, key: "closedWeekdays"),
        BadCase(json: #"{"closedDates": ["2026-02-30"]}"#, key: "closedDates"),
        BadCase(json: #"{"blockOnOverdue": 1}"#, key: "blockOnOverdue"),
        BadCase(json: #"{"sessionTimeoutSeconds": -1}"#, key: "sessionTimeoutSeconds"),
        BadCase(json: #"{"debounceSeconds": "2"}"#, key: "debounceSeconds"),
        BadCase(json: #"{"timeZone": "Mars/Olympus"}"#, key: "timeZone"),
        BadCase(json: #"{"language": "fr"}"#, key: "language"),
        BadCase(json: #"{"volume": 2}"#, key: "volume"),
        BadCase(json: #"{"privacyDays": -1}"#, key: "privacyDays"),
        BadCase(json: #"{"scanners": [{"layout": "jp"}]}"#, key: "scanners[0].match"),
        BadCase(json: #"{"scanners": [{"match": "x", "layout": "de"}]}"#, key: "scanners[0].layout"),
        BadCase(json: #"{"scanners": [{"match": "x", "colour": "red"}]}"#, key: "scanners[0].colour"),
        BadCase(json: #"{"keyboard": "046d:c31c"}"#, key: "keyboard"),
        BadCase(json: #"{"keyboard": [{"match": "046d:c31c"}]}"#, key: "keyboard"),
        BadCase(json: #"{"keyboard": {"layout": "jp"}}"#, key: "keyboard.match"),
        BadCase(json: #"{"keyboard": {"match": ""}}"#, key: "keyboard.match"),
        BadCase(json: #"{"keyboard": {"match": "   "}}"#, key: "keyboard.match"),
        BadCase(json: #"{"keyboard": {"match": "by-id:"}}"#, key: "keyboard.match"),
        BadCase(json: #"{"keyboard": {"match": "0c2e:0bzz"}}"#, key: "keyboard.match"),
        BadCase(json: #"{"keyboard": {"match": "x", "layout": "de"}}"#, key: "keyboard.layout"),
        BadCase(json: #"{"keyboard": {"match": "x", "layout": 1}}"#, key: "keyboard.layout"),
        BadCase(json: #"{"keyboard": {"match": "x", "colour": "red"}}"#, key: "keyboard.colour"),
    ])
    func badValuesAreReportedByName(_ bad: BadCase) {
        let found = problems(bad.json)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix(bad.key + ":") == true, "\(found)")
    }

    @Test func everyProblemIsReportedAtOnce() {
        let found = problems(#"{"loanLimit": -1, "language": "de", "colour": "red"}"#)
        #expect(found.count == 3)
        #expect(found.contains { $0.hasPrefix("colour: is not a key BookKiosk knows") })
    }

    @Test func misspeltKeyGetsASuggestion() {
        #expect(problems(#"{"loanlimit": 3}"#).first?.contains("did you mean \"loanLimit\"") == true)
    }

    @Test(arguments: ["", "not json", "[1,2]", "{\"loanLimit\": 2", "\u{0}\u{1}garbage"])
    func textThatIsNotAJSONObjectIsRefused(_ text: String) {
        #expect(problems(text).count == 1)
    }
}

@Suite("CSV reader")
struct CSVTests {
    @Test func quotedFieldsCRLFAndByteOrderMark() throws {
        let text = "\u{FEFF}barcode,title\r\nB1,\"ぐりとぐら, 新装版\"\r\nB2,\"say \"\"hi\"\"\"\r\n\r\nB3,\"two\nlines\"\r\n"
        let records = try CSV.records(text)
        #expect(records == [
            CSV.Record(line: 1, fields: ["barcode", "title"]),
            CSV.Record(line: 2, fields: ["B1", "ぐりとぐら, 新装版"]),
            CSV.Record(line: 3, fields: ["B2", "say \"hi\""]),
            CSV.Record(line: 5, fields: ["B3", "two\nlines"]),
        ])
    }

    @Test func lastLineWithoutNewlineAndEmptyFields() throws {
        #expect(try CSV.records("a,,c\n,,") == [
            CSV.Record(line: 1, fields: ["a", "", "c"]),
            CSV.Record(line: 2, fields: ["", "", ""]),
        ])
    }

    @Test func unclosedQuoteIsReportedOnItsLine() {
        #expect(throws: CSV.SyntaxError(line: 2, reason: .unclosedQuote)) {
            try CSV.records("a,b\nB1,\"open\nB2,x\n")
        }
    }

    @Test func quoteInsideAnUnquotedFieldIsReported() {
        #expect(throws: CSV.SyntaxError.self) { try CSV.records("a,b\nB1,ab\"c\n") }
    }

    @Test func escapeQuotesOnlyWhenNeeded() {
        #expect(CSV.escape("plain") == "plain")
        #expect(CSV.escape("a,b") == "\"a,b\"")
        #expect(CSV.escape("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }
}

@Suite("Command-line arguments")
struct ArgumentsTests {
    @Test func optionsFlagsAndWords() throws {
        let parsed = try Arguments(["books", "--db", "x.sqlite", "--config=c.json", "b.csv", "--verbose"],
                                   valued: ["db", "config"], flags: ["verbose"])
        #expect(parsed.words == ["books", "b.csv"])
        #expect(parsed.options == ["db": "x.sqlite", "config": "c.json"])
        #expect(parsed.flags == ["verbose"])
    }

    @Test func unknownOptionIsAnError() {
        #expect(throws: Arguments.Invalid.self) { try Arguments(["--dbb", "x"], valued: ["db"], flags: []) }
    }

    @Test func repeatedOptionKeepsEveryValue() throws {
        let parsed = try Arguments(["--map", "A=B", "--db", "x.sqlite", "--map=C=D"], valued: ["map", "db"], flags: [])
        #expect(parsed.values(for: "map") == ["A=B", "C=D"])
        #expect(parsed.options["map"] == "C=D")
        #expect(parsed.values(for: "db") == ["x.sqlite"])
        #expect(parsed.values(for: "config") == [])
    }

    @Test func optionWithoutItsValueIsAnError() {
        #expect(throws: Arguments.Invalid(description: "--db needs a value after it")) {
            try Arguments(["--db"], valued: ["db"], flags: [])
        }
    }
}

@Suite("simulate's lines")
struct SimulationLineTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func directivesAndScans() throws {
        #expect(try SimulationLine.parse("  C0001 \r", timeZone: utc) == .scan("C0001"))
        #expect(try SimulationLine.parse("", timeZone: utc) == .nothing)
        #expect(try SimulationLine.parse("# a comment", timeZone: utc) == .nothing)
        #expect(try SimulationLine.parse("@wait 45s", timeZone: utc) == .wait(seconds: 45))
        #expect(try SimulationLine.parse("@wait 500ms", timeZone: utc) == .wait(seconds: 0.5))
        #expect(try SimulationLine.parse("@wait 2m", timeZone: utc) == .wait(seconds: 120))
        #expect(try SimulationLine.parse("@key F12", timeZone: utc) == .keys([.function(12)]))
        #expect(try SimulationLine.parse("@key Esc", timeZone: utc) == .keys([.escape]))
        #expect(try SimulationLine.parse("@type 12", timeZone: utc) == .keys([.character("1"), .character("2")]))
        #expect(try SimulationLine.parse("@enter", timeZone: utc) == .keys([.enter]))
    }

    @Test func atReadsLocalAndOffsetTimes() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let expected = Date(timeIntervalSince1970: 1_796_083_200) // 2026-12-01T00:00:00Z
        #expect(try SimulationLine.parse("@at 2026-12-01T09:00:00", timeZone: tokyo) == .at(expected))
        #expect(try SimulationLine.parse("@at 2026-12-01T09:00:00+09:00", timeZone: utc) == .at(expected))
        #expect(try SimulationLine.parse("@at 2026-12-01T00:00:00Z", timeZone: tokyo) == .at(expected))
    }

    @Test(arguments: ["@wait banana", "@wait -3s", "@at tomorrow", "@key Hyper", "@type", "@dance"])
    func badDirectivesAreErrors(_ line: String) {
        #expect(throws: SimulationLine.Invalid.self) { try SimulationLine.parse(line, timeZone: utc) }
    }
}

@Suite("The example configuration")
struct ExampleConfigurationTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("kiosk/config.example.json")

    @Test func itIsValidAndShowsEveryKey() throws {
        let data = try Data(contentsOf: Self.file)
        let config = try Configuration.parse(data, file: Self.file.path)
        #expect(config.policy.timeZone.identifier == "Asia/Tokyo")
        #expect(config.scanners.count == 1)
        #expect(config.keyboard?.layout == .jp)
        let text = String(decoding: data, as: UTF8.self)
        // Every key but `database` (the service gives --db) is in the example.
        for key in Configuration.keys where key != "database" {
            #expect(text.contains("\"\(key)\""), "\(key) is missing from kiosk/config.example.json")
        }
    }

    @Test func theConfigurationGuideExplainsEveryKey() throws {
        let guide = Self.file.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/configuration.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        for key in Configuration.keys {
            #expect(text.contains("`\(key)`"), "docs/configuration.md does not explain \(key)")
        }
    }
}

@Suite("Configuration mistakes, as teachers make them")
struct ConfigurationMistakeTests {
    func problems(_ json: String) -> [String] {
        do {
            _ = try Configuration.parse(Data(json.utf8), file: "config.json")
            return []
        } catch {
            return error.problems
        }
    }

    @Test("「“」 typed by a Japanese input method: the line, the column and the cause")
    func typographicQuote() {
        let found = problems("{\n  \"loanLimit\": 2,\n  “language”: \"ja\"\n}\n")
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("line 3, column 3: 「“」 is a quote typed by a Japanese input method"), "\(found)")
    }

    @Test("a full-width colon, a missing comma and a missing brace each say where", arguments: [
        ("{\n\"loanLimit\"：2\n}", "line 2, column 12: 「：」 is a full-width sign"),
        ("{\n \"loanLimit\": 2\n \"loanDays\": 7\n}", "line 3, column 2: "),
        ("{\n \"loanLimit\": 2\n", "the file ends too early"),
    ])
    func otherMistakes(json: String, expected: String) {
        let found = problems(json)
        #expect(found.count == 1)
        #expect(found.first?.contains(expected) == true, "\(found)")
    }

    @Test("a report and an export run with a warning when a key they do not need is wrong; the kiosk's commands refuse")
    func readingCommandsTolerateOtherKeys() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"timeZone": "UTC", "language": "en", "loanDays": 0, "colour": "red"}"#)
        let common = ["--db", folder.path("library.sqlite"), "--config", config]
        let export = try BookKioskBinary.run(["export", "books"] + common, in: folder.url)
        #expect(export.status == 0, "\(export.errors)")
        #expect(export.output.hasPrefix("\u{FEFF}barcode,title"))
        #expect(export.errors.contains("warning: the configuration's loanDays: must be a whole number of days"), "\(export.errors)")
        #expect(export.errors.contains("colour"))
        let report = try BookKioskBinary.run(["report", "overdue", "--now", "2026-12-01T09:00:00Z"] + common, in: folder.url)
        #expect(report.status == 0, "\(report.errors)")
        #expect(report.output.contains("No Loans are overdue on 2026-12-01."))
        let simulate = try BookKioskBinary.run(["simulate", "--write"] + common, in: folder.url)
        #expect(simulate.status != 0)
        #expect(simulate.errors.contains("loanDays"))
    }

    @Test("a wrong language key is not tolerated: every message depends on it")
    func languageIsNeeded() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"language": "fr"}"#)
        let export = try BookKioskBinary.run(["export", "books", "--db", folder.path("library.sqlite"), "--config", config], in: folder.url)
        #expect(export.status != 0)
        #expect(export.errors.contains("language"))
    }
}
