import BookLookup
import Feedback
import Foundation
import Lending
import Printing
import ScannerInput

/// The kiosk's configuration: one JSON object, every key optional. Unknown keys and bad values
/// are reported by name, all at once, and the kiosk does not start.
public struct Configuration: Sendable, Equatable {
    public var policy = Policy()
    /// `ja` (default) or `en`.
    public var language = "ja"
    /// Whether cues are played.
    public var sound = true
    /// The command a cue's WAV is handed to, or `none`.
    public var player = "aplay -q"
    /// Whether messages are also spoken, and how: `false`, `true` (the default engine), or
    /// `{"engine": "openjtalk" | "espeak-ng", "rate": 0.8, "voice": …}`. The older top-level
    /// `"voice"` (an espeak-ng voice name) lands in `speech.voice`.
    public var speech = SpeechSettings.off
    /// Whether the file said `speech` at all (the demo speaks by default where it did not).
    public var speechIsGiven = false
    /// Loudness of cues, 0.0 to 1.0.
    public var volume = 0.8
    /// The database file; `--db` wins over it.
    public var database: String?
    /// Days after which a returned Loan forgets its User (kept for counts, not for who read
    /// what). 0: as soon as the day's housekeeping runs after the return.
    public var privacyDays = Configuration.defaultPrivacyDays
    public static let defaultPrivacyDays = 30
    /// The Scanners to open: `[{"match": …, "layout": "us"|"jp", "name": …}]`, where `match` is
    /// a path, a `/dev/input/by-id` name, `vendor:product`, or a name pattern. None: every
    /// device that looks like a scanner.
    public var scanners: [ScannerConfiguration] = []
    /// The evdev keyboard staff type on: `{"match": …, "layout": "us"|"jp"}`, `match` in the
    /// forms a Scanner's takes. None: staff keys come from the terminal `run` is started on.
    public var keyboard: StaffKeyboardConfiguration?
    /// The screen: `{"output": "auto"|"drm"|"window"|"none", "device", "font", "covers"}`.
    public var screen = ScreenConfiguration()
    /// The library's name, printed on Cards and labels.
    public var libraryName = ""
    /// The user's own label sheets (the built-in ones are `Sheet.builtIn`).
    public var sheets: [Sheet] = []
    /// How Users and Books imported without a barcode are numbered.
    public var cardNumbering = BarcodeNumbering.cards
    public var bookNumbering = BarcodeNumbering.books
    /// The teachers' page (`bookkiosk serve`): `{"listen", "certificate", "key", "sessionMinutes"}`.
    public var web = WebConfiguration()
    /// Looking books up by ISBN at NDL Search and openBD: `false` turns it off (nil here);
    /// `{"ndlSearch", "openBD", "timeoutSeconds"}` sets where and how long.
    public var lookup: LookupSettings? = LookupSettings()

    public static let keys: [String] = [
        "loanLimit", "loanDays", "closedWeekdays", "closedDates", "blockOnOverdue",
        "sessionTimeoutSeconds", "debounceSeconds", "timeZone", "language",
        "sound", "player", "speech", "voice", "volume", "database", "scanners", "keyboard", "privacyDays",
        "libraryName", "sheets", "numbering",
        "screen", "web", "lookup",
    ]

    public init() {}

    /// Every problem found in a configuration file, each naming its key.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public var file: String
        public var problems: [String]
        public var description: String {
            (["\(file) has problems, so BookKiosk did not start:"] + problems.map { "  " + $0 }
             + ["Fix them (every key is optional; remove a key to use its default) and start again."])
                .joined(separator: "\n")
        }
    }

    /// Reads a configuration from the JSON text of `file` (the name is only for messages).
    public static func parse(_ data: Data, file: String) throws(Invalid) -> Configuration {
        try parse(data, file: file, needing: nil).configuration
    }

    /// Reads a configuration for a command that needs only the keys `needed` (nil: every key):
    /// a problem with another key leaves that key at its default and comes back as a warning,
    /// so a report or an export still runs. JSON that cannot be read at all is always refused.
    public static func parse(_ data: Data, file: String, needing needed: Set<String>?) throws(Invalid) -> (configuration: Configuration, warnings: [String]) {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw Invalid(file: file, problems: ["the file must hold one JSON object: { \"loanLimit\": 2, … }"])
            }
            object = parsed
        } catch let invalid as Invalid {
            throw invalid
        } catch {
            throw Invalid(file: file, problems: [JSONMistake(in: data, error: error).description])
        }
        var config = Configuration()
        var problems: [String] = []
        var warnings: [String] = []
        var timeZone: TimeZone?

        for key in object.keys.sorted() {
            let value = object[key]!
            let problemsBefore = problems.count
            let configBefore = config
            defer {
                if problems.count > problemsBefore, let needed, !needed.contains(key) {
                    warnings += problems[problemsBefore...]
                    problems.removeSubrange(problemsBefore...)
                    config = configBefore
                }
            }
            func problem(_ text: String) { problems.append("\(key): \(text)") }
            switch key {
            case "loanLimit":
                if let number = wholeNumber(value), number >= 0 { config.policy.loanLimit = number } else { problem("must be a whole number of 0 or more, like 2") }
            case "loanDays":
                if let number = wholeNumber(value), number >= 1, number <= 365 { config.policy.loanDays = number } else { problem("must be a whole number of days from 1 to 365, like 7") }
            case "closedWeekdays":
                if let names = value as? [String], names.allSatisfy({ Weekday(rawValue: $0.lowercased()) != nil }) {
                    let days = Set(names.compactMap { Weekday(rawValue: $0.lowercased()) })
                    if days.count == Weekday.allCases.count { problem("cannot close all seven days: no due date could be set") } else { config.policy.closedWeekdays = days }
                } else {
                    problem("must be a list of weekday names in English, like [\"saturday\", \"sunday\"]")
                }
            case "closedDates":
                if let texts = value as? [String] {
                    let dates = texts.map { LocalDate($0) }
                    if let bad = zip(texts, dates).first(where: { $0.1 == nil }) {
                        problem("\"\(bad.0)\" is not a date written as YYYY-MM-DD, like \"2026-12-29\"")
                    } else {
                        config.policy.closedDates = Set(dates.compactMap { $0 })
                    }
                } else {
                    problem("must be a list of dates, like [\"2026-12-29\", \"2026-12-30\"]")
                }
            case "blockOnOverdue":
                if let flag = boolean(value) { config.policy.blockOnOverdue = flag } else { problem("must be true or false") }
            case "sessionTimeoutSeconds":
                if let seconds = number(value), seconds >= 5, seconds <= 3600 { config.policy.sessionTimeoutSeconds = seconds } else { problem("must be a number of seconds from 5 to 3600, like 30") }
            case "debounceSeconds":
                if let seconds = number(value), seconds >= 0, seconds <= 60 { config.policy.debounceSeconds = seconds } else { problem("must be a number of seconds from 0 to 60, like 2") }
            case "timeZone":
                if let name = value as? String, let zone = TimeZone(identifier: name) { timeZone = zone } else { problem("must be a time zone name, like \"Asia/Tokyo\"") }
            case "language":
                if let name = value as? String, ["ja", "en"].contains(name) { config.language = name } else { problem("must be \"ja\" or \"en\"") }
            case "sound":
                if let flag = boolean(value) { config.sound = flag } else { problem("must be true or false") }
            case "player":
                if let command = value as? String, !command.trimmingCharacters(in: .whitespaces).isEmpty { config.player = command } else { problem("must be a command, like \"aplay -q\", or \"none\"") }
            case "speech":
                config.speechIsGiven = true
                parseSpeech(value, into: &config, problems: &problems)
            case "voice":
                // Kept for older files: the espeak-ng voice. "speech": {"voice"} wins over it.
                if let name = value as? String, !name.isEmpty {
                    if config.speech.voice == nil { config.speech.voice = name }
                } else {
                    problem("must be an espeak-ng voice name, like \"ja\" or \"en-gb\" (or use \"speech\": {\"voice\": …})")
                }
            case "volume":
                if let level = number(value), level >= 0, level <= 1 { config.volume = level } else { problem("must be a number from 0.0 (silent) to 1.0 (loudest), like 0.8") }
            case "database":
                if let path = value as? String, !path.isEmpty { config.database = path } else { problem("must be the path of the database file") }
            case "privacyDays":
                if let days = wholeNumber(value), days >= 0, days <= 3650 { config.privacyDays = days } else { problem("must be a whole number of days from 0 to 3650, like 30") }
            case "scanners":
                parseScanners(value, into: &config, problems: &problems)
            case "keyboard":
                parseKeyboard(value, into: &config, problems: &problems)
            case "screen":
                let (screen, screenProblems) = ScreenConfiguration.parse(value)
                config.screen = screen
                problems += screenProblems
            case "web":
                let (web, webProblems) = WebConfiguration.parse(value)
                config.web = web
                problems += webProblems
            case "lookup":
                let (lookup, lookupProblems) = parseLookup(value)
                config.lookup = lookup
                problems += lookupProblems
            case "libraryName":
                parseLibraryName(value, into: &config, problems: &problems)
            case "sheets":
                parseSheets(value, into: &config, problems: &problems)
            case "numbering":
                parseNumbering(value, into: &config, problems: &problems)
            default:
                let hint = Configuration.keys.first { $0.lowercased() == key.lowercased() }.map { " (did you mean \"\($0)\"?)" } ?? ""
                problem("is not a key BookKiosk knows\(hint); known keys: \(Configuration.keys.joined(separator: ", "))")
            }
        }
        config.policy.timeZone = timeZone ?? .current
        guard problems.isEmpty else { throw Invalid(file: file, problems: problems) }
        return (config, warnings)
    }

    private static func parseScanners(_ value: Any, into config: inout Configuration, problems: inout [String]) {
        guard let entries = value as? [Any] else {
            problems.append("scanners: must be a list, like [{\"match\": \"0c2e:0b61\", \"layout\": \"us\"}]")
            return
        }
        for (index, entry) in entries.enumerated() {
            let label = "scanners[\(index)]"
            guard let fields = entry as? [String: Any] else {
                problems.append("\(label): must be an object with \"match\" and optional \"layout\" and \"name\"")
                continue
            }
            for key in fields.keys.sorted() where !["match", "layout", "name"].contains(key) {
                problems.append("\(label).\(key): is not a key BookKiosk knows; a scanner has match, layout and name")
            }
            guard let match = fields["match"] as? String, !match.isEmpty else {
                problems.append("\(label).match: is required: a device path, a /dev/input/by-id name, vendor:product, or a name pattern")
                continue
            }
            guard fields["layout"].map({ $0 is String }) ?? true else {
                problems.append("\(label).layout: must be \"us\" or \"jp\"")
                continue
            }
            guard fields["name"].map({ $0 is String }) ?? true else {
                problems.append("\(label).name: must be a short text naming the scanner")
                continue
            }
            do {
                config.scanners.append(try ScannerConfiguration(match: match, layout: fields["layout"] as? String,
                                                                name: fields["name"] as? String))
            } catch {
                // The error names the key as "scanners[].layout …"; give it this entry's index and
                // the "key: problem" shape of every other message.
                problems.append(error.description.replacingOccurrences(
                    of: #"^scanners\[\]\.(\w+) "#, with: "\(label).$1: ", options: .regularExpression))
            }
        }
    }

    private static func parseSpeech(_ value: Any, into config: inout Configuration, problems: inout [String]) {
        let example = "like true, or {\"engine\": \"openjtalk\", \"rate\": 0.8}"
        if let flag = boolean(value) {
            config.speech.isOn = flag
            return
        }
        guard let fields = value as? [String: Any] else {
            problems.append("speech: must be true, false or an object, \(example)")
            return
        }
        // An object turns speech on, unless it says "on": false.
        config.speech.isOn = true
        for key in fields.keys.sorted() {
            let field = fields[key]!
            switch key {
            case "on":
                if let flag = boolean(field) { config.speech.isOn = flag } else { problems.append("speech.on: must be true or false") }
            case "engine":
                if let name = field as? String, let engine = SpeechEngine(rawValue: name.lowercased()) {
                    config.speech.engine = engine
                } else {
                    problems.append("speech.engine: must be \"openjtalk\" (Japanese) or \"espeak-ng\"")
                }
            case "rate":
                if let rate = number(field), SpeechSettings.rates.contains(rate) {
                    config.speech.rate = rate
                } else {
                    problems.append("speech.rate: must be a number from \(SpeechSettings.rates.lowerBound) to \(SpeechSettings.rates.upperBound), the share of the engine's normal speed (\(SpeechSettings.defaultRate), the default, suits small children)")
                }
            case "voice":
                if let voice = field as? String, !voice.isEmpty { config.speech.voice = voice } else {
                    problems.append("speech.voice: must be the path of an Open JTalk voice (.htsvoice), or an espeak-ng voice name like \"en-gb\"")
                }
            default:
                problems.append("speech.\(key): is not a key BookKiosk knows; speech has on, engine, rate and voice")
            }
        }
    }

    private static func parseKeyboard(_ value: Any, into config: inout Configuration, problems: inout [String]) {
        guard let fields = value as? [String: Any] else {
            problems.append("keyboard: must be an object, like {\"match\": \"046d:c31c\", \"layout\": \"jp\"}")
            return
        }
        for key in fields.keys.sorted() where !["match", "layout"].contains(key) {
            problems.append("keyboard.\(key): is not a key BookKiosk knows; the keyboard has match and layout")
        }
        guard let match = fields["match"] as? String, !match.isEmpty else {
            problems.append("keyboard.match: is required: a device path, a /dev/input/by-id name, vendor:product, or a name pattern")
            return
        }
        guard fields["layout"].map({ $0 is String }) ?? true else {
            problems.append("keyboard.layout: must be \"us\" or \"jp\"")
            return
        }
        do {
            config.keyboard = try StaffKeyboardConfiguration(match: match, layout: fields["layout"] as? String)
        } catch {
            problems.append("keyboard.\(error.key): \(error.problem)")
        }
    }

    private static func isBoolean(_ value: Any) -> Bool {
        // JSONSerialization gives booleans as NSNumbers of type "c"; numbers 0 and 1 are not.
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func boolean(_ value: Any) -> Bool? {
        isBoolean(value) ? (value as! NSNumber).boolValue : nil
    }

    static func number(_ value: Any) -> Double? {
        guard !isBoolean(value), let number = value as? NSNumber else { return nil }
        return number.doubleValue
    }

    static func wholeNumber(_ value: Any) -> Int? {
        guard let double = number(value), double.rounded() == double, abs(double) < 1e9 else { return nil }
        return Int(double)
    }

    public static func describe(_ error: any Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        return text ?? error.localizedDescription
    }
}
