import Foundation
import Lending
@testable import LendingSQLite
import Testing

/// Migration 6 (the library's rules, page passwords, sign-in records, the lists' indexes) on a
/// database a kiosk already uses.
extension SQLiteLendingRepositoryTests {
    @Test("a version 5 database gains the rules, passwords and sign-in records with nothing lost, and matches a new one")
    func migrationFromVersion5() throws {
        try withTemporaryDirectory { directory in
            let oldPath = directory + "/version5.sqlite"
            try makeLibrary(at: oldPath, version: 5, rows: """
                INSERT INTO books (barcode, title) VALUES ('B0001', 'ぐりとぐら');
                INSERT INTO users (card, name) VALUES ('C0001', 'はると');
                INSERT INTO loans (book, user, lent_at, due) VALUES ('B0001', 'C0001', 1796115600, '2026-12-08');
                INSERT INTO staff (name, pin_hash) VALUES ('えんちょう', '$y$j9T$s$h');
                INSERT INTO audit_log (time, staff, action, detail, user, user_name)
                    VALUES (1796115600, 'えんちょう', 'override', 'lent B0001', 'C0001', 'はると');
                INSERT INTO printed (kind, barcode, printed_at) VALUES ('card', 'C0001', 1796115600);
                """)
            let migrated = try SQLiteLendingRepository(path: oldPath)
            #expect(try migrated.schemaVersion() == SQLiteLendingRepository.latestSchemaVersion)
            #expect(try migrated.read { try $0.allBooks() } == [Book(barcode: "B0001", title: "ぐりとぐら")])
            #expect(try migrated.read { try $0.allUsers() } == [User(card: "C0001", name: "はると")])
            #expect(try migrated.read { try $0.openLoans() }
                == [Loan(id: 1, book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0)])
            #expect(try migrated.read { try $0.staffAccounts() } == [StaffAccount(name: "えんちょう", pinHash: "$y$j9T$s$h")])
            #expect(try migrated.read { try $0.auditEntries() }.map(\.user) == [AuditedUser(card: "C0001", name: "はると")])
            #expect(try migrated.read { try $0.printedTimes(.card) } == ["C0001": F.t0])

            #expect(try migrated.read { try $0.libraryRules() } == nil)
            #expect(try migrated.read { try $0.passwordHash(staff: "えんちょう") } == nil)
            #expect(try migrated.read { try $0.signInRecord(staff: "えんちょう") } == SignInRecord())
            #expect(try migrated.transaction { try $0.setPasswordHash("$y$j9T$p$q", staff: "えんちょう") })
            #expect(try migrated.read { try $0.passwordHash(staff: "えんちょう") } == "$y$j9T$p$q")
            #expect(try migrated.read { try $0.loanListings(LoanQuery()) }.total == 1)

            let schemaSQL = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
            let readSchema = { (connection: SQLiteConnection) in
                try connection.rows(schemaSQL) { "\($0.text(0)) \($0.text(1)) \($0.text(2))" }
            }
            let fresh = try SQLiteLendingRepository(path: directory + "/new.sqlite")
            #expect(try readSchema(migrated.connection) == readSchema(fresh.connection))
            #expect(try migrated.integrityCheck() == ["ok"])
        }
    }

    @Test("rules with a closed weekday the store cannot read are a corrupt-file fault, not a guess")
    func unreadableRules() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            try repository.transaction { try $0.save(LibraryRules()) }
            try repository.connection.execute("UPDATE library_rules SET closed_weekdays = 'saturday,caturday'")
            #expect { try repository.read { try $0.libraryRules() } } throws: { isFault($0, .corrupt) }
        }
    }
}
