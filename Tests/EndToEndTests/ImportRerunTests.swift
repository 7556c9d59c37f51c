import Foundation
import Lending
import LendingPostgres
import PostgresScratch
import Testing
@testable import CatalogIO

/// An import whose transaction PostgreSQL runs again: the report counts each row
/// once and names the numbers the rows were stored under, which are picked again against what
/// another kiosk registered in between.
@Suite("Import on PostgreSQL when the server runs its transaction again",
       .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
struct ImportRerunTests {
    /// The PostgreSQL repository, with another kiosk's registration slipped in after the first
    /// run of each transaction's body, before its COMMIT (which the server then ends with 40001).
    final class AnotherKioskBetweenRuns: LendingRepository {
        let store: PostgresLendingRepository
        let anotherKiosk: () throws -> Void
        private(set) var runs = 0

        init(_ store: PostgresLendingRepository, anotherKiosk: @escaping () throws -> Void) {
            self.store = store
            self.anotherKiosk = anotherKiosk
        }

        func transaction<T>(rerun: TransactionRerun, _ body: (any LendingTransaction) throws -> T) throws -> T {
            try store.transaction(rerun: rerun) { tx in
                let result = try body(tx)
                runs += 1
                if runs == 1 { try anotherKiosk() }
                return result
            }
        }

        func anonymizeReturnedLoans(olderThan cutoff: Date) throws -> Int {
            try store.anonymizeReturnedLoans(olderThan: cutoff)
        }
    }

    @Test("a 40001 at COMMIT after another kiosk added Book 20000007: three rows added, numbered 20000008 and 20000009")
    func rerunImport() throws {
        let server = try ScratchPostgresServer.shared()
        let url = try server.freshDatabase()
        defer { try? server.dropDatabase(url) }
        let store = try PostgresLendingRepository(url: url)
        try ScratchPostgresServer.failFirstCommit(savingBookTitled: "ぐりとぐら", in: url)
        let otherKiosk = try PostgresLendingRepository(url: url)
        let repository = AnotherKioskBetweenRuns(store) {
            try otherKiosk.transaction { try $0.save(Book(barcode: "20000007", title: "べつの キオスクで")) }
        }
        let csv = "barcode,title\n,ぐりとぐら\nB0003,はらぺこあおむし\n,おつきさまこんばんは\n"

        let report = try CatalogImport(kind: .books).run(csv, into: repository, recordedBy: LibraryDesk(staff: "えんちょう", at: Date()))

        #expect(repository.runs == 2, "the server ended the first run, so the body ran twice")
        #expect(report.added == 3)
        #expect(report.updated == 0)
        #expect(report.numbered == [
            CatalogImport.Numbered(line: 2, barcode: "20000008", name: "ぐりとぐら"),
            CatalogImport.Numbered(line: 4, barcode: "20000009", name: "おつきさまこんばんは"),
        ])
        let stored = try store.transaction { try $0.allBooks() }
        #expect(stored.map(\.barcode) == ["20000007", "20000008", "20000009", "B0003"])
        #expect(stored.first { $0.barcode == "20000008" }?.title == "ぐりとぐら")
        // The audit entry is part of the body: written once, from the run that committed.
        #expect(try store.transaction { try $0.auditEntries() }.map(\.action)
            == [.imported(.books, added: 3, updated: 0, newClasses: [])])
    }
}
