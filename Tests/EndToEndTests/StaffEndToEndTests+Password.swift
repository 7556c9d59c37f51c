import Foundation
import Lending
import LendingSQLite
import StaffPIN
import Testing

/// `bookkiosk staff password NAME`: the teachers' page password, from a pipe as a script gives it.
extension StaffEndToEndTests {
    static let password = "ひまわり 組 pass"

    @Test func aPagePasswordIsSetAsAHashLiftsTheSignInLockAndIsAudited() throws {
        let (folder, common) = try library()
        let database = folder.path("library.sqlite")
        let lock = SignInRecord(failures: 6, lastFailure: Date(timeIntervalSince1970: 1_796_115_600),
                                lockedUntil: Date(timeIntervalSince1970: 1_796_117_400))
        try SQLiteLendingRepository(path: database).transaction { try $0.save(lock, staff: "Tanaka") }

        let result = try BookKioskBinary.run(["staff", "password", "Tanaka"] + common, input: Self.password + "\n", in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Set the page password of Tanaka"))
        #expect(!result.output.contains(Self.password) && !result.errors.contains(Self.password))

        let repository = try SQLiteLendingRepository(path: database)
        let hash = try #require(try repository.transaction { try $0.passwordHash(staff: "Tanaka") })
        #expect(hash.hasPrefix("$y$"))
        // The line as typed, its spaces included.
        #expect(PagePassword.verify(Self.password, against: hash))
        #expect(!PagePassword.verify("ひまわり組pass", against: hash))
        #expect(try repository.transaction { try $0.signInRecord(staff: "Tanaka") } == SignInRecord())
        let entry = try #require(try repository.transaction { try $0.auditEntries() }.last)
        #expect(entry.action == .setPassword(name: "Tanaka"))
        #expect(!entry.action.storedValues.contains(Self.password))
        // The PIN still opens staff mode.
        #expect(try repository.transaction { try $0.staffAccounts() }.map(\.name) == ["Tanaka"])

        let audit = try BookKioskBinary.run(["report", "audit"] + common, in: folder.url)
        #expect(audit.output.contains("Set a password: Tanaka (any sign-in lock lifted)"))
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) where file.hasPrefix("library.sqlite") {
            let bytes = try Data(contentsOf: folder.url.appendingPathComponent(file))
            #expect(bytes.range(of: Data(Self.password.utf8)) == nil, "the password found in \(file)")
        }
    }

    @Test func aShortMissingOrUnknownPasswordChangesNothing() throws {
        let (folder, common) = try library()
        let short = try BookKioskBinary.run(["staff", "password", "Tanaka"] + common, input: "1234567\n", in: folder.url)
        #expect(short.status == 1)
        #expect(short.errors.contains("needs at least 8"))
        let none = try BookKioskBinary.run(["staff", "password", "Tanaka"] + common, input: "", in: folder.url)
        #expect(none.status == 1)
        #expect(none.errors.contains("No password was given"))
        let nobody = try BookKioskBinary.run(["staff", "password", "Suzuki"] + common, input: Self.password + "\n", in: folder.url)
        #expect(nobody.status == 1)
        #expect(nobody.errors.contains("There is no Staff member named Suzuki"))
        let unnamed = try BookKioskBinary.run(["staff", "password"] + common, input: Self.password + "\n", in: folder.url)
        #expect(unnamed.status == 2)
        #expect(unnamed.errors.contains("needs the Staff member's name"))

        let repository = try SQLiteLendingRepository(path: folder.path("library.sqlite"))
        #expect(try repository.transaction { try $0.passwordHash(staff: "Tanaka") } == nil)
        #expect(try !repository.transaction { try $0.auditEntries() }.contains { $0.action.kind == .setPassword })
    }
}
