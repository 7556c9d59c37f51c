import CSQLite
import Lending

/// A failure reported by SQLite, keeping what a person needs to act on it: the result code,
/// SQLite's message, the SQL that was running and the database file.
public struct SQLiteError: RepositoryFault, CustomDebugStringConvertible, Equatable, Sendable {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_READONLY_DBMOVED`, …).
    public var extendedCode: Int32
    /// SQLite's own message (`sqlite3_errmsg`), e.g. "database is locked".
    public var message: String
    /// The SQL that failed, when a statement did.
    public var sql: String?
    /// The database file, when known.
    public var path: String?

    public init(extendedCode: Int32, message: String, sql: String? = nil, path: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
    }

    // Extended result codes are C macros that Swift does not import; these are their values.
    /// `SQLITE_CONSTRAINT_UNIQUE`: a UNIQUE constraint or unique index refused a row.
    public static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key refused a row.
    public static let constraintForeignKey: Int32 = SQLITE_CONSTRAINT | (3 << 8)
    /// `SQLITE_ABORT_ROLLBACK`: the transaction a statement belonged to was rolled back.
    public static let abortRollback: Int32 = SQLITE_ABORT | (2 << 8)

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_FULL`, …): the low byte of the extended code.
    public var code: Int32 { extendedCode & 0xFF }

    /// What kind of trouble this is, for the kiosk to say. The repository always opens its
    /// file for writing, so a file that cannot be opened (`SQLITE_CANTOPEN`) counts as read-only.
    public var faultKind: RepositoryFaultKind {
        switch code {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_FULL: .full
        case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM: .readOnly
        case SQLITE_NOTADB: .notALibrary
        case SQLITE_CORRUPT: .corrupt
        default: .other
        }
    }

    /// One sentence saying what happened and what to do.
    public var description: String {
        let database = path.map { "The database \($0)" } ?? "The database"
        switch faultKind {
        case .busy:
            return "\(database) is locked by another program (\(message)); try again, or stop the other program."
        case .full:
            return "The disk holding the database is full (\(message)); free some space, then try again."
        case .readOnly:
            return "\(database) cannot be written (\(message)); make the file and its folder writable for the kiosk's user."
        case .notALibrary:
            let file = path.map { "The file \($0)" } ?? "The file"
            return "\(file) is not a BookKiosk database (\(message)); check the database path."
        case .corrupt:
            return "\(database) is damaged (\(message)); restore it from a backup."
        case .databaseUnreachable:
            // An SQLite file is never on a server; listed so the switch names every kind.
            return "\(database) cannot be reached (\(message)); check the database path."
        case .other:
            return "\(database) reported an error (\(message), code \(extendedCode)); see the log for details."
        }
    }

    /// The description, the codes and the SQL, for logs.
    public var debugDescription: String {
        var text = "\(description) [SQLite code \(code), extended \(extendedCode)]"
        if let sql { text += " while running: \(sql)" }
        return text
    }
}
