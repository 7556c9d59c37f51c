import Feedback
import Foundation
import Kiosk
import Lending
import LendingSQLite
import POSIX

/// Lend latency over a long run, with SQLite's auto-checkpoint landing on scans (SQLite's
/// default: 1000 pages) and with the kiosk's checkpoint when quiet (the auto-checkpoint a
/// 4000-page ceiling, a passive checkpoint whenever the kiosk is quiet).
enum CheckpointBenchmark {
    enum Mode: String, CaseIterable {
        /// SQLite's default: a commit that leaves 1000 pages in the WAL checkpoints it.
        case autocheckpoint
        /// `bookkiosk run` now: the ceiling, and a passive checkpoint when quiet.
        case quietCheckpoint

        static let sqliteDefaultPages = 1000
    }

    struct Figures {
        var lend = Latencies()
        /// Lends of the first child after a quiet moment, and of the others.
        var firstAfterQuiet = Latencies()
        var laterInGroup = Latencies()
        /// Checkpoints done when quiet (0 for `.autocheckpoint`).
        var quietCheckpoints = 0
        /// Their own time, which no child waits for: it happens between children.
        var quietCheckpointMillis = Latencies()
    }

    /// One mode's kiosk: a new small library at `path`, the runtime over it, and its figures.
    /// Children come in groups of 1–8 (seeded, the same groups in both modes); in
    /// `.quietCheckpoint` mode the kiosk is quiet after each group and checkpoints, as `run`
    /// does 3 s after the last scan.
    final class Kiosk {
        let mode: Mode
        private let repository: SQLiteLendingRepository
        private let runtime: KioskRuntime
        private let seen = Announcements()
        private let dataSet: DataSet
        private var clock: Date
        private var random: SplitMix64
        private var groupLeft = 0
        private(set) var figures = Figures()

        init(mode: Mode, path: String, dataSet: DataSet, start: Date, seed: UInt64) throws {
            self.mode = mode
            self.dataSet = dataSet
            try dataSet.generate(at: path, now: start, seed: 8)
            repository = try SQLiteLendingRepository(path: path)
            try repository.setAutocheckpoint(pages: mode == .autocheckpoint ? Mode.sqliteDefaultPages : SQLiteLendingRepository.autocheckpointCeilingPages)
            // Both modes start from an empty WAL.
            _ = try repository.checkpointWhenIdle()
            let seen = self.seen
            runtime = try benchKiosk(policy: Policy(timeZone: TimeZone(identifier: "UTC")!), repository: repository, now: start,
                                     announce: { event, _ in
                seen.lastTime = monotonicNanoseconds()
                seen.lastEvent = event
            }).runtime
            clock = start
            random = SplitMix64(seed: seed)
            runtime.feed(.started(at: clock))
        }

        private func scan(_ barcode: String) -> (KioskEvent?, Double) {
            clock = clock.addingTimeInterval(5)
            seen.lastEvent = nil
            let before = monotonicNanoseconds()
            runtime.feed(.scanned(barcode, at: clock))
            return (seen.lastEvent, microseconds(from: before, to: seen.lastTime))
        }

        /// `children` more children, each a Card, a lend and a return of a random Book.
        func serve(_ children: Int) throws {
            for _ in 0..<children {
                let firstOfGroup = groupLeft == 0
                if firstOfGroup { groupLeft = 1 + Int(random.next() % 8) }
                let card = DataSet.userCard(Int(random.next() % UInt64(dataSet.users)))
                var bookIndex = Int(random.next() % UInt64(dataSet.books))
                if bookIndex % 100 == 99 { bookIndex -= 1 } // withdrawn ones are not lent
                let book = DataSet.bookBarcode(bookIndex)
                guard case .outcome(.greeted) = scan(card).0 else { throw ScanPathBenchmark.Unexpected(description: "card \(card) not greeted") }
                let (lent, lendTime) = scan(book)
                guard case .outcome(.lent) = lent else { throw ScanPathBenchmark.Unexpected(description: "book \(book) not lent: \(String(describing: lent))") }
                figures.lend.add(lendTime)
                if firstOfGroup { figures.firstAfterQuiet.add(lendTime) } else { figures.laterInGroup.add(lendTime) }
                guard case .outcome(.returned) = scan(book).0 else { throw ScanPathBenchmark.Unexpected(description: "book \(book) not returned") }
                groupLeft -= 1
                if groupLeft == 0 && mode == .quietCheckpoint {
                    let before = monotonicNanoseconds()
                    _ = try repository.checkpointWhenIdle()
                    figures.quietCheckpointMillis.add(microseconds(from: before, to: monotonicNanoseconds()) / 1000)
                    figures.quietCheckpoints += 1
                }
            }
        }
    }
}

/// Where a lend's time goes, beside the durable-write floor's: each statement's time (SQLite's
/// own profile), the WAL frames each commit writes, and what is left for the rules, the
/// runtime and the event (not SQL).
enum LendAnatomy {
    /// The frame `checkpointWhenIdle` writes after a complete checkpoint, counted out of each commit's.
    static let primingFrames = 1

    struct Part {
        var sql: String
        var micros = Latencies()
    }

    struct Figures {
        var lend = Latencies()
        /// Each statement of a lend, in the order run, with its time.
        var lendStatements: [Part] = []
        var floor = Latencies()
        var floorStatements: [Part] = []
        /// WAL frames (4 KiB pages) one commit adds: a lend's and a floor insert's.
        var lendFrames = Latencies()
        var floorFrames = Latencies()
    }

    /// `rounds` lends (each followed, untimed, by the return and one floor commit), with the
    /// WAL checkpointed before each so every commit writes into an empty WAL, as after a quiet
    /// moment.
    static func run(path: String, dataSet: DataSet, rounds: Int, start: Date, seed: UInt64) throws -> Figures {
        try dataSet.generate(at: path, now: start, seed: 8)
        let repository = try SQLiteLendingRepository(path: path)
        let floorConnection = try FloorCommit(databasePath: path)
        let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
        let seen = Announcements()
        let runtime = try benchKiosk(policy: policy, repository: repository, now: start, announce: { event, _ in
            seen.lastTime = monotonicNanoseconds()
            seen.lastEvent = event
        }).runtime
        var clock = start
        runtime.feed(.started(at: clock))
        var random = SplitMix64(seed: seed)
        var figures = Figures()
        let profile = repository.profileStatements()
        defer { profile.stop() }

        for round in 0..<rounds {
            let card = DataSet.userCard(Int(random.next() % UInt64(dataSet.users)))
            var bookIndex = Int(random.next() % UInt64(dataSet.books))
            if bookIndex % 100 == 99 { bookIndex -= 1 }
            let book = DataSet.bookBarcode(bookIndex)
            clock = clock.addingTimeInterval(5)
            runtime.feed(.scanned(card, at: clock))
            _ = try repository.checkpointWhenIdle()

            profile.clear()
            clock = clock.addingTimeInterval(5)
            let before = monotonicNanoseconds()
            runtime.feed(.scanned(book, at: clock))
            let lendMicros = microseconds(from: before, to: seen.lastTime)
            guard case .outcome(.lent) = seen.lastEvent else { throw ScanPathBenchmark.Unexpected(description: "book \(book) not lent") }
            figures.lend.add(lendMicros)
            add(profile.statements, to: &figures.lendStatements)
            figures.lendFrames.add(Double(try repository.checkpointWhenIdle().frames - LendAnatomy.primingFrames))

            clock = clock.addingTimeInterval(5)
            runtime.feed(.scanned(book, at: clock))
            _ = try repository.checkpointWhenIdle()

            let floorProfile = floorConnection.profile()
            figures.floor.add(try floorConnection.commitOneRow(round))
            add(floorProfile.statements, to: &figures.floorStatements)
            floorProfile.stop()
            figures.floorFrames.add(Double(try repository.checkpointWhenIdle().frames - LendAnatomy.primingFrames))
        }
        return figures
    }

    /// Adds each statement's time to the part at its position (a lend runs the same
    /// statements in the same order each time).
    private static func add(_ statements: [(sql: String, nanoseconds: UInt64)], to parts: inout [Part]) {
        for (index, statement) in statements.enumerated() {
            if index == parts.count { parts.append(Part(sql: statement.sql)) }
            parts[index].micros.add(Double(statement.nanoseconds) / 1000)
        }
    }

    /// One line per statement: its p50 in µs and a short form of its SQL.
    static func describe(_ parts: [Part]) -> String {
        parts.map { part in
            let words = part.sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let short = words.count > 48 ? String(words.prefix(45)) + "…" : words
            return "\(rounded(part.micros.p50)) \(short)"
        }.joined(separator: " | ")
    }
}

extension FloorCommit {
    /// Profiles this connection's statements until the profile is stopped.
    func profile() -> StatementProfile {
        StatementProfile(connection)
    }
}

extension CheckpointBenchmark {
    /// Both modes over `rounds` children and the lend's anatomy over `anatomyRounds` lends on
    /// the small data set, as JSON and as table rows (figure, value, target).
    static func measure(folder: String, start: Date, rounds: Int, anatomyRounds: Int,
                        progress: (String) -> Void) throws -> (json: [String: Any], rows: [(String, String, String)]) {
        var json: [String: Any] = [:]
        var rows: [(String, String, String)] = []
        var byMode: [Mode: Figures] = [:]
        // Both kiosks serve in turns of `turn` children, so a disk that is slower for a while
        // (other programs on the machine) slows both alike.
        let turn = 250
        progress("long run: \(rounds) children (card, lend, return) in each mode, in turns of \(turn)")
        let kiosks = try Mode.allCases.map { try Kiosk(mode: $0, path: folder + "/long-\($0.rawValue).sqlite", dataSet: .small, start: start, seed: 1414) }
        var served = 0
        while served < rounds {
            let count = min(turn, rounds - served)
            for kiosk in kiosks { try kiosk.serve(count) }
            served += count
        }
        for kiosk in kiosks {
            let mode = kiosk.mode
            let figures = kiosk.figures
            byMode[mode] = figures
            var entry: [String: Any] = ["lendMicros": ["p50": rounded(figures.lend.p50), "p99": rounded(figures.lend.p99),
                                                       "p999": rounded(figures.lend.p999), "max": rounded(figures.lend.max)],
                                        "lends": figures.lend.count,
                                        "firstAfterQuietP50": rounded(figures.firstAfterQuiet.p50), "laterInGroupP50": rounded(figures.laterInGroup.p50)]
            if mode == .quietCheckpoint {
                entry["quietCheckpoints"] = figures.quietCheckpoints
                entry["quietCheckpointMillis"] = ["p50": rounded(figures.quietCheckpointMillis.p50), "max": rounded(figures.quietCheckpointMillis.max)]
            }
            json[mode.rawValue] = entry
            let how = mode == .autocheckpoint ? "before: auto-checkpoint at 1000 pages" : "after: checkpoint when quiet, ceiling 4000 pages"
            rows.append(("long run lendMicros p50 / p99 / p99.9 / max (\(how))",
                         "\(rounded(figures.lend.p50)) / \(rounded(figures.lend.p99)) / \(rounded(figures.lend.p999)) / \(rounded(figures.lend.max))"
                            + " (p50 first child after a quiet moment \(rounded(figures.firstAfterQuiet.p50)), others \(rounded(figures.laterInGroup.p50)))"
                            + (mode == .quietCheckpoint ? " (\(figures.quietCheckpoints) quiet checkpoints, p50 \(rounded(figures.quietCheckpointMillis.p50)) ms, between children)" : ""),
                         ""))
        }
        if let before = byMode[.autocheckpoint], let after = byMode[.quietCheckpoint] {
            rows.append(("long run lend max: after / before", "\(rounded(after.lend.max / before.lend.max, places: 2))",
                         "p99.9 after / before \(rounded(after.lend.p999 / before.lend.p999, places: 2))"))
        }
        json["rounds"] = rounds
        json["method"] = "small data set, \(rounds) children each Card + lend + return through KioskRuntime, the two modes taking turns of \(turn) children; quietCheckpoint: a passive checkpoint (untimed, between children) after groups of 1-8 children, the same groups in both modes"

        progress("lend anatomy: \(anatomyRounds) lends, each statement profiled")
        let anatomy = try LendAnatomy.run(path: folder + "/anatomy.sqlite", dataSet: .small, rounds: anatomyRounds, start: start, seed: 77)
        let lendSQL = anatomy.lendStatements.reduce(0) { $0 + $1.micros.p50 }
        let floorSQL = anatomy.floorStatements.reduce(0) { $0 + $1.micros.p50 }
        let commit = anatomy.lendStatements.last { $0.sql.uppercased().hasPrefix("COMMIT") }?.micros.p50 ?? .nan
        let floorCommit = anatomy.floorStatements.last { $0.sql.uppercased().hasPrefix("COMMIT") }?.micros.p50 ?? .nan
        json["lendAnatomy"] = [
            "lendMicrosP50": rounded(anatomy.lend.p50), "floorMicrosP50": rounded(anatomy.floor.p50),
            "lendStatementsMicrosP50": rounded(lendSQL), "floorStatementsMicrosP50": rounded(floorSQL),
            "lendCommitMicrosP50": rounded(commit), "floorCommitMicrosP50": rounded(floorCommit),
            "lendStatements": anatomy.lendStatements.count,
            "lendWALFramesP50": rounded(anatomy.lendFrames.p50), "floorWALFramesP50": rounded(anatomy.floorFrames.p50),
            "lendOutsideSQLMicrosP50": rounded(anatomy.lend.p50 - lendSQL),
            "statements": LendAnatomy.describe(anatomy.lendStatements),
        ]
        rows.append(("lend anatomy p50 µs: lend / its SQL / its COMMIT",
                     "\(rounded(anatomy.lend.p50)) / \(rounded(lendSQL)) (\(anatomy.lendStatements.count) statements) / \(rounded(commit)), WAL frames \(rounded(anatomy.lendFrames.p50))", ""))
        rows.append(("floor anatomy p50 µs: floor / its SQL / its COMMIT",
                     "\(rounded(anatomy.floor.p50)) / \(rounded(floorSQL)) / \(rounded(floorCommit)), WAL frames \(rounded(anatomy.floorFrames.p50))", ""))
        rows.append(("lend statements p50 µs", LendAnatomy.describe(anatomy.lendStatements), ""))
        return (json, rows)
    }
}
