import Foundation
import KioskConfiguration
import Lending
import LendingPostgres
import LendingSQLite

/// Where a command opens the library the configuration names: the configuration only reads
/// settings, and `KioskAssembly` and `PageAssembly` take a store already opened here.
extension KioskSetup {
    /// The shared database's URL when `databasePath` is a `postgresql://` URL, else nil.
    public var postgresURL: PostgresURL? { PostgresURL(databasePath) }

    /// The database as people may see it: the path, or the URL without its password.
    public var databaseForPeople: String { postgresURL?.redacted ?? databasePath }

    /// How long a write to the SQLite file waits for another program's lock:
    /// `BOOKKIOSK_BUSY_TIMEOUT_MS` when set, else the repository's default.
    public var sqliteBusyTimeout: Duration { busyTimeout ?? SQLiteLendingRepository.defaultBusyTimeout }

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
        return try SQLiteLendingRepository(path: databasePath, busyTimeout: sqliteBusyTimeout)
    }
}
