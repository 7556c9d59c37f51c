import Foundation
import Lending

// What several contract suites share beyond `Fixture`'s library.
extension Fixture {
    /// Thrown by a transaction's body to abandon it.
    struct Abandon: Error {}

    static let carle = Book(barcode: "B0010", title: "The Very Hungry Caterpillar", author: "Eric Carle", isbn: "9780399226908")
    static let wolf = Book(barcode: "B0011", title: "100% Wolf", author: "Jayne Lyons")
    static let haruto2 = User(card: "C0004", name: "はると")

    /// The Fixture's library, two English Books, and a second はると: Loans haruto B0001 (due
    /// the 8th) and B0003 (due the 3rd), yui B0005 (due the 10th), haruto2 B0002 returned.
    static func withLentLibrary(_ kind: RepositoryKind, _ body: (any LendingRepository, [Loan]) throws -> Void) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            let loans = try repository.transaction { tx in
                try tx.save(carle)
                try tx.save(wolf)
                try tx.save(haruto2)
                let returned = try tx.addLoan(book: "B0002", user: "C0004", lentAt: t0, due: dueFromT0, overrideBy: nil)
                return [
                    try tx.addLoan(book: "B0001", user: "C0001", lentAt: t0 + 10, due: dueFromT0, overrideBy: nil),
                    try tx.addLoan(book: "B0003", user: "C0001", lentAt: t0 + 20, due: LocalDate(year: 2026, month: 12, day: 3),
                                   overrideBy: nil),
                    try tx.addLoan(book: "B0005", user: "C0002", lentAt: t0 + 30, due: LocalDate(year: 2026, month: 12, day: 10),
                                   overrideBy: "えんちょう"),
                    try tx.closeLoan(id: returned.id, returnedAt: t0 + 40),
                ]
            }
            try body(repository, loans)
        }
    }
}
