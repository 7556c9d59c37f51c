import Feedback
import Foundation
import Kiosk
import KioskAssembly
import Lending
import LendingPostgres
import LendingSQLite
import PostgresScratch
import Testing

/// The server crashes (`pg_ctl stop -m immediate`) under open connections:
/// a scan it breaks off is the server being away, not a fault of the database, so a return is
/// journalled and answered kindly, and applied once the server is back.
@Suite("PostgreSQL server crashing under open connections",
       .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
struct PostgresCrashTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)
    let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
    static let books = ["B0001", "B0002", "B0003"]

    /// A server of the test's own (it is crashed on purpose) with one User and three Books, each
    /// lent. Durable (fsync and synchronous_commit on), as a real one: a crash keeps every commit.
    func lentLibrary() throws -> (ScratchPostgresServer, PostgresURL) {
        let server = try ScratchPostgresServer(durable: true)
        let url = try server.freshDatabase()
        let repository = try PostgresLendingRepository(url: url)
        try repository.transaction { tx in
            try tx.save(User(card: "C0001", name: "はると", loanLimit: 5))
            for barcode in Self.books { try tx.save(Book(barcode: barcode, title: "本 \(barcode)")) }
        }
        let circulation = Circulation(policy: policy)
        _ = try circulation.scan("C0001", session: nil, at: t0, in: repository)
        let user = User(card: "C0001", name: "はると", loanLimit: 5)
        for barcode in Self.books { _ = try circulation.scan(barcode, session: user, at: t0, in: repository) }
        return (server, url)
    }

    @Test("a connection broken off inside a transaction, or found broken at the next one, is databaseUnreachable")
    func brokenConnectionsAreTheServerAway() throws {
        let (server, url) = try lentLibrary()
        // Three kiosks, each with its connection open.
        let repositories = try Self.books.map { _ in try PostgresLendingRepository(url: url) }
        for repository in repositories { _ = try repository.transaction { try $0.openLoans() } }
        // The first kiosk is inside a scan's transaction when the server crashes.
        let inside = #expect(throws: (any Error).self) {
            try repositories[0].transaction { tx in
                _ = try tx.book(barcode: "B0001")
                server.stop(immediately: true)
                _ = try tx.openLoan(book: "B0001")
            }
        }
        #expect(inside.map { KioskFault(storeError: $0).kind } == .databaseUnreachable, "\(String(describing: inside))")
        // The others find their connection broken at their next scan.
        let circulation = Circulation(policy: policy)
        for (repository, barcode) in zip(repositories.dropFirst(), Self.books.dropFirst()) {
            let error = #expect(throws: (any Error).self) { try circulation.scan(barcode, session: nil, at: t0 + 60, in: repository) }
            let fault = error.map { KioskFault(storeError: $0) }
            #expect(fault?.kind == .databaseUnreachable, "\(String(describing: error))")
            #expect(fault.map { !$0.detail.contains("\n") } == true, "the detail is one line: \(String(describing: fault?.detail))")
        }
    }

    @Test("every return a crash breaks off is journalled by the assembled kiosk and applied when the server is back")
    func everyBrokenOffReturnIsJournalled() throws {
        let (server, url) = try lentLibrary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Three assembled kiosks on the one server, each with its connection open and a journal.
        var events: [[KioskEvent]] = Array(repeating: [], count: Self.books.count)
        let log = Lines()
        let kiosks = try Self.books.indices.map { index in
            let settings = KioskSettings(policy: policy, feedback: FeedbackSettings(sound: false, timeZone: policy.timeZone),
                                         announces: false, returnJournal: folder + "/kiosk\(index)/return-journal.sqlite",
                                         convertsKana: false)
            let kiosk = try KioskAssembly(settings: settings, repository: try PostgresLendingRepository(url: url), now: t0,
                                          log: { log.append($0) })
            kiosk.onEvent { event, _ in events[index].append(event) }
            kiosk.start(at: t0 + 100)
            return kiosk
        }
        server.stop(immediately: true)
        for (index, kiosk) in kiosks.enumerated() {
            kiosk.runtime.feed(.scanned(Self.books[index], at: t0 + 200))
            #expect(kiosk.runtime.isServerAway)
            guard case .error(let fault)? = events[index].last else { Issue.record("kiosk \(index): \(events[index])"); continue }
            #expect(fault.kind == .databaseUnreachable)
            let journal = try SQLiteReturnJournal(path: folder + "/kiosk\(index)/return-journal.sqlite")
            #expect(try journal.entries().map(\.barcode) == [Self.books[index]])
        }
        // One line per kiosk says the server is away; none says anything of a single scan.
        #expect(log.lines.filter { $0.hasPrefix("database server away:") }.count == kiosks.count)
        #expect(!log.lines.contains { $0.contains("Could not handle the scan") })

        try server.start()
        for (index, kiosk) in kiosks.enumerated() {
            events[index].removeAll()
            kiosk.advance(to: t0 + 205)
            #expect(!kiosk.runtime.isServerAway)
            try #require(events[index].count == 2, "kiosk \(index): \(events[index])")
            guard case .deferred(.returned(let loan, let book, _, _, _)) = events[index][0] else {
                Issue.record("kiosk \(index): \(events[index])")
                continue
            }
            #expect(book.barcode == Self.books[index])
            #expect(loan.returnedAt == t0 + 200)
            #expect(events[index][1] == .ready)
        }
        let loans = try PostgresLendingRepository(url: url).transaction { try $0.allLoans() }
        #expect(loans.count == 3)
        #expect(loans.allSatisfy { $0.returnedAt == t0 + 200 })
        #expect(log.lines.filter { $0.hasPrefix("database server back after 5 s; 1 scan(s) kept in the journal") }.count == kiosks.count)
    }
}

/// Log lines collected from the kiosk's log closure.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
}
