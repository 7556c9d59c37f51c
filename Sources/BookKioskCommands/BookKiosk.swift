import CommandCore
import Foundation
import KioskConfiguration
import Language

/// The `bookkiosk` command line. `main` only splits arguments and hands them here; every
/// command answers with an exit status and a message a person can act on, never a stack trace.
extension BookKiosk {
    static let usage = (["""
    BookKiosk: a self-service lending kiosk for a small library.

    Usage: bookkiosk COMMAND [options]

    """] + commands.flatMap { $0.configuration.usageLines } + ["", commonOptionsLine, """
    --db and the configuration's "database" also take a postgresql:// URL: several kiosks, one library.
    """, "", guides]).joined(separator: "\n")

    /// Where a person reads on: the guides in the source and in the package, and the page's own.
    static let guides = """
    Guides: docs/ in BookKiosk's source (docs/README.md says which is for whom; in Japanese: docs/ja/).
    On a kiosk: /usr/share/bookkiosk/guide/ (導入の手引き, 先生のページの使い方); the teachers' guide is also
    「使い方」 on the teachers' page (bookkiosk serve), at /guide.
    """

    /// Which commands take `--db` and `--config`, from what each declares
    /// (`CommandConfiguration.takesCommonOptions`): `copy` names both of its databases itself,
    /// and `help` and `version` open none.
    static var commonOptionsLine: String {
        let without = commands.map { $0.configuration }.filter { !$0.takesCommonOptions }.map { $0.commandName }
        let which = switch without.count {
        case 0: "Every command"
        case 1: "Every command but \(without[0])"
        default: "Every command but " + without.dropLast().joined(separator: ", ") + " and " + without[without.count - 1]
        }
        return "\(which) takes --db PATH (the database) and --config PATH (the JSON configuration)."
    }

    /// The command called `name` (or by one of its aliases), if there is one.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.configuration.commandName == name || $0.configuration.aliases.contains(name) }
    }

    /// A command line a command refused, and where its usage is. The refusal is worded in the
    /// command's language (its configuration's), which `main` does not know: the pointer to the
    /// usage follows the refusal's own language (Japanese when it has kana).
    static func usageError(_ name: String, _ description: String) -> String {
        guard description.unicodeScalars.contains(where: { (0x3040...0x30FF).contains($0.value) }) else {
            return "\(name): \(description)\(description.hasSuffix(".") ? "" : ".") Run `bookkiosk help` for the usage."
        }
        let sentence = description.hasSuffix("。") ? description : description + "。"
        return "\(name): \(sentence)使い方は `bookkiosk help` で見られます。"
    }

    /// The language of the configuration a command line names (`--config F` or `--config=F`,
    /// as `Arguments` reads them), else of the default configuration, for words said before any
    /// command reads it. A configuration that cannot be read gives the default language: its
    /// own fault is the command's to report.
    static func language(of arguments: [String], places: Places) -> Language {
        var file: String?
        for (index, word) in arguments.enumerated() {
            if word == "--config", index + 1 < arguments.count { file = arguments[index + 1] }
            if word.hasPrefix("--config=") { file = String(word.dropFirst("--config=".count)) }
        }
        let setup = try? KioskSetup(configurationFile: file, database: nil, places: places, needing: ["language"])
        return setup?.language ?? .default
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    public static func main(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let console = Console()
        let places = Places(environment: environment)
        guard let name = arguments.first else {
            console.error(usage)
            return Status.usage.rawValue
        }
        guard let command = command(named: name) else {
            console.error(commandWords(language(of: arguments, places: places)).notACommand(name))
            return Status.usage.rawValue
        }
        do {
            return try command.init(Array(arguments.dropFirst()), places: places, console: console).run().rawValue
        } catch let error as Arguments.Invalid {
            console.error(usageError(name, error.description))
            return Status.usage.rawValue
        } catch {
            console.error(String(describing: error))
            return Status.failure.rawValue
        }
    }
}

/// `bookkiosk help`: the usage text.
struct HelpCommand: Command {
    static let configuration = CommandConfiguration(commandName: "help", aliases: ["--help", "-h"], takesCommonOptions: false,
                                                    usage: [.init("help", abstract: "this text")])

    let console: Console

    init(_ words: [String], places: Places, console: Console) {
        self.console = console
    }

    func run() -> BookKiosk.Status {
        console.print(BookKiosk.usage)
        return .success
    }
}

/// `bookkiosk version` (or `--version`): the program's version alone on the first line, as the
/// Debian package and a script read it (`sed -n 1p`), then the licence it is under.
struct VersionCommand: Command {
    static let configuration = CommandConfiguration(commandName: "version", aliases: ["--version"], takesCommonOptions: false,
                                                    usage: [.init("version", abstract: "the program's version and its licence (also --version)")])

    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        if let word = words.first { throw Arguments.Invalid(description: "version takes no options, not \"\(word)\"") }
        self.console = console
    }

    func run() -> BookKiosk.Status {
        console.print(BookKiosk.version)
        console.print(BookKiosk.licence)
        return .success
    }
}

