import Foundation
import Lending

/// The one repository connection the page uses, one request at a time. The daemon calls
/// handlers from several threads; a repository is used from one thread at a time, so every
/// transaction passes through this lock.
final class RepositoryGate: @unchecked Sendable {
    private let lock = NSLock()
    private let repository: any LendingRepository

    init(_ repository: any LendingRepository) {
        self.repository = repository
    }

    func transaction<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try repository.transaction(body)
    }

    /// `body` with the repository itself, under the lock (a backup or a restore).
    func withRepository<T>(_ body: (any LendingRepository) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(repository)
    }

    /// For a page that only reads: a snapshot without the write lock where the store has one
    /// (`SnapshotReading`), so drawing a list never makes the kiosk's lend wait; otherwise an
    /// ordinary transaction. `body` must not write.
    func read<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if let reader = repository as? any SnapshotReading {
            return try reader.read(body)
        }
        return try repository.transaction(body)
    }
}

/// A value shared between the daemon's threads behind a lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
