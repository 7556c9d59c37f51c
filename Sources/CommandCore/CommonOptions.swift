import KioskConfiguration
import Language

/// What every command shares: `--db` and `--config`, read and checked once (see `KioskSetup`).
public typealias CommonOptions = KioskSetup

extension KioskSetup {
    /// The options every command that opens the library takes (the usage says so once, below
    /// the commands, rather than on every line).
    public static let declared: [CommandOption] = [databaseOption.declaration, configurationOption.declaration]
    /// `--db`: the library's database (a file, or a PostgreSQL URL).
    public static let databaseOption = Option<String>("db", "PATH")
    /// `--config`: the configuration file.
    public static let configurationOption = Option<String>("config", "PATH")

    /// Reads the configuration (`--config`, else the default file if it exists, else defaults)
    /// and settles the database path (`--db`, else the configuration's, else the default).
    public init(_ arguments: Arguments, places: Places) throws {
        try self.init(configurationFile: arguments[Self.configurationOption], database: arguments[Self.databaseOption], places: places)
    }

    /// The keys a command that only reads the library needs (a report, an export, a backup):
    /// where the library is, the language it speaks in, and its time zone.
    public static let readingKeys: Set<String> = ["database", "language", "timeZone"]

    /// For a command that needs only `needed` keys: a mistake in any other key is a warning,
    /// said on `console`, and the command runs with that key's default.
    public init(_ arguments: Arguments, places: Places, needing needed: Set<String>, console: Console) throws {
        try self.init(configurationFile: arguments[Self.configurationOption], database: arguments[Self.databaseOption], places: places, needing: needed)
        for warning in configurationWarnings {
            console.error(commandWords(language).configurationWarning(warning))
        }
    }
}

extension KioskSetup {
    /// The language of the configuration (`"language"`), in which every command speaks.
    public var language: Language { Language(rawValue: configuration.language) ?? .default }
}
