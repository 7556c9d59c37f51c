import CSQLite

extension SQLiteConnection {
    /// How many SQLite virtual machine instructions run between two looks at the clock.
    static let instructionsBetweenDeadlineChecks: Int32 = 1_000

    /// Runs `body` with every statement of this connection abandoned once `deadline` passes:
    /// the statement under way fails with `SQLITE_INTERRUPT` (an `SQLiteError` whose
    /// `isInterrupted` is true), whatever it was doing (an endless recursive view, a check of a
    /// huge file). Calls `sqlite3_progress_handler`, and clears it afterwards.
    public func withDeadline<T>(_ deadline: ContinuousClock.Instant, _ body: () throws -> T) throws -> T {
        let box = Unmanaged.passRetained(Deadline(deadline)).toOpaque()
        sqlite3_progress_handler(handle, Self.instructionsBetweenDeadlineChecks, { pointer in
            guard let pointer else { return 0 }
            return Unmanaged<Deadline>.fromOpaque(pointer).takeUnretainedValue().hasPassed ? 1 : 0
        }, box)
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            Unmanaged<Deadline>.fromOpaque(box).release()
        }
        return try body()
    }
}

/// The instant `withDeadline` stops statements at, boxed for the C callback.
private final class Deadline {
    let instant: ContinuousClock.Instant
    init(_ instant: ContinuousClock.Instant) { self.instant = instant }
    var hasPassed: Bool { ContinuousClock.now >= instant }
}

extension SQLiteError {
    /// Whether the statement was abandoned by `withDeadline` (or `sqlite3_interrupt`).
    public var isInterrupted: Bool { code == SQLITE_INTERRUPT }
}
