import Foundation
import Lending
import Testing

/// The `LibraryRulesStore` contract, run against every store.
@Suite("LibraryRulesStore contract")
struct LibraryRulesStoreContractTests {
    typealias F = Fixture

    static let rules = LibraryRules(loanLimit: 3, loanDays: 14, closedWeekdays: [.sunday, .wednesday, .saturday],
                                    closedDates: [LocalDate(year: 2026, month: 12, day: 29), LocalDate(year: 2027, month: 1, day: 2)],
                                    blockOnOverdue: false, libraryName: "ひまわり文庫")

    @Test("the library's rules are nil until saved, come back as saved, and a second save replaces them",
          arguments: RepositoryKind.allCases)
    func libraryRulesRoundTrip(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            #expect(try repository.read { try $0.libraryRules() } == nil)
            try repository.transaction { try $0.save(Self.rules) }
            #expect(try repository.read { try $0.libraryRules() } == Self.rules)

            let plain = LibraryRules(loanLimit: 0, loanDays: 1, closedWeekdays: [], closedDates: [], blockOnOverdue: true,
                                     libraryName: "")
            try repository.transaction { try $0.save(plain) }
            #expect(try repository.read { try $0.libraryRules() } == plain)

            // A save that is rolled back leaves the rules as they were.
            #expect(throws: F.Abandon.self) {
                try repository.transaction { tx in
                    try tx.save(Self.rules)
                    throw F.Abandon()
                }
            }
            #expect(try repository.read { try $0.libraryRules() } == plain)
        }
    }
}
