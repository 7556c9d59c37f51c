import Lending

extension SQLiteLendingRepository: SnapshotReading {
    /// `BEGIN DEFERRED`: on a WAL database a reader holds a snapshot and no lock a writer waits
    /// for, so the kiosk's lend goes ahead while the teachers' page draws a list. `body` must
    /// only read (a write inside could fail busy on a stale snapshot rather than wait).
    public func read<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        precondition(!isInTransaction, "SQLiteLendingRepository transactions do not nest")
        isInTransaction = true
        defer { isInTransaction = false }
        let transaction = SQLiteLendingTransaction(connection: connection, bookSearch: bookSearch)
        defer { transaction.isFinished = true }
        return try connection.transaction(.deferred) { try body(transaction) }
    }
}
