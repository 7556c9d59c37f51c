import Foundation
import Lending
import Testing

/// The staff part of the LendingRepository contract: accounts, the PIN lock, the audit log.
extension RepositoryContractTests {
    /// crypt(3)-shaped strings; the store keeps them as given and never looks inside.
    static let principal = StaffAccount(name: "えんちょう", pinHash: "$y$j9T$principalsalt$principalhash")
    static let aoki = StaffAccount(name: "Aoki", pinHash: "$y$j9T$aokisalt$aokihash")
    static let sakura = StaffAccount(name: "さくら先生", pinHash: "$y$j9T$sakurasalt$sakurahash")

    @Test("Staff accounts are listed in name order; saving a name again replaces its PIN hash; removing says whether there was one",
          arguments: RepositoryKind.allCases)
    func staffAccounts(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            #expect(try repository.read { try $0.staffAccounts() }.isEmpty)
            try repository.transaction { tx in
                for account in [Self.sakura, Self.principal, Self.aoki] { try tx.save(account) }
            }
            #expect(try repository.read { try $0.staffAccounts() } == [Self.aoki, Self.principal, Self.sakura])

            let newPIN = StaffAccount(name: Self.principal.name, pinHash: "$y$j9T$othersalt$otherhash")
            try repository.transaction { try $0.save(newPIN) }
            #expect(try repository.read { try $0.staffAccounts() } == [Self.aoki, newPIN, Self.sakura])

            #expect(try repository.transaction { try $0.removeStaffAccount(name: Self.aoki.name) })
            #expect(try !repository.transaction { try $0.removeStaffAccount(name: Self.aoki.name) })
            #expect(try !repository.transaction { try $0.removeStaffAccount(name: "だれでもない") })
            #expect(try repository.read { try $0.staffAccounts() } == [newPIN, Self.sakura])
        }
    }

    @Test("the PIN lock is open until saved, and comes back as saved, with and without a lock time",
          arguments: RepositoryKind.allCases)
    func pinLockRoundTrip(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            #expect(try repository.read { try $0.pinLock() } == PINLock())

            let locked = PINLock(failures: 0, lockouts: 2, lockedUntil: F.t0 + 120)
            try repository.transaction { try $0.save(locked) }
            #expect(try repository.read { try $0.pinLock() } == locked)

            // Saving nil over a time clears it.
            let counting = PINLock(failures: 2, lockouts: 2, lockedUntil: nil)
            try repository.transaction { try $0.save(counting) }
            #expect(try repository.read { try $0.pinLock() } == counting)

            try repository.transaction { try $0.save(PINLock()) }
            #expect(try repository.read { try $0.pinLock() } == PINLock())
        }
    }

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

    @Test("an error thrown inside a transaction rolls back staff accounts, the PIN lock and the audit log",
          arguments: RepositoryKind.allCases)
    func staffRollbackOnThrow(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            let lock = PINLock(failures: 1, lockouts: 1, lockedUntil: F.t0 + 60)
            try repository.transaction { tx in
                try tx.save(Self.principal)
                try tx.save(Self.aoki)
                try tx.save(lock)
                try tx.record(AuditEntry(time: F.t0, staff: "えんちょう", action: .enteredStaffMode))
            }
            let accounts = try repository.read { try $0.staffAccounts() }
            let log = try repository.read { try $0.auditEntries() }

            #expect(throws: Abandon.self) {
                try repository.transaction { tx in
                    try tx.save(Self.sakura)
                    try tx.save(StaffAccount(name: Self.principal.name, pinHash: "$y$j9T$othersalt$otherhash"))
                    #expect(try tx.removeStaffAccount(name: Self.aoki.name))
                    try tx.save(PINLock(failures: 2, lockouts: 3, lockedUntil: nil))
                    try tx.record(AuditEntry(time: F.t0 + 10, staff: "さくら先生",
                                             action: .withdrew(book: AuditedBook(barcode: "B0004", title: "x"), wasOnLoan: false)))
                    // Seen inside the transaction before it is abandoned.
                    #expect(try tx.auditEntries().count == 2)
                    throw Abandon()
                }
            }
            #expect(try repository.read { try $0.staffAccounts() } == accounts)
            #expect(try repository.read { try $0.pinLock() } == lock)
            #expect(try repository.read { try $0.auditEntries() } == log)
        }
    }
}
