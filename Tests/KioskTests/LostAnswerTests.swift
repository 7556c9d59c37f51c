import Foundation
import Testing
import Feedback
import Lending
@testable import Kiosk

/// A journal in memory, as the SQLite one behaves (the bound included).
final class MemoryJournal: ReturnJournal {
    var scans: [JournalledScan] = []
    let capacity: Int
    init(capacity: Int = 100) { self.capacity = capacity }

    func begin(_ scan: JournalledScan) throws {
        scans.removeAll { $0.id == scan.id }
        scans.append(scan)
    }
    func keep(_ scan: JournalledScan) throws {
        guard scans.filter({ $0.kind == .returnOwed }).count < capacity else { throw ReturnJournalFull(capacity: capacity) }
        scans.removeAll { $0.id == scan.id }
        scans.append(scan)
    }
    func finish(scan id: String) throws { scans.removeAll { $0.id == id } }
    func entries() throws -> [JournalledScan] { scans.sorted { $0.scannedAt < $1.scannedAt } }
}

/// A store in memory whose server can be away, or lose the reply of the next COMMIT (the
/// transaction is written, then the connection breaks: the kiosk cannot know).
final class UnsureRepository: LendingRepository {
    let store = InMemoryLendingRepository()
    var away = false
    var loseNextReply = false
    struct Away: Error, RepositoryFault {
        var faultKind: RepositoryFaultKind { .databaseUnreachable }
        var description: String { "the server closed the connection unexpectedly" }
    }

    func transaction<T>(rerun: TransactionRerun, _ body: (any LendingTransaction) throws -> T) throws -> T {
        if away { throw Away() }
        let result = try store.transaction(rerun: rerun, body)
        if loseNextReply {
            loseNextReply = false
            away = true
            throw Away()
        }
        return result
    }

    func anonymizeReturnedLoans(olderThan cutoff: Date) throws -> Int {
        if away { throw Away() }
        return try store.anonymizeReturnedLoans(olderThan: cutoff)
    }
}

/// A scan whose COMMIT's reply was lost is told exactly once, as what happened; a
/// kiosk killed before telling tells it when it starts again; the journal's bound is kept.
@Suite("Kiosk runtime: answers lost with the server, told once")
struct LostAnswerTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)
    let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)

    func library() throws -> UnsureRepository {
        let repository = UnsureRepository()
        try repository.store.transaction { tx in
            try tx.save(User(card: "C0001", name: "はると"))
            try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
            try tx.save(Book(barcode: "B0002", title: "ももたろう"))
        }
        return repository
    }

    func runtime(_ repository: UnsureRepository, journal: MemoryJournal, events: @escaping (KioskEvent) -> Void) -> KioskRuntime {
        let runtime = KioskRuntime(policy: policy, repository: repository, announce: { event, _ in events(event) })
        runtime.journal = journal
        return runtime
    }

    func returnedEvents(_ events: [KioskEvent]) -> [(book: String, deferred: Bool)] {
        events.compactMap { event in
            switch event {
            case .outcome(.returned(_, let book, _, _, _)): (book.barcode, false)
            case .deferred(.returned(_, let book, _, _, _)): (book.barcode, true)
            default: nil
            }
        }
    }

    @Test("a return whose COMMIT's reply was lost is told once, deferred, and written once")
    func aLostReplyIsToldOnce() throws {
        let repository = try library()
        let journal = MemoryJournal()
        var events: [KioskEvent] = []
        let kiosk = runtime(repository, journal: journal) { events.append($0) }
        kiosk.feed(.started(at: t0))
        kiosk.feed(.scanned("C0001", at: t0 + 1))
        kiosk.feed(.scanned("B0001", at: t0 + 2))
        kiosk.feed(.tick(at: t0 + 100))
        #expect(journal.scans.isEmpty, "a scan told is forgotten")

        // The return is written, but its reply is lost: the child is told to leave the Book.
        repository.loseNextReply = true
        kiosk.feed(.scanned("B0001", at: t0 + 200))
        guard case .error(let fault)? = events.last else { Issue.record("\(events)"); return }
        #expect(fault.kind == .databaseUnreachable)
        #expect(journal.scans.map(\.kind) == [.returnOwed])

        repository.away = false
        events.removeAll()
        kiosk.advance(to: t0 + 205)
        #expect(returnedEvents(events).map(\.book) == ["B0001"])
        #expect(returnedEvents(events).map(\.deferred) == [true])
        #expect(journal.scans.isEmpty)
        let loans = try repository.store.transaction { try $0.allLoans() }
        #expect(loans.count == 1)
        #expect(loans.first?.returnedAt == t0 + 200)
        // Nothing is told again.
        events.removeAll()
        kiosk.feed(.scanned("B0002", at: t0 + 300))
        #expect(returnedEvents(events).isEmpty)
    }

    @Test("a lend whose reply was lost is told once the server is back; one that was not written is not")
    func aLostLendIsLookedUp() throws {
        let repository = try library()
        let journal = MemoryJournal()
        var events: [KioskEvent] = []
        let kiosk = runtime(repository, journal: journal) { events.append($0) }
        kiosk.feed(.started(at: t0))
        kiosk.feed(.scanned("C0001", at: t0 + 1))
        repository.loseNextReply = true
        kiosk.feed(.scanned("B0001", at: t0 + 2))
        // Away: this lend is not written at all.
        kiosk.feed(.scanned("B0002", at: t0 + 3))
        repository.away = false
        events.removeAll()
        kiosk.advance(to: t0 + 8)
        let lent = events.compactMap { event -> String? in
            if case .deferred(.lent(_, let book, _, _)) = event { return book.barcode }
            return nil
        }
        #expect(lent == ["B0001"])
        #expect(journal.scans.isEmpty)
        #expect(try repository.store.transaction { try $0.openLoans() }.map(\.book) == ["B0001"])
    }

    @Test("a kiosk killed after writing but before telling tells it when it starts again")
    func aKilledKioskTellsAtStart() throws {
        let repository = try library()
        let journal = MemoryJournal()
        try repository.store.transaction { tx in
            _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: t0, due: LocalDate(year: 2026, month: 12, day: 8), overrideBy: nil)
        }
        // The kiosk before: noted the scan, wrote the return under its id, then died.
        let scan = JournalledScan(id: JournalledScan.newID(), barcode: "B0001", scannedAt: t0 + 50, kind: .noted)
        try journal.begin(scan)
        _ = try Circulation(policy: policy).scan("B0001", session: nil, at: t0 + 50, scan: scan.id, in: repository)
        // A return owed, kept while the server was away, of a Book another kiosk lent since.
        try journal.keep(JournalledScan(id: JournalledScan.newID(), barcode: "B0002", scannedAt: t0 + 60, kind: .returnOwed))
        try repository.store.transaction { tx in
            _ = try tx.addLoan(book: "B0002", user: "C0001", lentAt: t0 + 70, due: LocalDate(year: 2026, month: 12, day: 8), overrideBy: nil)
        }

        var events: [KioskEvent] = []
        let kiosk = runtime(repository, journal: journal) { events.append($0) }
        kiosk.feed(.started(at: t0 + 100))
        kiosk.replayJournal(at: t0 + 100)
        #expect(returnedEvents(events).map(\.book) == ["B0001"])
        #expect(returnedEvents(events).map(\.deferred) == [true])
        #expect(journal.scans.isEmpty)
        // The Loan lent after the return owed is left open.
        #expect(try repository.store.transaction { try $0.openLoans() }.map(\.book) == ["B0002"])
    }

    @Test("at the journal's bound a return is not kept, and the child is told to keep the Book")
    func theBound() throws {
        let repository = try library()
        try repository.store.transaction { tx in
            _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: t0, due: LocalDate(year: 2026, month: 12, day: 8), overrideBy: nil)
            _ = try tx.addLoan(book: "B0002", user: "C0001", lentAt: t0, due: LocalDate(year: 2026, month: 12, day: 8), overrideBy: nil)
        }
        let journal = MemoryJournal(capacity: 1)
        var events: [KioskEvent] = []
        let kiosk = runtime(repository, journal: journal) { events.append($0) }
        kiosk.feed(.started(at: t0))
        repository.away = true
        kiosk.feed(.scanned("B0001", at: t0 + 10))
        kiosk.feed(.scanned("B0002", at: t0 + 11))
        let faults = events.compactMap { event -> KioskFault.Kind? in
            if case .error(let fault) = event { return fault.kind }
            return nil
        }
        #expect(faults == [.databaseUnreachable, .returnNotKept])
        #expect(journal.scans.filter { $0.kind == .returnOwed }.map(\.barcode) == ["B0001"])
        repository.away = false
        events.removeAll()
        kiosk.advance(to: t0 + 16)
        #expect(returnedEvents(events).map(\.book) == ["B0001"])
        #expect(try repository.store.transaction { try $0.openLoans() }.map(\.book) == ["B0002"])
    }
}
