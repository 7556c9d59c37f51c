import Foundation
import Testing
import Feedback
import Lending
import ScannerInput
@testable import Kiosk

/// A ScanSource that plays back a list of events, recording the timeouts it was asked for.
final class ScriptedSource: ScanSource {
    var events: [SourceEvent]
    var timeouts: [Duration?] = []
    var onNext: () -> Void = {}

    init(_ events: [SourceEvent]) {
        self.events = events
    }

    func next(timeout: Duration?) throws -> SourceEvent {
        timeouts.append(timeout)
        onNext()
        return events.isEmpty ? .ended : events.removeFirst()
    }
}

struct FailingRepository: Error, RepositoryFault {
    var faultKind: RepositoryFaultKind
    var description: String { "the database is \(faultKind.rawValue)" }
}

final class BrokenRepository: LendingRepository {
    let kind: RepositoryFaultKind
    init(_ kind: RepositoryFaultKind) { self.kind = kind }
    func transaction<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        throw FailingRepository(faultKind: kind)
    }
    func anonymizeReturnedLoans(olderThan cutoff: Date) throws -> Int {
        throw FailingRepository(faultKind: kind)
    }
}

@Suite("Kiosk runtime")
struct KioskRuntimeTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)
    let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)

    func library() throws -> InMemoryLendingRepository {
        let repository = InMemoryLendingRepository()
        try repository.transaction { tx in
            try tx.save(User(card: "C0001", name: "はると"))
            try tx.save(Book(barcode: "B0042", title: "ぐりとぐら"))
        }
        return repository
    }

    @Test func scansBecomeOutcomesAndTheLoanIsStored() throws {
        let repository = try library()
        var events: [KioskEvent] = []
        let runtime = KioskRuntime(policy: policy, repository: repository, announce: { event, _ in events.append(event) })
        var now = t0
        let source = ScriptedSource([.scan(Scan(barcode: "C0001", scanner: "front")), .scan(Scan(barcode: "B0042", scanner: "front"))])
        source.onNext = { now = now.addingTimeInterval(3) }
        try runtime.run(source: source, clock: { now })

        #expect(events.map(\.name) == ["ready", "greeted", "lent"])
        let open = try repository.transaction { try $0.openLoans() }
        #expect(open.map(\.book) == ["B0042"])
        #expect(open.first?.user == "C0001")
    }

    @Test func waitsForTheSessionDeadlineAndEndsTheSession() throws {
        let repository = try library()
        var events: [(KioskEvent, Date)] = []
        let runtime = KioskRuntime(policy: policy, repository: repository, announce: { events.append(($0, $1)) })
        var now = t0
        let source = ScriptedSource([.scan(Scan(barcode: "C0001", scanner: "front")), .timedOut])
        // The first wait has no deadline; after the greeting the source is asked to wait until
        // the Session's deadline, and the clock then stands past it.
        source.onNext = { if source.timeouts.count == 2 { now = now.addingTimeInterval(31) } }
        try runtime.run(source: source, clock: { now })

        #expect(source.timeouts.first == .some(nil))
        #expect(source.timeouts[1] == .milliseconds(30_000))
        #expect(events.map(\.0.name) == ["ready", "greeted", "sessionEnded"])
        #expect(events.last?.1 == t0.addingTimeInterval(policy.sessionTimeoutSeconds))
    }

    @Test func dailyHousekeepingRunsAtStartAndOnceEachNewDay() throws {
        let runtime = KioskRuntime(policy: policy, repository: try library(), announce: { _, _ in })
        var days: [Date] = []
        runtime.daily = { days.append($0) }
        var now = t0
        let source = ScriptedSource([.timedOut, .timedOut, .timedOut, .timedOut])
        // Each wait moves the clock on 10 hours: 12-01 09:00 (start), 19:00, 12-02 05:00, 15:00,
        // 12-03 01:00, then the source ends.
        source.onNext = { now = now.addingTimeInterval(10 * 3600) }
        try runtime.run(source: source, clock: { now })
        #expect(days == [t0, t0.addingTimeInterval(20 * 3600), t0.addingTimeInterval(40 * 3600)])
    }

    @Test(arguments: [
        (RepositoryFaultKind.busy, KioskFault.Kind.databaseBusy),
        (.full, .databaseFull),
        (.readOnly, .databaseReadOnly),
        (.corrupt, .database),
        (.databaseUnreachable, .databaseUnreachable),
    ])
    func storeFaultsAreAnsweredWithAnErrorEvent(kind: RepositoryFaultKind, expected: KioskFault.Kind) throws {
        var events: [KioskEvent] = []
        var logged: [String] = []
        let runtime = KioskRuntime(policy: policy, repository: BrokenRepository(kind),
                                   announce: { event, _ in events.append(event) }, log: { logged.append($0) })
        runtime.feed(.started(at: t0))
        runtime.feed(.scanned("C0001", at: t0))
        runtime.feed(.scanned("B0042", at: t0.addingTimeInterval(1)))
        #expect(events.count == 3)
        if case .error(let fault) = events.last {
            #expect(fault.kind == expected)
            #expect(fault.detail.contains(kind.rawValue))
        } else {
            Issue.record("expected an error event, got \(String(describing: events.last))")
        }
        // One line for the PIN lock that could not be read at start, and one for each scan; for
        // an unreachable server, one line for the whole absence instead (the scans' lines are
        // debug lines), and, this runtime having no return journal, one line saying so.
        #expect(logged.count == 3)
        #expect(logged.contains { $0.hasPrefix("database server away:") && $0.contains("tried again every 5 s") } == (kind == .databaseUnreachable))
        #expect(logged.first?.contains("PIN entry starts open") == true)
    }
}

/// A repository whose server is away, counting how often it was tried.
final class AwayRepository: LendingRepository {
    var attempts = 0
    func transaction<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        attempts += 1
        throw FailingRepository(faultKind: .databaseUnreachable)
    }
    func anonymizeReturnedLoans(olderThan cutoff: Date) throws -> Int { 0 }
}

@Suite("Kiosk runtime: the server away")
struct KioskRuntimeServerAwayTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)

    @Test func anHourAwayIsTriedTwiceWhenTheClockJumpsNotSevenHundredTimes() {
        let repository = AwayRepository()
        let runtime = KioskRuntime(policy: Policy(timeZone: TimeZone(identifier: "UTC")!), repository: repository, announce: { _, _ in })
        runtime.feed(.started(at: t0))
        runtime.feed(.scanned("B0001", at: t0))
        #expect(runtime.isServerAway)
        let before = repository.attempts
        runtime.advance(to: t0 + 3600)
        // Tried when it first fell due (t0 + 5) and, still away, at the last time before now
        // (each retry is one empty transaction asking the server; with no journal nothing else).
        #expect(repository.attempts == before + 2)
        #expect(runtime.machine.retryDeadline == t0 + 3605)
        runtime.advance(to: t0 + 3605)
        #expect(repository.attempts == before + 3)
    }
}

extension KioskEvent {
    /// The event stream's name for this event, for compact assertions.
    var name: String { EventStream.name(of: self) }
}
