import Foundation
import Lending
import Testing

/// The audit log's privacy window: entries keep the User apart from their detail, and forget
/// it once older than the cutoff.
extension RepositoryContractTests {
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
}
