import Lending

/// The library's database as the lookup cache: each read and each write a short transaction
/// of its own, so no lookup ever runs inside one (a slow service never holds the database).
public final class RepositoryLookupCache: LookupCache {
    private let repository: any LendingRepository

    public init(_ repository: any LendingRepository) {
        self.repository = repository
    }

    public func cachedRecord(isbn: String) throws -> BookRecord? {
        try repository.transaction(rerun: .onConflict) { try $0.bookRecord(isbn: isbn) }
    }

    public func keep(_ record: BookRecord) throws {
        try repository.transaction(rerun: .onConflict) { try $0.save(record) }
    }
}
