#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Lending
import LendingPostgres

/// Four kiosks on one PostgreSQL server, crashed and started again, as a school
/// would live it: `bookkiosk simulate` processes, each with its own return journal, scanning
/// every few tens of milliseconds on one clock that follows the real one. Two kiosks serve
/// children (a Card, Books lent or taken back, another Card); two are return boxes (Books
/// brought back with no Session). The server is crashed (`pg_ctl stop -m immediate`); while it
/// is away one return box is killed with SIGKILL mid-scan and started again (its journal on
/// disk); the server starts; later the other return box is killed mid-scan and started again.
/// Then every answer is checked against the database (`DrillReport.problems`) and the times
/// the kiosks took are measured (`DrillReport`'s figures).
///
/// Used by the end-to-end test (short phases) and `bookkiosk-bench --kiosks-only` (a ten-second
/// crash, like the issue's). Nothing here is shipped.
public struct KioskCrashDrill {
    /// How long each phase lasts, in seconds of the real clock, and how scans are paced.
    public struct Plan: Sendable {
        public var warmUp: Double = 1.0
        public var outage: Double = 3.0
        public var afterRestart: Double = 2.5
        public var afterKill: Double = 1.5
        /// Between one kiosk's scans.
        public var scanInterval: Double = 0.04
        /// An answer that takes longer is recorded as missing (the kiosk hung).
        public var answerDeadline: Double = 10
        public var seed: UInt64 = 31

        public init(warmUp: Double = 1.0, outage: Double = 3.0, afterRestart: Double = 2.5, afterKill: Double = 1.5,
                    scanInterval: Double = 0.04, answerDeadline: Double = 10, seed: UInt64 = 31) {
            self.warmUp = warmUp
            self.outage = outage
            self.afterRestart = afterRestart
            self.afterKill = afterKill
            self.scanInterval = scanInterval
            self.answerDeadline = answerDeadline
            self.seed = seed
        }
    }

    public static let kiosks = 4
    static let books = 80
    static let children = 24
    /// Books on loan when the drill starts (so the return boxes have something to take back).
    static let lentAtStart = 48

    public let executable: String
    public let folder: String
    public let plan: Plan

    /// - Parameters:
    ///   - executable: the `bookkiosk` binary.
    ///   - folder: an empty folder of the caller's, for each kiosk's home, journal and log.
    public init(executable: String, folder: String, plan: Plan = Plan()) {
        self.executable = executable
        self.folder = folder
        self.plan = plan
    }

    static func book(_ index: Int) -> String { "B" + String(format: "%05d", index) }
    static func card(_ index: Int) -> String { "C" + String(format: "%04d", index) }

    /// Runs the drill on a fresh database of `server` (which must be durable: a crash keeps
    /// every commit) and checks it.
    public func run(on server: ScratchPostgresServer) throws -> DrillReport {
        let url = try server.freshDatabase()
        let epoch = Date(timeIntervalSince1970: (Date().timeIntervalSince1970).rounded(.down))
        let clock = DrillClock(epoch: epoch)
        let shared = DrillShared(books: (0..<Self.lentAtStart).map(Self.book))
        let config = folder + "/config.json"
        try Data(#"{"timeZone": "UTC"}"#.utf8).write(to: URL(fileURLWithPath: config))

        let drivers = (0..<Self.kiosks).map { index in
            KioskDriver(index: index, drill: self, url: url, config: config, clock: clock, shared: shared)
        }
        // The kiosks make the schema, as theirs (the drill runs on older builds too); then the
        // library is put in with plain SQL, before the first scan.
        for driver in drivers { try driver.start() }
        try seed(url, at: epoch)
        let threads = drivers.map { driver in
            let thread = Thread { driver.scanUntilStopped() }
            thread.start()
            return thread
        }
        _ = threads

        clock.wait(seconds: plan.warmUp)
        let crashedAt = clock.seconds
        server.stop(immediately: true)
        shared.setAway(true)
        clock.wait(seconds: plan.outage / 2)
        // A return box killed mid-scan while the server is away; started again at once, its
        // journal on disk.
        drivers[2].requestKill()
        clock.wait(seconds: plan.outage / 2)
        try server.start()
        let restartedAt = clock.seconds
        shared.setAway(false)
        clock.wait(seconds: plan.afterRestart)
        // The other return box killed mid-scan with the server up.
        drivers[3].requestKill()
        clock.wait(seconds: plan.afterKill)
        shared.stop()
        for driver in drivers { driver.waitUntilStopped() }
        // Each kiosk is given scans of an unknown barcode until it answers normally (it has
        // tried the server and applied its journal), then its input ends.
        for driver in drivers { driver.settle() }
        for driver in drivers { driver.finish() }

        var report = DrillReport()
        report.crashedAt = crashedAt
        report.restartedAt = restartedAt
        for driver in drivers {
            report.scans += driver.records.count
            report.killedScans += driver.killedScans
            for record in driver.records {
                guard let answered = record.answeredAt else {
                    report.problems.append("kiosk \(driver.index): the scan of \(record.barcode) at \(String(format: "%.3f", record.sentAt)) s was not answered within \(plan.answerDeadline) s")
                    continue
                }
                let milliseconds = (answered - record.sentAt) * 1000
                if milliseconds > report.slowestAnswerMs {
                    report.slowestScan = "kiosk \(driver.index): \(record.barcode) sent at \(String(format: "%.3f", record.sentAt)) s, answered "
                        + "\(record.answer?["event"] as? String ?? "?") after \(Int(milliseconds)) ms"
                }
                report.slowestAnswerMs = max(report.slowestAnswerMs, milliseconds)
                if record.sentAt >= crashedAt, record.sentAt < restartedAt {
                    report.slowestOutageAnswerMs = max(report.slowestOutageAnswerMs, milliseconds)
                    report.outageScans += 1
                }
            }
            let firstNormal = driver.records.first { record in
                record.sentAt >= restartedAt && record.answer.map { $0["event"] as? String != "error" } == true
            }
            report.recoverySeconds.append(firstNormal?.answeredAt.map { $0 - restartedAt } ?? .infinity)
        }
        try check(url, drivers: drivers, epoch: epoch, into: &report)
        return report
    }

    // MARK: The library

    private func seed(_ url: PostgresURL, at epoch: Date) throws {
        let connection = try PGConnection(url: url)
        try connection.execute("BEGIN")
        for index in 0..<Self.books {
            try connection.execute("INSERT INTO books (barcode, title) VALUES ($1, $2)", [Self.book(index), "えほん \(index)"])
        }
        for index in 0..<Self.children {
            try connection.execute("INSERT INTO users (card, name, loan_limit) VALUES ($1, $2, 50)", [Self.card(index), "こども \(index)"])
        }
        for index in 0..<Self.lentAtStart {
            try connection.execute("INSERT INTO loans (book, user_card, lent_at, due) VALUES ($1, $2, to_timestamp($3::float8), '2099-01-01')",
                                   [Self.book(index), Self.card(index % Self.children), String(epoch.timeIntervalSince1970 - 86_400)])
        }
        try connection.execute("COMMIT")
    }

    // MARK: Checking every answer against the database

    private func check(_ url: PostgresURL, drivers: [KioskDriver], epoch: Date, into report: inout DrillReport) throws {
        let connection = try PGConnection(url: url)
        struct Row { var id: Int64; var book: String; var user: String; var lentAt: Double; var returnedAt: Double? }
        let rows = try connection.rows("""
            SELECT id, book, coalesce(user_card, ''), extract(epoch FROM lent_at)::float8, extract(epoch FROM returned_at)::float8
            FROM loans ORDER BY id
            """) { row in
            Row(id: Int64(row.text(0)) ?? 0, book: row.text(1), user: row.text(2), lentAt: Double(row.text(3)) ?? 0,
                returnedAt: row.optionalText(4).flatMap(Double.init))
        }
        let start = epoch.timeIntervalSince1970
        func key(_ book: String, _ user: String) -> String { book + " " + user }
        var lentRows: [String: Int] = [:], returnedRows: [String: Int] = [:]
        for row in rows {
            if row.lentAt >= start { lentRows[key(row.book, row.user), default: 0] += 1 }
            if let returned = row.returnedAt, returned >= start { returnedRows[key(row.book, row.user), default: 0] += 1 }
        }
        var lentEvents: [String: Int] = [:], returnedEvents: [String: Int] = [:]
        for driver in drivers {
            for event in driver.events {
                let name = event["event"] as? String
                let book = event["book"] as? String ?? "", user = event["user"] as? String ?? ""
                if name == "lent" { lentEvents[key(book, user), default: 0] += 1 }
                if name == "returned" { returnedEvents[key(book, user), default: 0] += 1 }
            }
        }
        report.lentEvents = lentEvents.values.reduce(0, +)
        report.returnedEvents = returnedEvents.values.reduce(0, +)
        for name in Set(lentRows.keys).union(lentEvents.keys).sorted() where lentRows[name, default: 0] != lentEvents[name, default: 0] {
            report.problems.append("lent \(name): \(lentEvents[name, default: 0]) event(s), \(lentRows[name, default: 0]) Loan(s) made")
        }
        for name in Set(returnedRows.keys).union(returnedEvents.keys).sorted()
        where returnedRows[name, default: 0] != returnedEvents[name, default: 0] {
            report.problems.append("returned \(name): \(returnedEvents[name, default: 0]) event(s), \(returnedRows[name, default: 0]) Loan(s) closed")
        }

        // Each Book a return box answered with "leave it here" while the server was away.
        for driver in drivers where driver.isReturnBox {
            let deferred = driver.events.filter { $0["event"] as? String == "returned" && $0["deferred"] as? Bool == true }
            for record in driver.records where record.answer?["event"] as? String == "error"
                && record.answer?["fault"] as? String == "databaseUnreachable" && record.barcode.hasPrefix("B") {
                let time = record.virtualTime
                guard let loan = rows.first(where: { $0.book == record.barcode && $0.lentAt <= time
                                                     && ($0.returnedAt.map { $0 >= time - 0.0005 } ?? true) }) else { continue }
                guard let returned = loan.returnedAt else {
                    report.owedReturns += 1
                    report.problems.append("kiosk \(driver.index): \(record.barcode) left at \(String(format: "%.3f", time - start)) s is still on loan")
                    continue
                }
                if abs(returned - time) < 0.0005 {
                    report.owedReturns += 1
                    if deferred.contains(where: { $0["book"] as? String == record.barcode }) {
                        report.appliedReturns += 1
                    } else {
                        report.problems.append("kiosk \(driver.index): \(record.barcode) was returned at its scan's time with no deferred event from this kiosk")
                    }
                } else {
                    // Taken back at another kiosk (or another scan) before this kiosk was back:
                    // that return was told; this one has nothing left to do.
                    report.returnedElsewhere += 1
                }
            }
        }
    }
}

/// What the drill found: its figures and every disagreement between answers and database.
public struct DrillReport: Sendable {
    /// Seconds on the drill's clock.
    public var crashedAt = 0.0
    public var restartedAt = 0.0
    public var scans = 0
    public var outageScans = 0
    /// Scans whose kiosk was killed before it answered (no answer is owed).
    public var killedScans = 0
    public var slowestAnswerMs = 0.0
    /// Which scan that was.
    public var slowestScan = ""
    /// The slowest answer to a scan made while the server was away.
    public var slowestOutageAnswerMs = 0.0
    /// For each kiosk, seconds from the server accepting connections again to its first answer
    /// that is not an error (infinity when none came).
    public var recoverySeconds: [Double] = []
    /// Books left at a return box while the server was away whose Loan was still open when
    /// that kiosk was back (the returns its journal owed), and how many it applied, announced
    /// `"deferred": true`.
    public var owedReturns = 0
    public var appliedReturns = 0
    /// Books left at a return box but taken back elsewhere before that kiosk was back.
    public var returnedElsewhere = 0
    public var lentEvents = 0
    public var returnedEvents = 0
    /// Every answer that was not true or not given.
    public var problems: [String] = []

    public var recoveryMaxSeconds: Double { recoverySeconds.max() ?? .infinity }
    public var appliedRatio: Double { owedReturns == 0 ? 1 : Double(appliedReturns) / Double(owedReturns) }
}

/// The drill's clock: seconds since it started, and the kiosks' time (a whole second when it
/// started, moving with the real clock).
final class DrillClock: @unchecked Sendable {
    let epoch: Date
    private let started = DispatchTime.now().uptimeNanoseconds

    init(epoch: Date) { self.epoch = epoch }

    var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
    var now: Date { epoch.addingTimeInterval(seconds) }

    /// Waits `seconds` on a condition nobody signals: the drill's phases are lengths of time.
    func wait(seconds: Double) {
        let condition = NSCondition()
        condition.lock()
        _ = condition.wait(until: Date().addingTimeInterval(seconds))
        condition.unlock()
    }
}

/// What the kiosks' threads share: the Books out (to bring back), whether the server is away,
/// and whether to stop.
final class DrillShared: @unchecked Sendable {
    private let lock = NSLock()
    private var out: [String]
    private var stopped = false
    private var away = false

    init(books: [String]) { out = books }

    func put(_ book: String) { lock.withLock { out.append(book) } }
    func take(_ random: inout SplitMix) -> String? {
        let pick = Int(random.next() % 1_000_000)
        return lock.withLock { out.isEmpty ? nil : out.remove(at: pick % out.count) }
    }
    func stop() { lock.withLock { stopped = true } }
    var isStopped: Bool { lock.withLock { stopped } }
    func setAway(_ value: Bool) { lock.withLock { away = value } }
    var isAway: Bool { lock.withLock { away } }
}

/// A small seeded random generator, so a drill scans the same way each run.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
