import Foundation
import Lending
import LendingPostgres
import PostgresScratch
import Testing

/// What a scan locks on PostgreSQL: the Book, then only the Session's User. Another
/// kiosk holds a child's row, as its lend for that child does; a kiosk with another child's
/// Session then scans that child's Card and takes back that child's Book. Neither waits: if
/// either locked the child, `lock_timeout` would end it with 55P03 instead of the test hanging.
/// Two kiosks each locking two children in the order they were scanned is what deadlocked.
@Suite("PostgreSQL scans lock only what they decide on",
       .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
struct PostgresLockOrderTests {
    typealias F = Fixture

    @Test("with ゆい's row held by another kiosk, はると's Session greets ゆい's Card and takes back ゆい's Book without waiting")
    func otherChildIsNotLocked() throws {
        try withPostgresDatabase { url in
            let setUp = try PostgresLendingRepository(url: url)
            try F.seed(setUp)
            _ = try F.circulation.scan("B0001", session: F.yui, at: F.t0, in: setUp)
            let admin = try PGConnection(url: url)
            try admin.executeScript("ALTER DATABASE \(ScratchPostgresServer.databaseName(of: url)) SET lock_timeout = '1s'")

            let anotherKiosk = try PGConnection(url: url)
            try anotherKiosk.execute("BEGIN")
            try anotherKiosk.execute("SELECT card FROM users WHERE card = $1 FOR NO KEY UPDATE", [F.yui.card])
            defer { _ = try? anotherKiosk.execute("ROLLBACK") }

            let kiosk = try PostgresLendingRepository(url: url)  // connects after the ALTER: lock_timeout 1 s
            let card = try F.circulation.scan(F.yui.card, session: F.haruto, at: F.t0, in: kiosk)
            #expect(card == .greeted(F.yui, loans: UserLoans(loans: [UserLoans.Entry(book: "B0001", title: F.guri1.title,
                                                                                      isbn: F.isbn, due: F.dueFromT0)],
                                                             remaining: 0, lendRefusal: .limitReached)))
            let book = try F.circulation.scan("B0001", session: F.haruto, at: F.t0.addingTimeInterval(60), in: kiosk)
            guard case .returned(let loan, _, let user, _, _) = book else {
                Issue.record("expected ゆい's Book back, got \(book)")
                return
            }
            #expect(loan.user == F.yui.card)
            #expect(user == F.yui)
        }
    }
}
