import Foundation
import Lending
import LendingPostgres
import LendingSQLite

/// The configuration and the database a command, the kiosk or the teachers' page works on:
/// read and checked once, the same way for all of them.
public struct KioskSetup: Sendable {
    public var configuration: Configuration
    public var databasePath: String
    /// How long a write waits for another program's lock. `BOOKKIOSK_BUSY_TIMEOUT_MS` sets it
    /// for tests that hold a lock on purpose; a kiosk keeps the repository's default.
    public var busyTimeout = SQLiteLendingRepository.defaultBusyTimeout
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

    /// The shared database's URL when `databasePath` is a `postgresql://` URL, else nil.
    public var postgresURL: PostgresURL? { PostgresURL(databasePath) }

    /// The database as people may see it: the path, or the URL without its password.
    public var databaseForPeople: String { postgresURL?.redacted ?? databasePath }

    /// Opens the database: the PostgreSQL one at a `postgresql://` URL, else the SQLite file,
    /// creating it (and its folder) when it does not exist yet. With `connectLater`, a
    /// PostgreSQL server that cannot be reached now is not an error (the kiosk starts and
    /// connects when it can).
    public func openRepository(connectLater: Bool = false) throws -> any LendingRepository {
        if let postgresURL {
            return try PostgresLendingRepository(url: postgresURL, connectLater: connectLater)
        }
        return try openSQLiteRepository()
    }

    /// Opens the SQLite file, creating it (and its folder) when it does not exist yet.
    public func openSQLiteRepository() throws -> SQLiteLendingRepository {
        let folder = (databasePath as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw Failure("The folder \(folder) for the database cannot be created (\(Configuration.describe(error))). Choose another place with --db.")
            }
        }
        return try SQLiteLendingRepository(path: databasePath, busyTimeout: busyTimeout)
    }
}
