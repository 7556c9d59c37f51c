import Foundation
import Lending
import LendingPostgres
import PostgresScratch
import Testing

/// A transaction the server ends with 40001 at COMMIT runs again only when its body allows it
/// (`TransactionRerun`). The server is made to end the first such COMMIT by a deferred trigger
/// (`ScratchPostgresServer.failFirstCommit`), so the error is the server's own, as a serialization
/// conflict with another kiosk would give it.
@Suite("PostgreSQL runs a transaction again only when its body allows it",
       .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
struct PostgresRerunTests {
    typealias F = Fixture

    @Test(".onConflict: after a 40001 at COMMIT the body runs again, and its second run is what is kept")
    func rerunOnConflict() throws {
        try withPostgresDatabase { url in
            let repository = try PostgresLendingRepository(url: url)
            try ScratchPostgresServer.failFirstCommit(savingBookTitled: F.guri1.title, in: url)
            var runs = 0  // Counting runs is the point here; a real body would not.
            let seen = try repository.transaction(rerun: .onConflict) { tx in
                runs += 1
                try tx.save(F.guri1)
                return try tx.allBooks().count
            }
            #expect(runs == 2)
            #expect(seen == 1)
            #expect(try repository.read { try $0.allBooks() } == [F.guri1])
        }
    }

    @Test(".never: the body runs once, the 40001 is thrown as a busy fault, and nothing is written")
    func neverRerun() throws {
        try withPostgresDatabase { url in
            let repository = try PostgresLendingRepository(url: url)
            try ScratchPostgresServer.failFirstCommit(savingBookTitled: F.guri1.title, in: url)
            var runs = 0
            var thrown: (any Error)?
            do {
                try repository.transaction(rerun: .never) { tx in
                    runs += 1
                    try tx.save(F.guri1)
                }
            } catch {
                thrown = error
            }
            #expect(runs == 1)
            #expect((thrown as? PostgresError)?.sqlState == PostgresError.serializationFailure)
            #expect(thrown.map { isFault($0, .busy) } == true)
            #expect(try repository.read { try $0.allBooks() }.isEmpty)
        }
    }
}
