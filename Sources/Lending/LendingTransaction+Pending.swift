import Foundation

// TEMPORARY, removed by the `store` branch before anything lands: the page's storage
// requirements are declared on `LendingTransaction`, and until each store implements them
// these defaults throw, so nothing pretends to store what it does not.

/// A requirement a store does not implement yet.
public struct NotStoredYet: Error, CustomStringConvertible {
    public var requirement: String
    public var description: String { "This library's store does not keep \(requirement) yet." }
}

extension LendingTransaction {
    public func libraryRules() throws -> LibraryRules? { throw NotStoredYet(requirement: "the library's rules") }
    public func save(_ rules: LibraryRules) throws { throw NotStoredYet(requirement: "the library's rules") }
    public func passwordHash(staff name: String) throws -> String? { throw NotStoredYet(requirement: "page passwords") }
    public func setPasswordHash(_ hash: String?, staff name: String) throws -> Bool { throw NotStoredYet(requirement: "page passwords") }
    public func signInRecord(staff name: String) throws -> SignInRecord { throw NotStoredYet(requirement: "sign-in records") }
    public func save(_ record: SignInRecord, staff name: String) throws { throw NotStoredYet(requirement: "sign-in records") }
    public func loanListings(_ query: LoanQuery) throws -> ListingPage<LoanListing> { throw NotStoredYet(requirement: "loan listings") }
    public func bookListings(matching text: String, offset: Int, limit: Int) throws -> ListingPage<BookListing> { throw NotStoredYet(requirement: "book listings") }
    public func loans(user card: String) throws -> [Loan] { throw NotStoredYet(requirement: "a User's loans") }
    public func circulationSummary(from: Date, to: Date, today: LocalDate) throws -> CirculationSummary { throw NotStoredYet(requirement: "the summary") }
    public func auditEntries(newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry> { throw NotStoredYet(requirement: "audit pages") }
    public func removeUser(card: String) throws -> Bool { throw NotStoredYet(requirement: "removing Users") }
}
