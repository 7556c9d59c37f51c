import Feedback
import Foundation
import Kiosk
import Lending
import LendingPostgres
import LendingSQLite
import PostgresScratch
import Testing

/// The shared database server stops in the middle of a kiosk's day and starts again: the kiosk
/// says so, keeps a return in its journal, refuses a Card kindly, and, once the server is back,
/// applies the return at the time it was scanned, by itself. Time is an argument; no sleeps.
@Suite("PostgreSQL server away and back",
       .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
struct PostgresOutageTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)
    let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)

    @Test("stopped mid-run: databaseUnreachable, a journalled return, recovery by itself, no Loan lost")
    func serverStopsAndComesBack() throws {
        // A server of this test's own: it is stopped on purpose.
        let server = try ScratchPostgresServer()
        let url = try server.freshDatabase()
        let repository = try PostgresLendingRepository(url: url)
        try repository.transaction { tx in
            try tx.save(User(card: "C0001", name: "はると"))
            try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
            try tx.save(Book(barcode: "B0002", title: "ももたろう"))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outage-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        var events: [KioskEvent] = []
        var log: [String] = []
        let runtime = KioskRuntime(policy: policy, repository: repository,
                                   announce: { event, _ in events.append(event) }, log: { log.append($0) })
        runtime.journal = try SQLiteReturnJournal(path: folder + "/return-journal.sqlite")
        runtime.feed(.started(at: t0))
        runtime.feed(.scanned("C0001", at: t0))
        runtime.feed(.scanned("B0001", at: t0 + 1))
        runtime.feed(.scanned("B0002", at: t0 + 2))
        runtime.advance(to: t0 + 120) // the Session ends
        #expect(try repository.transaction { try $0.openLoans() }.count == 2)

        server.stop()
        events.removeAll()
        let returnedAt = t0 + 300
        runtime.feed(.scanned("B0001", at: returnedAt))
        runtime.feed(.scanned("C0001", at: t0 + 310))
        #expect(events.count == 2)
        for event in events {
            guard case .error(let fault) = event else { Issue.record("expected an error, got \(event)"); continue }
            #expect(fault.kind == .databaseUnreachable)
            #expect(MessageCatalog(language: .en).message(for: event).contains("call a teacher"))
        }
        #expect(runtime.isServerAway)
        let journal = try SQLiteReturnJournal(path: folder + "/return-journal.sqlite")
        #expect(try journal.entries().map(\.barcode) == ["B0001", "C0001"])

        // Still away: a retry changes nothing and keeps the journal.
        events.removeAll()
        runtime.advance(to: t0 + 320)
        #expect(events.isEmpty)
        #expect(try journal.entries().count == 2)

        try server.start()
        runtime.advance(to: t0 + 330)
        #expect(!runtime.isServerAway)
        #expect(try journal.entries().isEmpty)
        // The return, at its scan's time; the Card scan needed nothing. Then the kiosk waits for
        // a Card again (the screen leaves its "call a teacher" picture).
        try #require(events.count == 2)
        #expect(events[1] == .ready)
        guard case .deferred(.returned(let loan, let book, _, _, _)) = events[0] else {
            Issue.record("expected a deferred return, got \(events[0])")
            return
        }
        #expect(book.barcode == "B0001")
        #expect(loan.returnedAt == returnedAt)
        let line = EventStream.line(for: events[0], message: "", at: t0 + 330, timeZone: policy.timeZone)
        #expect(line.hasPrefix(#"{"event":"returned""#))
        #expect(line.contains(#""deferred":true"#))

        // No Loan lost: B0002 is still lent, B0001 came back, and the kiosk lends again.
        let loans = try repository.transaction { try $0.allLoans() }
        #expect(loans.map(\.book) == ["B0001", "B0002"])
        #expect(loans.map(\.isOpen) == [false, true])
        events.removeAll()
        runtime.feed(.scanned("C0001", at: t0 + 400))
        runtime.feed(.scanned("B0001", at: t0 + 401))
        #expect(events.count == 2)
        if case .outcome(.lent) = events.last {} else { Issue.record("expected a lend, got \(events)") }
        #expect(log.contains { $0.contains("database server back after") })
    }
}
