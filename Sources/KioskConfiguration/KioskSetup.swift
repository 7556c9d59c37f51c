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

    /// Why the configuration or the database cannot be used, worded for the person who ran
    /// the program.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Reads the configuration (`configurationFile`, else the default file if it exists, else
    /// defaults) and settles the database path (`database`, else the configuration's, else the
    /// default).
    public init(configurationFile: String?, database: String?, places: Places) throws {
        if let path = configurationFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Failure("The configuration file \(path) cannot be read. Check the path, or leave out --config to use the defaults.")
            }
            configuration = try Configuration.parse(data, file: path)
        } else if let data = FileManager.default.contents(atPath: places.defaultConfiguration) {
            configuration = try Configuration.parse(data, file: places.defaultConfiguration)
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
