#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Lending
import POSIX

/// A database file the repository will not use, or cannot make, found before SQLite itself
/// reports a fault. Each says in one sentence what to do.
public enum LibraryFileError: RepositoryFault, Equatable, Sendable {
    /// A readable SQLite database that belongs to another program.
    case notALibrary(path: String)
    /// A BookKiosk database made by a newer BookKiosk, with migrations this one does not know.
    case newerSchema(path: String, version: Int, supported: Int)
    /// The file could not be created or replaced; the `Errno` says why.
    case cannotCreate(path: String, Errno)
    /// A stored value that BookKiosk cannot read (edited by hand, or damaged).
    case unreadableValue(path: String, column: String, value: String)

    public var faultKind: RepositoryFaultKind {
        switch self {
        case .notALibrary, .newerSchema: .notALibrary
        case .unreadableValue: .corrupt
        case .cannotCreate(_, let error):
            switch error.rawValue {
            case EACCES, EPERM, EROFS: .readOnly
            case ENOSPC, EDQUOT: .full
            default: .other
            }
        }
    }

    public var description: String {
        switch self {
        case .notALibrary(let path):
            "The file \(path) is not a BookKiosk database (it belongs to another program); check the database path."
        case .newerSchema(let path, let version, let supported):
            "The database \(path) was made by a newer BookKiosk (schema version \(version), this one knows up to \(supported)); update BookKiosk."
        case .cannotCreate(let path, let error):
            "The file \(path) cannot be created (\(error)); check that its folder exists and the kiosk's user may write there."
        case .unreadableValue(let path, let column, let value):
            "The database \(path) holds a value BookKiosk cannot read (\(column) = \(value)); restore it from a backup."
        }
    }
}
