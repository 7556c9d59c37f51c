import Lending

/// A failure reported by libpq or the PostgreSQL server, keeping what a person needs to act on
/// it: the SQLSTATE, the server's (or libpq's) message and the statement that was running.
/// In the shape of `LendingSQLite.SQLiteError`. It never holds a password: the server is named
/// by its redacted URL.
public struct PostgresError: RepositoryFault, CustomDebugStringConvertible, Equatable, Sendable {
    /// The five-character SQLSTATE (`23505`, `40001`, …); nil when libpq itself failed (a
    /// connection that could not be made or was lost answers with no SQLSTATE).
    public var sqlState: String?
    /// The message, e.g. `could not connect to server: Connection refused`.
    public var message: String
    /// The SQL that failed, when a statement did.
    public var statement: String?
    /// The constraint that refused a row, when one did (`loans_book_fkey`, …).
    public var constraint: String?
    /// Whether the connection was lost or never made (`PQstatus` was `CONNECTION_BAD`).
    public var connectionLost: Bool
    /// The server, as `PostgresURL.redacted` shows it, when known.
    public var server: String?

    public init(sqlState: String?, message: String, statement: String? = nil, constraint: String? = nil,
                connectionLost: Bool = false, server: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.statement = statement
        self.constraint = constraint
        self.connectionLost = connectionLost
        self.server = server
    }

    // SQLSTATEs the repository acts on (PostgreSQL's Appendix A).
    /// `unique_violation`.
    public static let uniqueViolation = "23505"
    /// `foreign_key_violation`.
    public static let foreignKeyViolation = "23503"
    /// `serialization_failure`: can arrive at any statement of a SERIALIZABLE transaction, or at COMMIT.
    public static let serializationFailure = "40001"
    /// `deadlock_detected`: the server ended one of two transactions waiting for each other.
    public static let deadlockDetected = "40P01"
    /// `lock_not_available`: `lock_timeout` passed while waiting for a row lock.
    public static let lockNotAvailable = "55P03"
    /// `in_failed_sql_transaction`: an earlier statement failed; the transaction can only roll back.
    public static let inFailedTransaction = "25P02"

    /// libpq's text on one line, for a log a person reads: it arrives over several lines, with
    /// tabs and `DETAIL:`/`HINT:` lines (`… not yet accepting connections\nDETAIL:  Consistent
    /// recovery state has not been yet reached.`); those become `; detail: …` on the same line.
    public static func oneLine(_ text: String) -> String {
        var parts: [String] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            for label in ["DETAIL:", "HINT:", "CONTEXT:"] where line.hasPrefix(label) {
                line = label.dropLast().lowercased() + ": " + line.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
                parts.append("; " + line)
                line = ""
            }
            if !line.isEmpty { parts.append((parts.isEmpty ? "" : " ") + line) }
        }
        return parts.joined()
    }

    /// Whether running the whole transaction again may succeed (the server chose this one to end).
    public var isTransient: Bool {
        sqlState == Self.serializationFailure || sqlState == Self.deadlockDetected
    }

    /// What kind of trouble this is, for the kiosk to say.
    public var faultKind: RepositoryFaultKind {
        if connectionLost { return .databaseUnreachable }
        guard let sqlState else { return .other }
        switch sqlState {
        case "53100": return .full                                 // disk_full
        case "25006", "42501": return .readOnly                     // read_only_sql_transaction, insufficient_privilege
        case Self.serializationFailure, Self.deadlockDetected, Self.lockNotAvailable, "57014":
            return .busy                                            // … and query_canceled (statement_timeout)
        case "XX001", "XX002": return .corrupt                      // data_corrupted, index_corrupted
        case "57P01", "57P02", "57P03": return .databaseUnreachable // the server is shutting down or starting
        default:
            // Class 08: connection exceptions.
            return sqlState.hasPrefix("08") ? .databaseUnreachable : .other
        }
    }

    /// One sentence saying what happened and what to do.
    public var description: String {
        let database = server.map { "The database \($0)" } ?? "The PostgreSQL database"
        switch faultKind {
        case .databaseUnreachable:
            return "\(database) cannot be reached (\(message)); check that the server is running and the network is up. The kiosk keeps trying."
        case .busy:
            return "\(database) is busy (\(message)); try again, or look for a program holding locks."
        case .full:
            return "The disk of the database server is full (\(message)); free some space on the server."
        case .readOnly:
            return "\(database) refused a write (\(message)); give the kiosk's login the right to write, or check that the server is not a read-only replica."
        case .notALibrary:
            return "\(database) is not a BookKiosk database (\(message)); check the URL."
        case .corrupt:
            return "\(database) reports damaged data (\(message)); ask whoever runs the server to restore it."
        case .other:
            return "\(database) reported an error (\(message)\(sqlState.map { ", SQLSTATE \($0)" } ?? "")); see the log for details."
        }
    }

    /// The description, the SQLSTATE and the SQL, for logs.
    public var debugDescription: String {
        var text = "\(description) [SQLSTATE \(sqlState ?? "none")]"
        if let statement { text += " while running: \(statement)" }
        return text
    }
}
