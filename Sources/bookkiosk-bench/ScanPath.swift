import Feedback
import Foundation
import Kiosk
import Lending
import LendingSQLite
import POSIX

/// What the kiosk answered, and when, as the runtime's `announce` closure saw it.
final class Announcements {
    var lastTime: UInt64 = 0
    var lastEvent: KioskEvent?
}

/// Card, lend and return latencies through `KioskRuntime`: from a decoded Scan entering
/// (`feed(.scanned(…))`) to its Outcome leaving (the `announce` closure), through the real
/// rules and the SQLite repository with the production settings.
struct ScanPathFigures {
    /// The durable-write floor, measured in the same rounds on the same file (see `FloorCommit`).
    var floor = Latencies()
    var card = Latencies()
    var lend = Latencies()
    var `return` = Latencies()
}

enum ScanPathBenchmark {
    struct Unexpected: Error, CustomStringConvertible {
        var description: String
    }

    /// `iterations` rounds of: a User's Card, a Book (lent), the same Book again (returned), and
    /// one floor commit, after `warmUp` rounds that are not counted. Floor and scans share the
    /// file and its WAL, so they meet the same disk state (WAL growth, checkpoints). The clock given to the runtime moves on 5 s
    /// per scan (past the debounce, inside the Session); no real time is waited.
    static func run(databasePath: String, dataSet: DataSet, iterations: Int, warmUp: Int, start: Date,
                    seed: UInt64) throws -> ScanPathFigures {
        let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
        let repository = try SQLiteLendingRepository(path: databasePath)
        let catalog = MessageCatalog(language: .en)
        let seen = Announcements()
        var lines = 0
        let runtime = try benchKiosk(policy: policy, repository: repository, now: start, announce: { event, time in
            seen.lastTime = monotonicNanoseconds()
            seen.lastEvent = event
            // What the kiosk does next with it (not timed): the event line.
            lines += EventStream.line(for: event, message: catalog.message(for: event), at: time,
                                      timeZone: policy.timeZone).isEmpty ? 0 : 1
        }).runtime
        let floor = try FloorCommit(databasePath: databasePath)
        var clock = start
        runtime.feed(.started(at: clock))
        var random = SplitMix64(seed: seed)
        var figures = ScanPathFigures()

        func scan(_ barcode: String) -> (KioskEvent?, Double) {
            clock = clock.addingTimeInterval(5)
            seen.lastEvent = nil
            let before = monotonicNanoseconds()
            runtime.feed(.scanned(barcode, at: clock))
            return (seen.lastEvent, microseconds(from: before, to: seen.lastTime))
        }

        for round in 0..<(warmUp + iterations) {
            let counted = round >= warmUp
            let card = DataSet.userCard(Int(random.next() % UInt64(dataSet.users)))
            var bookIndex = Int(random.next() % UInt64(dataSet.books))
            if bookIndex % 100 == 99 { bookIndex -= 1 } // withdrawn ones are not lent
            let book = DataSet.bookBarcode(bookIndex)

            let (greeting, cardTime) = scan(card)
            guard case .outcome(.greeted) = greeting else { throw Unexpected(description: "card \(card): \(String(describing: greeting))") }
            let (lent, lendTime) = scan(book)
            guard case .outcome(.lent) = lent else { throw Unexpected(description: "book \(book) to lend: \(String(describing: lent))") }
            let (returned, returnTime) = scan(book)
            guard case .outcome(.returned) = returned else { throw Unexpected(description: "book \(book) to return: \(String(describing: returned))") }
            let floorTime = try floor.commitOneRow(round)
            if counted {
                figures.floor.add(floorTime)
                figures.card.add(cardTime)
                figures.lend.add(lendTime)
                figures.return.add(returnTime)
            }
        }
        precondition(lines == 1 + 3 * (warmUp + iterations))
        return figures
    }
}

/// The durable-write floor of this disk: `BEGIN IMMEDIATE; INSERT; COMMIT` of one row into the
/// audit log, through a second connection to the kiosk's own database file, with the
/// production settings (WAL, `synchronous=FULL`).
final class FloorCommit {
    let connection: SQLiteConnection

    init(databasePath: String) throws {
        connection = try SQLiteConnection(path: databasePath, mode: .readWrite)
        _ = try connection.firstRow("PRAGMA journal_mode = WAL") { $0.text(0) }
        try connection.execute("PRAGMA synchronous = FULL")
    }

    /// Microseconds for one committed row.
    func commitOneRow(_ round: Int) throws -> Double {
        let before = monotonicNanoseconds()
        try connection.transaction(.immediate) {
            try connection.execute("INSERT INTO audit_log (time, staff, action, detail) VALUES (?, NULL, 'bench', ?)",
                                   [.real(Double(round)), .text("floor \(round)")])
        }
        return microseconds(from: before, to: monotonicNanoseconds())
    }
}
