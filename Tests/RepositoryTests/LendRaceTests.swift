import Foundation
import Lending
import LendingSQLite
import Testing

/// Two kiosks, as two processes, lending the same Book at the same moment against one
/// database file. The second process is `lend-race-probe`, built beside the test bundle.
@Suite("Two processes, one database")
struct LendRaceTests {
    typealias F = Fixture

    enum RaceMode: String, CaseIterable, CustomTestStringConvertible {
        /// Each process scans the Book in its own User's Session, through `Circulation.scan`.
        case scan
        /// Each process calls `addLoan` directly: only the database stands between them.
        case addLoan = "add-loan"

        var testDescription: String { rawValue }
    }

    @Test("two processes lend one Book at once: one lends, the other sees it, never two open Loans",
          arguments: RaceMode.allCases)
    func race(mode: RaceMode) throws {
        let probe = try #require(Self.probeExecutable(),
                                 "lend-race-probe is not beside the test bundle: build with `swift build --build-tests`")
        try withTemporaryDirectory { directory in
            let path = directory + "/library.sqlite"
            try F.seed(SQLiteLendingRepository(path: path))

            let cards = [F.haruto.card, F.yui.card]
            let kiosks = try cards.map { card in
                try ProbeProcess(probe, arguments: [path, mode.rawValue, card, "B0001",
                                                    String(Int(F.t0.timeIntervalSince1970))])
            }
            defer { kiosks.forEach { $0.stop() } }

            // Both open the database and wait; then both get the start signal back to back.
            for kiosk in kiosks {
                #expect(kiosk.readLine() == "ready")
            }
            for kiosk in kiosks {
                try kiosk.start()
            }
            let answers = kiosks.map { $0.finish() }
            #expect(answers.map(\.status) == [0, 0])

            let lines = answers.map { $0.line ?? "(nothing)" }
            let winners = lines.indices.filter { lines[$0].hasPrefix("lent ") }
            try #require(winners.count == 1, "exactly one lend, got \(lines)")
            let winner = winners[0]
            let loser = 1 - winner
            let loanID = String(lines[winner].dropFirst("lent ".count))

            let repository = try SQLiteLendingRepository(path: path)
            let loans = try repository.read { try $0.allLoans() }
            #expect(loans.count == 1)
            #expect(loans.first.map { String($0.id) } == loanID)
            #expect(loans.first?.user == cards[winner])
            #expect(try repository.read { try $0.openLoans() }.count <= 1)

            switch (mode, lines[loser]) {
            case (.scan, "returned \(loanID)"):
                // Serialized after the lend, the other kiosk saw the Book on loan and, by the
                // rules of DESIGN.md §2, took it back.
                #expect(loans.first?.returnedAt == F.t0)
            case (.addLoan, "alreadyOnLoan"), (_, "fault busy"):
                #expect(loans.first?.isOpen == true)
            default:
                Issue.record("unexpected answer from the other process: \(lines[loser])")
            }
            #expect(try repository.integrityCheck() == ["ok"])
        }
    }

    /// `lend-race-probe` in the folder of the running test executable.
    static func probeExecutable() -> URL? {
        var folders: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        if let first = ProcessInfo.processInfo.arguments.first {
            folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        return folders.map { $0.appendingPathComponent("lend-race-probe") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// One running `lend-race-probe`, spoken to through pipes.
final class ProbeProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending = Data()

    init(_ executable: URL, arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// The next line the probe writes; nil once it has closed its output.
    func readLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending = Data(pending[pending.index(after: newline)...])
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            pending.append(chunk)
        }
    }

    /// Starts one round and leaves stdin open for the next.
    func startRound() throws {
        try input.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
    }

    /// Closes stdin: the probe ends after the rounds it was given.
    func endRounds() throws {
        try input.fileHandleForWriting.close()
    }

    /// Sends the start signal: one line on the probe's stdin.
    func start() throws {
        try input.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
        try input.fileHandleForWriting.close()
    }

    /// The probe's answer line and exit status, once it has exited.
    func finish() -> (line: String?, status: Int32) {
        let line = readLine()
        process.waitUntilExit()
        return (line, process.terminationStatus)
    }

    /// Ends the probe if it is still running (when the test stopped early).
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
