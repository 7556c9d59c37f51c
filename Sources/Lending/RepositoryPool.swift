import Foundation

/// Connections to one library for a server that answers several requests at once (the
/// teachers' page). Reads run side by side, each on a connection of its own (SQLite: WAL
/// readers that hold a snapshot and no lock; PostgreSQL: a connection each); writes are put in
/// turn by the store's own transactions (SQLite's one writer, `BEGIN IMMEDIATE`; PostgreSQL's
/// row locks), not by a lock here. A store that is one object in memory is shared as one
/// connection, so its requests take turns.
///
/// A connection is used by one thread at a time: it is taken for one read or one write and
/// given back after. At most `capacity` are open; a request that finds them all busy waits
/// for one. Nothing slow (a PDF, a lookup, an upload being parsed) belongs inside `write`.
public final class RepositoryPool: @unchecked Sendable {
    /// The most connections open at once.
    public let capacity: Int
    private let open: @Sendable () throws -> any LendingRepository
    private let condition = NSCondition()
    private var idle: [any LendingRepository]
    private var opened: Int

    /// A pool that opens up to `capacity` connections with `open`, the first of them `first`
    /// (already open, as the caller checked and migrated the library with it).
    public init(first: any LendingRepository, capacity: Int, open: @escaping @Sendable () throws -> any LendingRepository) {
        precondition(capacity >= 1, "a pool needs at least one connection")
        self.capacity = capacity
        self.open = open
        idle = [first]
        opened = 1
    }

    /// One repository shared as the only connection: every read and write takes its turn (a
    /// library in memory, which is one object and not made for several threads).
    public convenience init(sharing repository: any LendingRepository) {
        self.init(first: repository, capacity: 1, open: { preconditionFailure("a shared repository is never opened again") })
    }

    /// Runs `body`, which must only read, on a connection of its own, beside other reads and
    /// writes: a snapshot without the write lock where the store has one (`SnapshotReading`),
    /// otherwise an ordinary transaction.
    public func read<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        try withConnection { repository in
            if let reader = repository as? any SnapshotReading {
                return try reader.read(body)
            }
            return try repository.transaction(body)
        }
    }

    /// Runs `body` in one of the store's own transactions, which puts writers in turn.
    public func write<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        try withConnection { try $0.transaction(body) }
    }

    /// `body` with a connection of its own (an import, which runs its own transaction).
    public func withConnection<T>(_ body: (any LendingRepository) throws -> T) throws -> T {
        let repository = try take()
        defer { giveBack(repository) }
        return try body(repository)
    }

    /// How many connections are open now.
    public var openCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return opened
    }

    private func take() throws -> any LendingRepository {
        condition.lock()
        while idle.isEmpty && opened >= capacity { condition.wait() }
        if let repository = idle.popLast() {
            condition.unlock()
            return repository
        }
        opened += 1
        condition.unlock()
        do {
            return try open()
        } catch {
            condition.lock()
            opened -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func giveBack(_ repository: any LendingRepository) {
        condition.lock()
        idle.append(repository)
        condition.signal()
        condition.unlock()
    }
}
