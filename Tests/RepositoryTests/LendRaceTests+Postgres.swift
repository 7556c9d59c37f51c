import Foundation
import Lending
import LendingPostgres
import PostgresScratch
import Testing

/// Two kiosks, as two `lend-race-probe` processes, on one PostgreSQL database, round after
/// round: both get the start signal back to back, then the test reads both answers, checks
/// them, and takes the lent Books back before the next round.
@Suite("Two processes, one PostgreSQL database",
       .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
struct PostgresLendRaceTests {
    typealias F = Fixture

    static let rounds = 300

    @Test("the same Book at two kiosks at once: exactly one lend, every round; the other kiosk takes it back")
    func sameBook() throws {
        let tally = try race(kiosks: [(F.haruto.card, "B0001"), (F.yui.card, "B0001")]) { lines, loans in
            let lent = lines.filter { $0.hasPrefix("lent ") }
            #expect(lent.count == 1, "exactly one lend, got \(lines)")
            // Serialized behind the lend, the other kiosk saw the Book on loan and took it back.
            #expect(lines.filter { $0.hasPrefix("returned ") }.count == 1, "got \(lines)")
            #expect(loans.isEmpty)
        }
        #expect(tally.doubleLends == 0)
        #expect(tally.lends == Self.rounds)
    }

    @Test("one child with a limit of 1 at two kiosks, two Books at once: one lend, the other limitReached")
    func oneChildTwoBooks() throws {
        let tally = try race(kiosks: [(F.yui.card, "B0001"), (F.yui.card, "B0003")]) { lines, loans in
            #expect(lines.filter { $0.hasPrefix("lent ") }.count == 1, "exactly one lend, got \(lines)")
            #expect(lines.contains("refused limitReached"), "got \(lines)")
            #expect(loans.count == 1)
        }
        #expect(tally.overLimit == 0)
        #expect(tally.lends == Self.rounds)
    }

    @Test("addLoan directly at two kiosks: the unique index lets one through, the other hears alreadyOnLoan")
    func addLoanDirectly() throws {
        let tally = try race(kiosks: [(F.haruto.card, "B0001"), (F.yui.card, "B0001")], mode: "add-loan") { lines, loans in
            #expect(lines.filter { $0.hasPrefix("lent ") }.count == 1, "got \(lines)")
            #expect(lines.contains("alreadyOnLoan"), "got \(lines)")
            #expect(loans.count == 1)
        }
        #expect(tally.doubleLends == 0)
    }

    struct Tally {
        var lends = 0
        var doubleLends = 0
        var overLimit = 0
    }

    /// Runs `rounds` rounds; `check` sees both answers and the Loans open after the round.
    func race(kiosks: [(card: String, book: String)], mode: String = "scan",
              check: ([String], [Loan]) -> Void) throws -> Tally {
        let probe = try #require(LendRaceTests.probeExecutable(),
                                 "lend-race-probe is not beside the test bundle: build with `swift build --build-tests`")
        return try withPostgresDatabase { url in
            let repository = try PostgresLendingRepository(url: url)
            try F.seed(repository)
            let processes = try kiosks.map {
                try ProbeProcess(probe, arguments: [url.text, mode, $0.card, $0.book,
                                                    String(Int(F.t0.timeIntervalSince1970))])
            }
            defer { processes.forEach { $0.stop() } }
            for process in processes {
                #expect(process.readLine() == "ready")
            }
            var tally = Tally()
            for _ in 0..<Self.rounds {
                for process in processes { try process.startRound() }
                let lines = processes.map { $0.readLine() ?? "(nothing)" }
                let open = try repository.transaction { try $0.openLoans() }
                check(lines, open)
                tally.lends += lines.filter { $0.hasPrefix("lent ") }.count
                tally.doubleLends += Dictionary(grouping: open, by: \.book).values.filter { $0.count > 1 }.count
                let limits = [F.haruto.card: F.policy.loanLimit, F.yui.card: F.yui.loanLimit ?? F.policy.loanLimit]
                tally.overLimit += Dictionary(grouping: open, by: { $0.user ?? "" })
                    .filter { card, loans in loans.count > (limits[card] ?? F.policy.loanLimit) }.count
                // Take everything back for the next round.
                try repository.transaction { tx in
                    for loan in open { _ = try tx.closeLoan(id: loan.id, returnedAt: F.t0) }
                }
            }
            for process in processes { try process.endRounds() }
            #expect(processes.map { $0.finish().status } == [0, 0])
            return tally
        }
    }
}
