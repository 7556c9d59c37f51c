import Foundation
import Lending
import Testing

/// The `RecordStore` contract, run against every store: the audit log, what was printed and
/// when, and the lend counts that name nobody.
@Suite("RecordStore contract")
struct RecordStoreContractTests {
    typealias F = Fixture

    @Test("the audit log keeps entries in the order recorded, with ids the store assigns",
          arguments: RepositoryKind.allCases)
    func auditLog(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            #expect(try repository.read { try $0.auditEntries() }.isEmpty)
            // Each test here keeps times rising with the order recorded, so "oldest first"
            // means the same in every implementation.
            let entries = [
                AuditEntry(id: 99, time: F.t0, staff: nil, action: .wrongPIN),
                AuditEntry(id: 99, time: F.t0 + 5, staff: "えんちょう", action: .enteredStaffMode),
                AuditEntry(id: -1, time: F.t0 + 30, staff: "えんちょう",
                           action: .registeredBook(book: AuditedBook(barcode: "B0100", title: "ねないこだれだ"), author: nil)),
            ]
            try repository.transaction { tx in
                for entry in entries.prefix(2) { try tx.record(entry) }
            }
            try repository.transaction { try $0.record(entries[2]) }

            let stored = try repository.read { try $0.auditEntries() }
            #expect(stored.count == entries.count)
            let ids = stored.map(\.id)
            #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "ids \(ids) do not rise in the order recorded")
            #expect(!ids.contains(99) && !ids.contains(-1))
            // Apart from the id, each entry is kept as given.
            for (entry, original) in zip(stored, entries) {
                var expected = original
                expected.id = entry.id
                #expect(entry == expected)
            }
        }
    }

    @Test("the audit log pages newest first with its total", arguments: RepositoryKind.allCases)
    func auditPages(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            #expect(try repository.read { try $0.auditEntries(newestFirst: 0, limit: 10) } == ListingPage(items: [], total: 0))
            try repository.transaction { tx in
                for second in 0..<5 {
                    try tx.record(AuditEntry(time: F.t0 + Double(second), staff: "えんちょう", action: .pinLocked(seconds: second)))
                }
            }
            let recorded = try repository.read { try $0.auditEntries() }
            let newestFirst = Array(recorded.reversed())
            #expect(newestFirst.map(\.action) == [4, 3, 2, 1, 0].map { .pinLocked(seconds: $0) })
            let newest = try repository.read { try $0.auditEntries(newestFirst: 0, limit: 2) }
            #expect(newest == ListingPage(items: Array(newestFirst[0..<2]), total: 5))
            let oldest = try repository.read { try $0.auditEntries(newestFirst: 4, limit: 2) }
            #expect(oldest == ListingPage(items: [newestFirst[4]], total: 5))
            let whole = try repository.read { try $0.auditEntries(newestFirst: 0, limit: 10) }
            #expect(whole == ListingPage(items: newestFirst, total: 5))
        }
    }

    // The privacy window: entries keep the User apart from their detail, and forget it once
    // older than the cutoff.
    @Test("audit entries recorded before the cutoff lose their User, newer ones keep it; the entries stay",
          arguments: RepositoryKind.allCases)
    func auditPrivacyWindow(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            let day = 86_400.0
            let hana = AuditedUser(card: "C0001", name: "はな")
            // An entry written before actions were kept as data, among today's.
            let old = AuditEntry(time: F.t0, staff: "えんちょう",
                                 action: .earlier(name: "override", detail: "lent B0001 「ぐりとぐら」, due 2026-12-08, past the rules"), user: hana)
            let unknownName = AuditEntry(time: F.t0 + 1, staff: "えんちょう",
                                         action: .forcedReturn(book: AuditedBook(barcode: "B0002", title: "はらぺこあおむし")),
                                         user: AuditedUser(card: "C0404", name: nil))
            let nobody = AuditEntry(time: F.t0 + 2, staff: "えんちょう", action: .enteredStaffMode)
            let recent = AuditEntry(time: F.t0 + 40 * day, staff: "さくら先生", action: .editedUser(changes: []),
                                    user: AuditedUser(card: "C0001", name: "はな → はなこ"))
            try repository.transaction { tx in
                for entry in [old, unknownName, nobody, recent] { try tx.record(entry) }
            }
            let before = try repository.read { try $0.auditEntries() }
            #expect(before.map(\.user) == [hana, AuditedUser(card: "C0404", name: nil), nil, recent.user])

            // privacyDays 30, on day 45: the first three are over 30 days old.
            let cutoff = F.t0 + 15 * day
            #expect(try repository.transaction { try $0.forgetAuditedUsers(recordedBefore: cutoff) } == 2)
            let after = try repository.read { try $0.auditEntries() }
            #expect(after.map(\.user) == [nil, nil, nil, recent.user])
            // Who on staff did what, when, to which Book: all still there.
            #expect(after.map(\.staff) == before.map(\.staff))
            #expect(after.map(\.action) == before.map(\.action))
            #expect(after.map(\.time) == before.map(\.time))
            #expect(after.map(\.id) == before.map(\.id))
            // Done once: the next day finds nothing more, and an entry exactly at the cutoff stays.
            #expect(try repository.transaction { try $0.forgetAuditedUsers(recordedBefore: cutoff) } == 0)
            #expect(try repository.transaction { try $0.forgetAuditedUsers(recordedBefore: recent.time) } == 0)
            #expect(try repository.read { try $0.auditEntries() }.last?.user == recent.user)
        }
    }

    @Test("printed Cards and labels are remembered by kind with the last time; a rollback forgets them",
          arguments: RepositoryKind.allCases)
    func printedTimes(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            #expect(try repository.transaction { try $0.printedTimes(.card) }.isEmpty)
            try repository.transaction { try $0.recordPrinted(.card, barcodes: ["10000001", "10000002"], at: F.t0) }
            try repository.transaction { try $0.recordPrinted(.label, barcodes: ["20000001"], at: F.t0 + 60) }
            #expect(try repository.transaction { try $0.printedTimes(.card) } == ["10000001": F.t0, "10000002": F.t0])
            #expect(try repository.transaction { try $0.printedTimes(.label) } == ["20000001": F.t0 + 60])

            // Printed again: the later time is kept.
            try repository.transaction { try $0.recordPrinted(.card, barcodes: ["10000002"], at: F.t0 + 3600) }
            #expect(try repository.transaction { try $0.printedTimes(.card) }["10000002"] == F.t0 + 3600)

            struct Abandoned: Error {}
            #expect(throws: Abandoned.self) {
                try repository.transaction { tx in
                    try tx.recordPrinted(.label, barcodes: ["20000009"], at: F.t0)
                    throw Abandoned()
                }
            }
            #expect(try repository.transaction { try $0.printedTimes(.label) }.keys.sorted() == ["20000001"])
        }
    }

    @Test("every Loan counts itself with its User's class at the time; counts outlive the privacy pass and follow a rename",
          arguments: RepositoryKind.allCases)
    func lendCounts(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            let month = LendCount.month(of: F.t0, in: .current)
            try repository.transaction { tx in
                try tx.save(SchoolClass(name: "ひよこ組", grade: 1))
                var haruto = try #require(try tx.user(card: "C0001"))
                haruto.className = "ひよこ組"
                try tx.save(haruto)
                let first = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.closeLoan(id: first.id, returnedAt: F.t0 + 60)
                _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0 + 120, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.addLoan(book: "B0002", user: "C0002", lentAt: F.t0 + 180, due: F.dueFromT0, overrideBy: nil)
            }
            let expected: Set<LendCount> = [LendCount(book: "B0001", className: "ひよこ組", month: month, lends: 2),
                                            LendCount(book: "B0002", className: nil, month: month, lends: 1)]
            #expect(Set(try repository.read { try $0.lendCounts(fromMonth: "2000-01") }) == expected)
            #expect(try repository.anonymizeReturnedLoans(olderThan: F.t0 + 1_000_000) == 1)
            #expect(Set(try repository.read { try $0.lendCounts(fromMonth: "2000-01") }) == expected)
            #expect(try repository.read { try $0.lendCounts(fromMonth: "2999-01") }.isEmpty)
            _ = try repository.transaction { try $0.renameClass("ひよこ組", to: "もも組") }
            #expect(try repository.read { try $0.lendCounts(fromMonth: "2000-01") }.contains { $0.className == "もも組" && $0.lends == 2 })
            try repository.transaction { try $0.replaceLendCounts([LendCount(book: "B0003", className: nil, month: "2026-04", lends: 5)]) }
            #expect(try repository.read { try $0.lendCounts(fromMonth: "2000-01") } == [LendCount(book: "B0003", className: nil, month: "2026-04", lends: 5)])
        }
    }
}
