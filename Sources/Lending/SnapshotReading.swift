/// A store whose reads can run without the write lock the kiosk's lends and returns need.
///
/// `LendingRepository.transaction` takes the write lock for its whole length (SQLite:
/// `BEGIN IMMEDIATE`), so decide-and-write never interleaves. A teacher paging through 貸出中
/// only reads; taking the write lock for that made a child's lend wait for every page drawn,
/// and under steady paging SQLite's busy handler could starve the kiosk into "database is
/// locked". Stores where reads never block writers (PostgreSQL, in memory) need not conform.
public protocol SnapshotReading: LendingRepository {
    /// Runs `body`, which must only read, in a transaction that sees one consistent snapshot
    /// and takes no write lock (SQLite: `BEGIN DEFERRED` on a WAL database).
    func read<T>(_ body: (any LendingTransaction) throws -> T) throws -> T
}
