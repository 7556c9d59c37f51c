import CSQLite
import POSIX
#if canImport(Glibc)
import Glibc
#endif

/// What a checkpoint did: the WAL's frames, and how many of them are now in the database file.
public struct WALCheckpoint: Sendable, Equatable {
    /// Frames in the WAL.
    public var frames: Int
    /// Frames copied into the database file (all of them: the next write starts the WAL over).
    public var checkpointed: Int

    public init(frames: Int, checkpointed: Int) {
        self.frames = frames
        self.checkpointed = checkpointed
    }

    /// Whether every frame is in the database file.
    public var isComplete: Bool { checkpointed == frames }
}

extension SQLiteConnection {
    /// Copies what it can of the WAL into the database file without waiting for other
    /// connections' readers or writers (a passive checkpoint). Calls `sqlite3_wal_checkpoint_v2`
    /// with `SQLITE_CHECKPOINT_PASSIVE`.
    public func checkpointPassively() throws -> WALCheckpoint {
        var frames: Int32 = 0
        var checkpointed: Int32 = 0
        let rc = sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_PASSIVE, &frames, &checkpointed)
        guard rc == SQLITE_OK else { throw lastError(sql: "checkpoint (passive)") }
        return WALCheckpoint(frames: Int(max(frames, 0)), checkpointed: Int(max(checkpointed, 0)))
    }

    /// A commit that leaves at least `pages` frames in the WAL checkpoints it at once (in the
    /// committing call); 0 turns that off. Calls `sqlite3_wal_autocheckpoint`.
    public func setAutocheckpoint(pages: Int) throws {
        let rc = sqlite3_wal_autocheckpoint(handle, Int32(clamping: pages))
        guard rc == SQLITE_OK else { throw lastError(sql: "wal_autocheckpoint") }
    }
}

/// Each statement a connection runs, with how long it took: for measuring where the time of
/// a transaction goes (`bookkiosk-bench`). SQLite's own profile time is in whole milliseconds
/// on Unix, so the time is taken here with `CLOCK_MONOTONIC`, from the statement's start
/// (`SQLITE_TRACE_STMT`) to its end (`SQLITE_TRACE_PROFILE`). Calls `sqlite3_trace_v2` and
/// `sqlite3_sql`. Not `Sendable`.
public final class StatementProfile {
    /// The statement's SQL (as prepared, with its `?`) and its run time in nanoseconds, in order.
    public private(set) var statements: [(sql: String, nanoseconds: UInt64)] = []
    private var started: UInt64 = 0
    private let connection: SQLiteConnection

    /// Starts profiling `connection` until `stop` is called or the profile is released.
    public init(_ connection: SQLiteConnection) {
        self.connection = connection
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_trace_v2(connection.handle, UInt32(SQLITE_TRACE_STMT | SQLITE_TRACE_PROFILE), { kind, context, statement, _ in
            guard let context, let statement else { return 0 }
            let profile = Unmanaged<StatementProfile>.fromOpaque(context).takeUnretainedValue()
            let now = monotonicNanoseconds()
            if kind == UInt32(SQLITE_TRACE_STMT) {
                profile.started = now
            } else {
                let sql = sqlite3_sql(OpaquePointer(statement)).map { String(cString: $0) } ?? "?"
                profile.statements.append((sql, now - min(profile.started, now)))
            }
            return 0
        }, context)
    }

    /// Forgets what was recorded so far.
    public func clear() {
        statements.removeAll(keepingCapacity: true)
    }

    /// Stops profiling.
    public func stop() {
        sqlite3_trace_v2(connection.handle, 0, nil, nil)
    }

    deinit {
        stop()
    }
}
