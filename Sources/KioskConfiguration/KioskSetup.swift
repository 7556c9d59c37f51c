import Foundation

/// The configuration and the database a command, the kiosk or the teachers' page works on:
/// read and checked once, the same way for all of them. Reading it opens nothing: the commands
/// open the store (`CommandCore`'s `openRepository`), and the assemblies take it opened.
public struct KioskSetup: Sendable {
    public var configuration: Configuration
    public var databasePath: String
    /// How long a write waits for another program's lock, when `BOOKKIOSK_BUSY_TIMEOUT_MS` sets
    /// it (tests that hold a lock on purpose); nil, as on a kiosk, keeps the store's default.
    public var busyTimeout: Duration?
    /// Problems with configuration keys the command does not need: those keys were left at
    /// their defaults, and the command says so before it runs.
    public var configurationWarnings: [String] = []

    /// Why the configuration or the database cannot be used, worded for the person who ran
    /// the program.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Reads the configuration (`configurationFile`, else the default file if it exists, else
    /// defaults) and settles the database path (`database`, else the configuration's, else the
    /// default).
    /// With `needing`, only those keys must be right (see `Configuration.parse(_:file:needing:)`).
    public init(configurationFile: String?, database: String?, places: Places, needing needed: Set<String>? = nil) throws {
        if let path = configurationFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Failure("The configuration file \(path) cannot be read. Check the path, or leave out --config to use the defaults.")
            }
            (configuration, configurationWarnings) = try Configuration.parse(data, file: path, needing: needed)
        } else if let data = FileManager.default.contents(atPath: places.defaultConfiguration) {
            (configuration, configurationWarnings) = try Configuration.parse(data, file: places.defaultConfiguration, needing: needed)
        } else {
            configuration = Configuration()
        }
        databasePath = database ?? configuration.database ?? places.defaultDatabase
        if let base = places.lookupOverride, configuration.lookup != nil {
            configuration.lookup?.ndlSearch = base
            configuration.lookup?.openBD = base
        }
        if let text = places.environment["BOOKKIOSK_BUSY_TIMEOUT_MS"], let milliseconds = Int(text), milliseconds >= 0 {
            busyTimeout = .milliseconds(milliseconds)
        }
    }
}
