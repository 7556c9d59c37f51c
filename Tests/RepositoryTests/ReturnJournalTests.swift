import Foundation
import Lending
import LendingPostgres
import LendingSQLite
import Testing

/// The kiosk's journal on disk: notes and returns owed survive reopening, the bound
/// is kept, a file from before scans had ids is read, and `ReturnJournalSummary` reads it all
/// without changing it.
@Suite("The return journal (SQLite)")
struct ReturnJournalTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)

    @Test("notes and returns owed survive reopening, in scan order; a note kept becomes a return owed")
    func entriesSurviveReopening() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/return-journal.sqlite"
            let journal = try SQLiteReturnJournal(path: path)
            let noted = JournalledScan(id: "a", barcode: "B0001", card: "C0001", scannedAt: t0 + 2, kind: .noted)
            try journal.begin(noted)
            try journal.begin(JournalledScan(id: "b", barcode: "B0002", scannedAt: t0 + 1, kind: .noted))
            var kept = noted
            kept.kind = .returnOwed
            try journal.keep(kept)
            try journal.begin(JournalledScan(id: "c", barcode: "B0003", scannedAt: t0 + 3, kind: .noted))
            try journal.finish(scan: "c")
            let reopened = try SQLiteReturnJournal(path: path)
            #expect(try reopened.entries().map(\.id) == ["b", "a"])
            #expect(try reopened.entries().map(\.kind) == [.noted, .returnOwed])
            #expect(try reopened.entries().last?.card == "C0001")
            #expect(try ReturnJournalSummary.read(path) == ReturnJournalSummary(returnsOwed: 1, noted: 1, oldestReturn: t0 + 2))
        }
    }

    @Test("at its bound the journal keeps no further return, and says so")
    func theBound() throws {
        try withTemporaryDirectory { directory in
            let journal = try SQLiteReturnJournal(path: directory + "/return-journal.sqlite", capacity: 2)
            for index in 0..<2 {
                try journal.keep(JournalledScan(id: "r\(index)", barcode: "B000\(index)", scannedAt: t0 + Double(index), kind: .returnOwed))
            }
            let refused = #expect(throws: ReturnJournalFull.self) {
                try journal.keep(JournalledScan(id: "r2", barcode: "B0002", scannedAt: t0 + 2, kind: .returnOwed))
            }
            #expect(refused?.description.contains("2 returns") == true)
            #expect(try journal.entries().count == 2)
            // Once one is applied there is room again.
            try journal.finish(scan: "r0")
            try journal.keep(JournalledScan(id: "r2", barcode: "B0002", scannedAt: t0 + 2, kind: .returnOwed))
            #expect(try journal.entries().map(\.id) == ["r1", "r2"])
        }
    }

    @Test("a journal from before scans had ids: each return becomes a return owed with an id")
    func anOlderJournalIsRead() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/return-journal.sqlite"
            let old = try SQLiteConnection(path: path, mode: .readWriteCreate)
            try old.executeScript("""
                CREATE TABLE deferred_returns (id INTEGER PRIMARY KEY, barcode TEXT NOT NULL, scanned_at REAL NOT NULL) STRICT;
                INSERT INTO deferred_returns (barcode, scanned_at) VALUES ('B0002', 1796115660), ('B0001', 1796115630);
                """)
            #expect(try ReturnJournalSummary.read(path)?.returnsOwed == 2)
            let journal = try SQLiteReturnJournal(path: path)
            let entries = try journal.entries()
            #expect(entries.map(\.barcode) == ["B0001", "B0002"])
            #expect(entries.allSatisfy { $0.kind == .returnOwed && !$0.id.isEmpty })
            #expect(Set(entries.map(\.id)).count == 2)
        }
    }

    @Test("no file: nothing waits")
    func noFile() throws {
        try withTemporaryDirectory { directory in
            let summary = try ReturnJournalSummary.read(directory + "/return-journal.sqlite")
            #expect(summary == nil)
        }
    }
}

/// `ScanRecordingTransaction`: a scan's change is found by its id, once; the stores that can
/// lose a COMMIT's reply (PostgreSQL) and the one tests use keep it.
@Suite("Scans found by their ids")
struct ScanRecordingTests {
    let t0 = Date(timeIntervalSince1970: 1_796_115_600)

    @Test(arguments: RepositoryKind.allCases.filter { $0 != .sqlite })
    func aScanIsFoundByItsID(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            try repository.transaction { tx in
                try tx.save(User(card: "C0001", name: "はると"))
                try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
            }
            let circulation = Circulation(policy: Policy(timeZone: TimeZone(identifier: "UTC")!))
            let user = User(card: "C0001", name: "はると")
            _ = try circulation.scan("B0001", session: user, at: t0, scan: "lend-1", in: repository)
            _ = try circulation.scan("B0001", session: nil, at: t0 + 60, scan: "return-1", in: repository)
            _ = try circulation.scan("C0001", session: nil, at: t0 + 61, scan: "card-1", in: repository)
            try repository.transaction { tx in
                let recording = try #require(tx as? any ScanRecordingTransaction)
                let lent = try recording.change(byScan: "lend-1")
                #expect(lent?.change == .lent)
                #expect(lent?.loan.book == "B0001")
                let returned = try recording.change(byScan: "return-1")
                #expect(returned?.change == .returned)
                #expect(returned?.loan.returnedAt == t0 + 60)
                #expect(try recording.change(byScan: "card-1") == nil)
                #expect(try recording.change(byScan: "never") == nil)
            }
            // A journalled return already written under its id is told, not written again.
            let again = try circulation.resolve(JournalledScan(id: "return-1", barcode: "B0001", scannedAt: t0 + 60, kind: .returnOwed),
                                                in: repository)
            guard case .returned(let loan, _, _, _, _)? = again else { Issue.record("\(String(describing: again))"); return }
            #expect(loan.returnedAt == t0 + 60)
            #expect(try repository.transaction { try $0.allLoans() }.count == 1)
            #expect(throws: LendingStoreError.scanRecorded(scan: "lend-1")) {
                try repository.transaction { tx in
                    try (tx as? any ScanRecordingTransaction)?.recordScan("lend-1", changed: loan.id, .returned)
                }
            }
        }
    }
}
