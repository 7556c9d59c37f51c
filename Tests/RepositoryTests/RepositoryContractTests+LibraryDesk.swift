import Foundation
import Lending
import Testing

/// The teachers' page's part of the contract: the library's rules, page passwords, sign-in
/// records, and removing a User.
extension RepositoryContractTests {
    static let rules = LibraryRules(loanLimit: 3, loanDays: 14, closedWeekdays: [.sunday, .wednesday, .saturday],
                                    closedDates: [LocalDate(year: 2026, month: 12, day: 29), LocalDate(year: 2027, month: 1, day: 2)],
                                    blockOnOverdue: false, libraryName: "ひまわり文庫")

    @Test("the library's rules are nil until saved, come back as saved, and a second save replaces them",
          arguments: RepositoryKind.allCases)
    func libraryRulesRoundTrip(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            #expect(try repository.read { try $0.libraryRules() } == nil)
            try repository.transaction { try $0.save(Self.rules) }
            #expect(try repository.read { try $0.libraryRules() } == Self.rules)

            let plain = LibraryRules(loanLimit: 0, loanDays: 1, closedWeekdays: [], closedDates: [], blockOnOverdue: true,
                                     libraryName: "")
            try repository.transaction { try $0.save(plain) }
            #expect(try repository.read { try $0.libraryRules() } == plain)

            // A save that is rolled back leaves the rules as they were.
            #expect(throws: Abandon.self) {
                try repository.transaction { tx in
                    try tx.save(Self.rules)
                    throw Abandon()
                }
            }
            #expect(try repository.read { try $0.libraryRules() } == plain)
        }
    }

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

    @Test("removing a User with Books out is refused and changes nothing", arguments: RepositoryKind.allCases)
    func removeUserWithOpenLoans(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.addLoan(book: "B0003", user: "C0001", lentAt: F.t0 + 1, due: F.dueFromT0, overrideBy: nil)
            }
            #expect(throws: LendingStoreError.userHasOpenLoans(card: "C0001", count: 2)) {
                try repository.transaction { try $0.removeUser(card: "C0001") }
            }
            #expect(try repository.read { try $0.user(card: "C0001") } == F.haruto)
            #expect(try repository.read { try $0.openLoans(user: "C0001") }.count == 2)
            #expect(try !repository.transaction { try $0.removeUser(card: "C9999") })
        }
    }

    @Test("removing a User forgets them in returned Loans and the audit log; the Loans and entries stay",
          arguments: RepositoryKind.allCases)
    func removeUserForgetsHistory(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                let first = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.closeLoan(id: first.id, returnedAt: F.t0 + 60)
                _ = try tx.addLoan(book: "B0003", user: "C0002", lentAt: F.t0 + 120, due: F.dueFromT0, overrideBy: nil)
                try tx.record(AuditEntry(time: F.t0, staff: "えんちょう", action: AuditSamples.lentB0001, user: AuditedUser(F.haruto)))
                try tx.record(AuditEntry(time: F.t0 + 1, staff: "えんちょう", action: AuditSamples.extendedB0003, user: AuditedUser(F.yui)))
            }
            #expect(try repository.transaction { try $0.removeUser(card: "C0001") })

            #expect(try repository.read { try $0.user(card: "C0001") } == nil)
            #expect(try repository.read { try $0.allUsers() } == [F.yui, F.inactive])
            let loans = try repository.read { try $0.allLoans() }
            #expect(loans.map(\.book) == ["B0001", "B0003"])
            #expect(loans.map(\.user) == [nil, "C0002"])
            #expect(try repository.read { try $0.loans(user: "C0001") }.isEmpty)
            let audit = try repository.read { try $0.auditEntries() }
            #expect(audit.map(\.user) == [nil, AuditedUser(F.yui)])
            #expect(audit.map(\.action) == [AuditSamples.lentB0001, AuditSamples.extendedB0003])
            // The card can be given to someone new.
            try repository.transaction { try $0.save(User(card: "C0001", name: "みお")) }
            #expect(try repository.read { try $0.loans(user: "C0001") }.isEmpty)
        }
    }

}

private enum AuditSamples {
    static let lentB0001 = AuditAction.lentPastRules(book: AuditedBook(barcode: "B0001", title: "ぐりとぐら"), due: Fixture.dueFromT0,
                                                     refusal: .limitReached)
    static let extendedB0003 = AuditAction.extended(book: AuditedBook(barcode: "B0003", title: "ねないこだれだ"),
                                                    from: Fixture.dueFromT0, to: LocalDate(year: 2026, month: 12, day: 15))
}
