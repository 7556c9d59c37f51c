import Foundation
import KioskConfiguration

/// One `bookkiosk` command: its name and usage lines, how it reads its words, and what it
/// does. `BookKioskCommands` keeps the table of them, from which `main` both dispatches and
/// prints the usage (swift-argument-parser's `ParsableCommand` is the model).
public protocol Command {
    /// The command's name and usage lines.
    static var configuration: CommandConfiguration { get }
    /// Reads the command's words and options (everything after its name); a wrong command
    /// line throws `Arguments.Invalid`.
    init(_ words: [String], places: Places, console: Console) throws
    /// Does what the command does; a failure worded for people is thrown as a
    /// `CommandFailure` (or any error whose description says what to do).
    func run() throws -> BookKiosk.Status
}

/// What the usage text says about a command, and the names it is called by.
public struct CommandConfiguration: Sendable, Equatable {
    /// One line of the usage: how the command is written, the options that line takes, and
    /// what it does.
    public struct Usage: Sendable, Equatable {
        /// The command's name and its words (`classes add NAME`), without options.
        public var words: String
        /// The options of this line, in the order they are shown.
        public var options: [CommandOption]
        /// What it does; a long one may run over several lines (separated by "\n").
        public var abstract: String

        public init(_ words: String, _ options: any DeclaredOption..., abstract: String) {
            self.words = words
            self.options = options.map(\.declaration)
            self.abstract = abstract
        }

        /// The words, then each option as `CommandOption.synopsis` writes it.
        public var synopsis: String {
            ([words] + options.map(\.synopsis)).joined(separator: " ")
        }
    }

    public var commandName: String
    /// Other names that run the same command (`--help` for `help`).
    public var aliases: [String]
    public var usage: [Usage]
    /// Whether the command takes `--db` and `--config` (every command that opens the library).
    public var takesCommonOptions: Bool

    public init(commandName: String, aliases: [String] = [], takesCommonOptions: Bool = true, usage: [Usage]) {
        self.commandName = commandName
        self.aliases = aliases
        self.takesCommonOptions = takesCommonOptions
        self.usage = usage
    }

    /// Every option the command takes: its usage lines' (each once, by name), and `--db` and
    /// `--config` when `takesCommonOptions`. Its parser accepts these and no others.
    public var options: [CommandOption] {
        var seen: Set<String> = []
        let declared = usage.flatMap(\.options) + (takesCommonOptions ? CommonOptions.declared : [])
        return declared.filter { seen.insert($0.name).inserted }
    }

    /// Where the abstracts start, counted from the start of the line.
    public static let abstractColumn = 32

    /// The command's lines of the usage text: each synopsis indented by two, its abstract in
    /// the abstract column (on a line of its own when the synopsis reaches that far).
    public var usageLines: [String] {
        let indent = String(repeating: " ", count: Self.abstractColumn)
        return usage.flatMap { usage -> [String] in
            let synopsis = "  " + usage.synopsis
            let abstract = usage.abstract.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let first: [String]
            if synopsis.count < Self.abstractColumn {
                first = [synopsis.padding(toLength: Self.abstractColumn, withPad: " ", startingAt: 0) + (abstract.first ?? "")]
            } else {
                first = [synopsis, indent + (abstract.first ?? "")]
            }
            return first + abstract.dropFirst().map { indent + $0 }
        }
    }
}
