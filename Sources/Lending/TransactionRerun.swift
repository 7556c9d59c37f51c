/// Whether a repository may run a transaction's body again, after the database ended the
/// transaction to settle a conflict with another kiosk (PostgreSQL: a deadlock, 40P01, or a
/// serialization failure, 40001, which can arrive as late as COMMIT). See
/// `LendingRepository.transaction(rerun:_:)`.
public enum TransactionRerun: Sendable, Hashable {
    /// Again, from the start, in a new transaction, a few times. The body must be pure apart
    /// from its transaction: it counts, numbers, prints or appends nothing outside itself, and
    /// returns whatever its caller needs to report.
    case onConflict
    /// At most once: such a conflict is thrown (a `RepositoryFault` of kind `busy`), with
    /// nothing written. For a body with effects outside the transaction that cannot be undone.
    case never
}
