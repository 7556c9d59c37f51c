import Foundation
import LendingPostgres
import LendingSQLite

/// `bookkiosk copy`: moves a one-box library (a SQLite file) into a shared PostgreSQL
/// database, all or nothing.
public enum LibraryCopy {
    /// Why nothing was copied, worded for the person who asked.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Copies the library at `source` into `target` and says how much it copied. A file that
    /// is not a library is refused before anything is opened for writing.
    public static func copy(from source: String, to target: PostgresURL) throws -> PostgresLendingRepository.CopyCounts {
        guard FileManager.default.fileExists(atPath: source) else {
            throw Failure(description: "There is no library at \(source) to copy. Give the SQLite file with --from.")
        }
        // Looked at first, so a file that is not a library is never turned into one.
        _ = try SQLiteLendingRepository.inspectFile(at: source)
        let from = try SQLiteLendingRepository(path: source)
        let to = try PostgresLendingRepository(url: target)
        return try to.copy(from: from)
    }
}
