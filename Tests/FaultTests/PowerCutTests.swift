import Foundation
import LendingSQLite
import Testing

/// A `simulate` kiosk lending and returning from a generated scan stream is killed with
/// SIGKILL at random moments (seeded). After each kill the database must be sound, hold every
/// `lent` and `returned` the kiosk printed, never hold two open Loans for one Book, and the
/// next kiosk must carry on. `BOOKKIOSK_FAULT_KILLS` sets the number of kills (default 50;
/// `scripts/fault-soak.sh` uses 200).
@Suite("Power cut")
struct PowerCutTests {
    static let books = 40
    static let users = 8
    static let start = Date(timeIntervalSince1970: 1_796_115_600) // 2026-12-01T09:00:00Z

    /// One run's scans: Sessions of a Card and one to three Books, 3 s apart (past the
    /// debounce, inside the Session). Returns the script and how many event lines it makes.
    static func script(_ random: inout SplitMix64, sessions: Int) -> (text: String, events: Int) {
        var lines: [String] = []
        var scans = 0
        for _ in 0..<sessions {
            lines.append(String(format: "C%04d", Int(random.next() % UInt64(users)) + 1))
            scans += 1
            for _ in 0..<(1 + Int(random.next() % 3)) {
                lines.append("@wait 3s")
                lines.append(String(format: "B%04d", Int(random.next() % UInt64(books)) + 1))
                scans += 1
            }
            lines.append("@wait 3s")
        }
        return (lines.joined(separator: "\n") + "\n", 1 + scans)
    }

    @Test("SIGKILL at random moments: sound database, every printed lend and return kept, next run carries on")
    func powerCuts() throws {
        let kills = Int(ProcessInfo.processInfo.environment["BOOKKIOSK_FAULT_KILLS"] ?? "") ?? 50
        let folder = try TemporaryFolder("powercut")
        let database = folder.file("library.sqlite")
        try makeLibrary(at: database, books: Self.books, users: Self.users)
        let config = try folder.configuration(#", "loanLimit": 3, "blockOnOverdue": false"#)
        // Kept open for the whole test, so the WAL is never checkpointed away by a last close:
        // each kiosk meets the database exactly as the kill left it. It reads only.
        let observer = try SQLiteConnection(path: database, mode: .readWrite)
        try observer.setBusyTimeout(.seconds(10))

        var random = SplitMix64(seed: 0x6B696F736B)
        var counts = (kills: 0, killedBeforeReady: 0, events: 0, lent: 0, returned: 0, checks: 0)
        for run in 0..<kills {
            let now = Self.start.addingTimeInterval(Double(run) * 6 * 3600)
            let (text, eventCount) = Self.script(&random, sessions: 12)
            let kiosk = try RunningProcess(
                executable: BookKioskBinary.path,
                arguments: ["simulate", "--write", "--db", database, "--config", config, "--now", EventTime.text(now)],
                environment: folder.environment)
            try kiosk.write(text)
            // Kill after a random number of lines (0: at once, maybe before the database is open).
            let killAfter = Int(random.next() % UInt64(eventCount + 1))
            var lines: [String] = []
            while lines.count < killAfter, let line = kiosk.readLine() { lines.append(line) }
            #expect(lines.count == killAfter, "run \(run): the kiosk stopped after \(lines.count) of \(killAfter) lines: \(kiosk.errors)")
            kill(kiosk.pid, SIGKILL)
            lines += kiosk.readToEnd().split(separator: "\n").map(String.init)
            let (_, signal) = kiosk.wait()
            #expect(signal == SIGKILL, "run \(run): the kiosk ended by itself before the kill: \(kiosk.errors)")
            counts.kills += 1
            if lines.isEmpty { counts.killedBeforeReady += 1 }

            // What was printed before the kill.
            let events = lines.compactMap(Event.init)
            #expect(events.count == lines.count, "run \(run): a line that is not JSON: \(lines)")
            if let first = events.first { #expect(first.name == "ready", "run \(run): the next run did not start: \(first.fields)") }
            #expect(!events.contains { $0.name == "error" }, "run \(run): \(events.filter { $0.name == "error" }.map(\.fields))")
            counts.events += events.count

            // The database as the kill left it.
            #expect(try observer.rows("PRAGMA integrity_check") { $0.text(0) } == ["ok"], "run \(run)")
            let doubled = try observer.rows(
                "SELECT book FROM loans WHERE returned_at IS NULL GROUP BY book HAVING count(*) > 1") { $0.text(0) }
            #expect(doubled.isEmpty, "run \(run): Books with two open Loans: \(doubled)")
            for event in events where event.name == "lent" || event.name == "returned" {
                let book = try #require(event["book"]), time = try #require(event["time"].flatMap(EventTime.date))
                let found: Int64?
                if event.name == "lent" {
                    found = try observer.firstRow(
                        "SELECT count(*) FROM loans WHERE book = ? AND user = ? AND abs(lent_at - ?) < 0.5",
                        [.text(book), .text(event["user"] ?? ""), .real(time.timeIntervalSince1970)]) { $0.int64(0) }
                    counts.lent += 1
                } else {
                    found = try observer.firstRow(
                        "SELECT count(*) FROM loans WHERE book = ? AND abs(returned_at - ?) < 0.5",
                        [.text(book), .real(time.timeIntervalSince1970)]) { $0.int64(0) }
                    counts.returned += 1
                }
                counts.checks += 1
                #expect(found == 1, "run \(run): \(event.name) of \(book) at \(event["time"] ?? "") was printed but is not in the database")
            }
        }

        // The kiosk after the last kill: it starts, lends and returns, and ends cleanly.
        let after = try BookKioskBinary.run(
            ["simulate", "--write", "--db", database, "--config", config, "--now", EventTime.text(Self.start.addingTimeInterval(Double(kills + 1) * 6 * 3600))],
            input: Data("C0001\n@wait 3s\nB0001\n@wait 3s\nB0001\n".utf8), in: folder)
        let names = after.output.split(separator: "\n").compactMap { Event(String($0))?.name }
        #expect(after.status == 0 && after.signal == nil, "\(after.errors)")
        #expect(names.first == "ready" && names.count == 4 && names.dropFirst(2).allSatisfy { ["lent", "returned"].contains($0) },
                "after the kills: \(names)")
        report("power cut: \(counts.kills) kills (\(counts.killedBeforeReady) before ready), \(counts.events) events printed before kills, \(counts.lent) lent and \(counts.returned) returned found in the database (\(counts.checks) checks), integrity_check ok \(counts.kills) times")
    }
}

/// Event stream times: ISO 8601, whole seconds.
enum EventTime {
    static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
