import KioskConfiguration

/// What every command shares: `--db` and `--config`, read and checked once (see `KioskSetup`).
public typealias CommonOptions = KioskSetup

extension KioskSetup {
    /// The options every command that opens the library takes (the usage says so once, below
    /// the commands, rather than on every line).
    public static let declared: [CommandOption] = [.value("db", "PATH"), .value("config", "PATH")]

    /// Reads the configuration (`--config`, else the default file if it exists, else defaults)
    /// and settles the database path (`--db`, else the configuration's, else the default).
    public init(_ arguments: Arguments, places: Places) throws {
        try self.init(configurationFile: arguments.options["config"], database: arguments.options["db"], places: places)
    }
}
