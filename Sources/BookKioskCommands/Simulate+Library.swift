import CommandCore
import KioskConfiguration
import Foundation
import Lending
import LendingSQLite

/// Where `simulate` lends and returns. A scenario's lends, returns and (with a `--now` weeks
/// ahead) the privacy pass would otherwise change the real library: children's Loans
/// forgotten, Books shown as lent. So it runs on a copy, and on the library itself only when
/// told to (`--write`).
enum SimulatedLibrary: Equatable {
    /// The library itself (`--write`).
    case library(String)
    /// A consistent copy of the SQLite library at the first path, made at the second.
    case copy(of: String, at: String)
    /// An empty library at the second path: the first, named by the configuration, does not exist yet.
    case empty(for: String, at: String)
    /// A shared PostgreSQL library without `--write`: refused. A copy of it cannot be made
    /// here, and the kiosks' transactions commit one by one, so they cannot be rolled back as
    /// one; the first line says so and nothing is opened.
    case refused(String)

    /// What `simulate` would work on: `write` is `--write`; `scratch` is the folder for a copy.
    static func choose(write: Bool, setup: KioskSetup, scratch: String) -> SimulatedLibrary {
        if write { return .library(setup.databaseForPeople) }
        if setup.postgresURL != nil { return .refused(setup.databaseForPeople) }
        let copy = (scratch as NSString).appendingPathComponent("library.sqlite")
        return FileManager.default.fileExists(atPath: setup.databasePath)
            ? .copy(of: setup.databasePath, at: copy) : .empty(for: setup.databasePath, at: copy)
    }

    /// The folder of the copy or the empty library, which `simulate` makes and removes; nil
    /// when it works on the library itself or not at all.
    var scratch: String? {
        switch self {
        case .copy(_, let path), .empty(_, let path): (path as NSString).deletingLastPathComponent
        case .library, .refused: nil
        }
    }

    /// The line `simulate` starts with, saying what it works on.
    func firstLine(_ say: any CommandWords) -> String {
        switch self {
        case .library(let place): say.simulateWrites(place)
        case .copy(let place, _): say.simulateOnCopy(place)
        case .empty(let place, _): say.simulateOnEmptyLibrary(place)
        case .refused(let place): say.simulateRefusedOnSharedLibrary(place)
        }
    }

    /// Opens what was chosen: the library through `setup`, or the copy (made here with SQLite's
    /// backup API from a read-only connection, so the library is not even migrated); nil for
    /// a refusal. Calls `SQLiteConnection.backup(to:)`.
    func open(_ setup: KioskSetup, connectLater: Bool) throws -> (any LendingRepository)? {
        switch self {
        case .library:
            return try setup.openRepository(connectLater: connectLater)
        case .copy(let source, let path):
            let library = try SQLiteConnection(path: source, mode: .readOnly)
            try library.backup(to: try SQLiteConnection(path: path, mode: .readWriteCreate))
            return try SQLiteLendingRepository(path: path, busyTimeout: setup.sqliteBusyTimeout)
        case .empty(_, let path):
            return try SQLiteLendingRepository(path: path, busyTimeout: setup.sqliteBusyTimeout)
        case .refused:
            return nil
        }
    }
}
