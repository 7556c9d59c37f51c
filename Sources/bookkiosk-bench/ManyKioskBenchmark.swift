import Foundation
import Lending
import LendingPostgres
import POSIX
import PostgresScratch

/// Several kiosks scanning at once on one PostgreSQL library: a scratch server
/// with `fsync` and `synchronous_commit` on that logs lock waits and deadlocks to its log
/// file, 2,000 Books and 300 children, then 1, 2, 4 and 8 kiosks, each on a thread of its own
/// with its own connection, scanning what children at a busy library scan: a Card, Books (lent,
/// or taken back when another child had them), now and then another child's Card while the
/// Session is open, and Books brought back with no Session. Most scans fall on a shared set of
/// popular Books and children, so the kiosks keep meeting on the same rows.
///
/// Each scan is `Circulation.scan` on the kiosk's own `PostgresLendingRepository`: the scan
/// path's one transaction, as the kiosk runs it, retries included. The Session follows the
/// Outcomes as the kiosk's does (a greeting opens one; the child leaving ends it).
struct ManyKioskBenchmark {
    struct Figures {
        var kiosks: Int
        /// Every scan of every kiosk, in milliseconds.
        var scans = Latencies()
        var seconds = 0.0
        /// `deadlock detected` lines in the server's log during the run.
        var deadlocks = 0
        /// `still waiting for` lines: a lock waited on for longer than `deadlock_timeout`.
        var longLockWaits = 0
        /// The statements the deadlocks were between, as the log's DETAIL names them.
        var deadlockedStatements: Set<String> = []
        /// Scans that ended in a thrown fault (none expected).
        var faults: [String] = []
        var outcomes: [String: Int] = [:]

        var scansPerSecond: Double { Double(scans.count) / seconds }
    }

    static let books = 2_000
    static let children = 300
    /// The shared set most scans fall on.
    static let popularBooks = 40
    static let popularChildren = 16

    var kioskCounts = [1, 2, 4, 8]
    var scansPerKiosk: Int
    var now: Date

    func run(progress: (String) -> Void) throws -> [Figures] {
        let server = try ScratchPostgresServer(durable: true, settings: [
            "log_lock_waits": "on", "deadlock_timeout": "1s", "log_min_messages": "warning",
        ])
        defer { server.stop() }
        var results: [Figures] = []
        for count in kioskCounts {
            let url = try server.freshDatabase()
            try seed(url)
            progress("PostgreSQL: \(count) kiosk\(count == 1 ? "" : "s") at once, \(scansPerKiosk) scans each")
            let logStart = Self.fileSize(server.logPath)
            var figures = try runKiosks(count, url: url)
            let log = Self.text(of: server.logPath, from: logStart)
            figures.deadlocks = log.components(separatedBy: "\n").filter { $0.contains("deadlock detected") }.count
            figures.longLockWaits = log.components(separatedBy: "\n").filter { $0.contains("still waiting for") }.count
            figures.deadlockedStatements = Self.deadlockedStatements(in: log)
            results.append(figures)
            try? server.dropDatabase(url)
        }
        return results
    }

    // MARK: The library

    static func bookBarcode(_ index: Int) -> String { "B" + String(format: "%05d", index) }
    static func card(_ index: Int) -> String { "C" + String(format: "%04d", index) }

    private func seed(_ url: PostgresURL) throws {
        let repository = try PostgresLendingRepository(url: url)
        try repository.transaction { tx in
            for index in 0..<Self.books { try tx.save(Book(barcode: Self.bookBarcode(index), title: "えほん \(index)")) }
            for index in 0..<Self.children { try tx.save(User(card: Self.card(index), name: "こども \(index)")) }
            // Each kiosk's own Book and child, for warming its connection up.
            for kiosk in 0..<(kioskCounts.max() ?? 0) {
                try tx.save(Book(barcode: "W\(kiosk)", title: "warm-up"))
                try tx.save(User(card: "K\(kiosk)", name: "warm-up"))
            }
        }
    }

    // MARK: The kiosks

    /// What one kiosk is scanning next.
    enum Step {
        case scan(String)
        /// A Book some child borrowed comes back: one from the pile of Books out.
        case bringBack
        /// The child walks away: the Session ends.
        case leave
    }

    /// One child's visit: their Card, one or two Books brought back (another child's, as
    /// often as not), one or two Books to borrow, sometimes another child's Card and a Book
    /// while the Session is open; then the child leaves, and sometimes a Book comes back with
    /// no Session.
    static func visit(_ random: inout SplitMix64) -> [Step] {
        func percent(_ chance: Int) -> Bool { Int.random(in: 0..<100, using: &random) < chance }
        func child() -> String {
            card(percent(70) ? Int.random(in: 0..<popularChildren, using: &random) : Int.random(in: 0..<children, using: &random))
        }
        func book() -> String {
            bookBarcode(percent(60) ? Int.random(in: 0..<popularBooks, using: &random) : Int.random(in: 0..<books, using: &random))
        }
        var steps: [Step] = [.scan(child()), .bringBack]
        if percent(50) { steps.append(.bringBack) }
        steps.append(.scan(book()))
        if percent(50) { steps.append(.scan(book())) }
        if percent(40) { steps += [.scan(child()), .scan(book())] }
        steps.append(.leave)
        if percent(50) { steps.append(.bringBack) }
        return steps
    }

    /// The Books out on loan, as the children carry them from kiosk to kiosk.
    final class Pile: @unchecked Sendable {
        private let lock = NSLock()
        private var books: [String] = []

        func put(_ barcode: String) { lock.withLock { books.append(barcode) } }

        /// One of the Books out, picked at random, or a popular Book when none is out.
        func take(_ random: inout SplitMix64) -> String {
            let index = Int.random(in: 0..<Int(UInt32.max), using: &random)
            return lock.withLock {
                books.isEmpty ? ManyKioskBenchmark.bookBarcode(index % ManyKioskBenchmark.popularBooks)
                              : books.remove(at: index % books.count)
            }
        }
    }

    /// What the kiosks' threads hand back.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var scans = Latencies()
        private(set) var faults: [String] = []
        private(set) var outcomes: [String: Int] = [:]

        func add(_ kiosk: Latencies, faults more: [String], outcomes counted: [String: Int]) {
            lock.withLock {
                for sample in kiosk.samples { scans.add(sample) }
                faults += more
                outcomes.merge(counted, uniquingKeysWith: +)
            }
        }
    }

    private func runKiosks(_ count: Int, url: PostgresURL) throws -> Figures {
        let collected = Collected()
        let pile = Pile()
        let ready = DispatchGroup()
        let done = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        let circulation = Circulation(policy: Policy(timeZone: TimeZone(identifier: "UTC")!))
        let scans = scansPerKiosk
        let now = now
        for kiosk in 0..<count {
            ready.enter()
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                var latencies = Latencies()
                var faults: [String] = []
                var outcomes: [String: Int] = [:]
                do {
                    let repository = try PostgresLendingRepository(url: url)
                    // Prepares the scan path's statements on this connection: a Card, a lend, a return.
                    let warm = try circulation.scan("K\(kiosk)", session: nil, at: now, in: repository)
                    if case .greeted(let user, _) = warm {
                        _ = try circulation.scan("W\(kiosk)", session: user, at: now, in: repository)
                        _ = try circulation.scan("W\(kiosk)", session: nil, at: now, in: repository)
                    }
                    ready.leave()
                    go.wait()
                    var random = SplitMix64(seed: 21 + UInt64(kiosk))
                    var session: User?
                    while latencies.count + faults.count < scans {
                        for step in Self.visit(&random) {
                            let barcode: String
                            switch step {
                            case .scan(let scanned): barcode = scanned
                            case .bringBack: barcode = pile.take(&random)
                            case .leave: session = nil; continue
                            }
                            let start = monotonicNanoseconds()
                            do {
                                let outcome = try circulation.scan(barcode, session: session, at: now, in: repository)
                                latencies.add(microseconds(from: start, to: monotonicNanoseconds()) / 1000)
                                outcomes[Self.name(of: outcome), default: 0] += 1
                                if case .greeted(let user, _) = outcome { session = user }
                                if case .lent(_, let book, _, _) = outcome { pile.put(book.barcode) }
                            } catch {
                                faults.append("\(error)")
                            }
                        }
                    }
                } catch {
                    ready.leave()
                    faults.append("kiosk \(kiosk) could not start: \(error)")
                }
                collected.add(latencies, faults: faults, outcomes: outcomes)
            }
            thread.start()
        }
        ready.wait()
        let start = monotonicNanoseconds()
        for _ in 0..<count { go.signal() }
        done.wait()
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        return Figures(kiosks: count, scans: collected.scans, seconds: seconds, faults: collected.faults,
                       outcomes: collected.outcomes)
    }

    static func name(of outcome: Outcome) -> String {
        switch outcome {
        case .greeted: "greeted"
        case .lent: "lent"
        case .returned: "returned"
        case .refused(let refusal, _, _, _): "refused \(refusal)"
        }
    }

    // MARK: The server's log

    /// The statements of the DETAIL lines after each `deadlock detected` ("Process 123: SELECT …").
    static func deadlockedStatements(in log: String) -> Set<String> {
        var found: Set<String> = []
        var inDeadlock = false
        for line in log.components(separatedBy: "\n") {
            if line.contains("deadlock detected") { inDeadlock = true; continue }
            guard inDeadlock else { continue }
            if line.contains("HINT:") || line.contains("STATEMENT:") { inDeadlock = false; continue }
            if let range = line.range(of: #"Process \d+: "#, options: .regularExpression) {
                found.insert(String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces))
            }
        }
        return found
    }

    static func fileSize(_ path: String) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.uint64Value ?? 0
    }

    /// The log from byte `offset` on.
    static func text(of path: String, from offset: UInt64) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        try? handle.seek(toOffset: offset)
        return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
    }
}
