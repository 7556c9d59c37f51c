import Foundation
import Lending
import Testing

/// The `StaffStore` contract, run against every store: accounts, the PIN lock, page passwords
/// and sign-in records.
@Suite("StaffStore contract")
struct StaffStoreContractTests {
    typealias F = Fixture

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

            #expect(throws: F.Abandon.self) {
                try repository.transaction { tx in
                    try tx.save(Self.sakura)
                    try tx.save(StaffAccount(name: Self.principal.name, pinHash: "$y$j9T$othersalt$otherhash"))
                    #expect(try tx.removeStaffAccount(name: Self.aoki.name))
                    try tx.save(PINLock(failures: 2, lockouts: 3, lockedUntil: nil))
                    try tx.record(AuditEntry(time: F.t0 + 10, staff: "さくら先生",
                                             action: .withdrew(book: AuditedBook(barcode: "B0004", title: "x"), wasOnLoan: false)))
                    // Seen inside the transaction before it is abandoned.
                    #expect(try tx.auditEntries().count == 2)
                    throw F.Abandon()
                }
            }
            #expect(try repository.read { try $0.staffAccounts() } == accounts)
            #expect(try repository.read { try $0.pinLock() } == lock)
            #expect(try repository.read { try $0.auditEntries() } == log)
        }
    }

    // MARK: The teachers' page's sign-in

    @Test("a page password is set, kept when the PIN changes, removed with nil, and goes with the account; unknown Staff have none",
          arguments: RepositoryKind.allCases)
    func pagePasswords(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            let hash = "$y$j9T$pagesalt$pagehash"
            #expect(try !repository.transaction { try $0.setPasswordHash(hash, staff: Self.aoki.name) })
            #expect(try repository.read { try $0.passwordHash(staff: Self.aoki.name) } == nil)

            try repository.transaction { tx in
                try tx.save(Self.aoki)
                try tx.save(Self.principal)
            }
            #expect(try repository.read { try $0.passwordHash(staff: Self.aoki.name) } == nil)
            #expect(try repository.transaction { try $0.setPasswordHash(hash, staff: Self.aoki.name) })
            #expect(try repository.read { try $0.passwordHash(staff: Self.aoki.name) } == hash)
            #expect(try repository.read { try $0.passwordHash(staff: Self.principal.name) } == nil)

            // A new PIN leaves the password alone.
            try repository.transaction { try $0.save(StaffAccount(name: Self.aoki.name, pinHash: "$y$j9T$new$pin")) }
            #expect(try repository.read { try $0.passwordHash(staff: Self.aoki.name) } == hash)

            #expect(try repository.transaction { try $0.setPasswordHash(nil, staff: Self.aoki.name) })
            #expect(try repository.read { try $0.passwordHash(staff: Self.aoki.name) } == nil)

            try repository.transaction { _ = try $0.setPasswordHash(hash, staff: Self.aoki.name) }
            #expect(try repository.transaction { try $0.removeStaffAccount(name: Self.aoki.name) })
            try repository.transaction { try $0.save(Self.aoki) }
            #expect(try repository.read { try $0.passwordHash(staff: Self.aoki.name) } == nil)
        }
    }

    @Test("a sign-in record is empty until saved, comes back as saved per account, and goes with the account",
          arguments: RepositoryKind.allCases)
    func signInRecords(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                try tx.save(Self.aoki)
                try tx.save(Self.sakura)
            }
            #expect(try repository.read { try $0.signInRecord(staff: Self.aoki.name) } == SignInRecord())

            let locked = SignInRecord(failures: 6, lastFailure: F.t0, lockedUntil: F.t0 + 1800)
            try repository.transaction { try $0.save(locked, staff: Self.aoki.name) }
            #expect(try repository.read { try $0.signInRecord(staff: Self.aoki.name) } == locked)
            #expect(try repository.read { try $0.signInRecord(staff: Self.sakura.name) } == SignInRecord())

            // Saving nil over the times clears them.
            let counting = SignInRecord(failures: 1, lastFailure: F.t0 + 2000, lockedUntil: nil)
            try repository.transaction { try $0.save(counting, staff: Self.aoki.name) }
            #expect(try repository.read { try $0.signInRecord(staff: Self.aoki.name) } == counting)
            try repository.transaction { try $0.save(SignInRecord(), staff: Self.aoki.name) }
            #expect(try repository.read { try $0.signInRecord(staff: Self.aoki.name) } == SignInRecord())

            // Nobody by that name: nothing is kept.
            try repository.transaction { try $0.save(locked, staff: "だれでもない") }
            #expect(try repository.read { try $0.signInRecord(staff: "だれでもない") } == SignInRecord())

            try repository.transaction { try $0.save(locked, staff: Self.sakura.name) }
            #expect(try repository.transaction { try $0.removeStaffAccount(name: Self.sakura.name) })
            try repository.transaction { try $0.save(Self.sakura) }
            #expect(try repository.read { try $0.signInRecord(staff: Self.sakura.name) } == SignInRecord())
        }
    }
}
