import Foundation
import Lending
import LendingPostgres
import LendingSQLite
import PostgresScratch
import Testing

/// PostgreSQL migration 6 (the library's rules, page passwords, sign-in records) on a database
/// kiosks already share, and `copy` carrying them over from SQLite.
@Suite("PostgreSQL: the teachers' page's storage", .enabled(if: ScratchPostgresServer.isInstalled))
struct PostgresLibraryDeskTests {
    typealias F = Fixture

    @Test("a version 5 database gains the rules, passwords and sign-in records with nothing lost")
    func migrationFromVersion5() throws {
        try withPostgresDatabase { url in
            do {
                let old = try PGConnection(url: url)
                try old.executeScript("""
                    CREATE TABLE bookkiosk_schema (
                        version    integer PRIMARY KEY,
                        summary    text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """)
                for (index, migration) in PostgresMigration.all.prefix(5).enumerated() {
                    try old.executeScript(migration.sql)
                    try old.execute("INSERT INTO bookkiosk_schema (version, summary) VALUES ($1::integer, $2)",
                                    [String(index + 1), migration.summary])
                }
                try old.executeScript("""
                    INSERT INTO books (barcode, title) VALUES ('B0001', 'ぐりとぐら');
                    INSERT INTO users (card, name) VALUES ('C0001', 'はると');
                    INSERT INTO loans (book, user_card, lent_at, due) VALUES ('B0001', 'C0001', to_timestamp(1796115600), '2026-12-08');
                    INSERT INTO staff (name, pin_hash) VALUES ('えんちょう', '$y$j9T$s$h');
                    INSERT INTO audit_log (time, staff, action, detail, user_card, user_name)
                        VALUES (to_timestamp(1796115600), 'えんちょう', 'override', 'lent B0001', 'C0001', 'はると');
                    """)
            }
            let migrated = try PostgresLendingRepository(url: url)
            #expect(try migrated.schemaVersion() == PostgresLendingRepository.latestSchemaVersion)
            #expect(try migrated.read { try $0.allBooks() } == [Book(barcode: "B0001", title: "ぐりとぐら")])
            #expect(try migrated.read { try $0.openLoans() }
                == [Loan(id: 1, book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0)])
            #expect(try migrated.read { try $0.staffAccounts() } == [StaffAccount(name: "えんちょう", pinHash: "$y$j9T$s$h")])
            #expect(try migrated.read { try $0.auditEntries() }.map(\.user) == [AuditedUser(card: "C0001", name: "はると")])

            #expect(try migrated.read { try $0.libraryRules() } == nil)
            #expect(try migrated.read { try $0.passwordHash(staff: "えんちょう") } == nil)
            #expect(try migrated.read { try $0.signInRecord(staff: "えんちょう") } == SignInRecord())
            #expect(try migrated.transaction { try $0.setPasswordHash("$y$j9T$p$q", staff: "えんちょう") })
            #expect(try migrated.read { try $0.users(matching: "はる", offset: 0, limit: 10) }.total == 1)
        }
    }

    @Test("copy brings the library's rules, page passwords, sign-in records, the lookup cache and the cover photos from SQLite")
    func copyCarriesThePage() throws {
        try withTemporaryDirectory { directory in
            let source = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            let rules = LibraryRules(loanLimit: 3, loanDays: 10, closedWeekdays: [.sunday], closedDates: [F.dueFromT0],
                                     blockOnOverdue: false, libraryName: "ひまわり文庫")
            let locked = SignInRecord(failures: 6, lastFailure: F.t0, lockedUntil: F.t0 + 1800)
            try source.transaction { tx in
                try tx.save(StaffAccount(name: "えんちょう", pinHash: "$y$j9T$a$b"))
                try tx.save(StaffAccount(name: "さくら先生", pinHash: "$y$j9T$c$d"))
                _ = try tx.setPasswordHash("$y$j9T$page$hash", staff: "えんちょう")
                try tx.save(locked, staff: "さくら先生")
                try tx.save(rules)
                try tx.save(BookStoreContractTests.platina)
                try tx.save(CoverStoreContractTests.photo(of: "B0001"))
            }
            try withPostgresDatabase { url in
                let target = try PostgresLendingRepository(url: url)
                let counts = try target.copy(from: source)
                #expect(counts.staff == 2)
                #expect(counts.passwords == 1)
                #expect(counts.rules)
                #expect(try target.read { try $0.libraryRules() } == rules)
                #expect(try target.read { try $0.passwordHash(staff: "えんちょう") } == "$y$j9T$page$hash")
                #expect(try target.read { try $0.passwordHash(staff: "さくら先生") } == nil)
                #expect(try target.read { try $0.signInRecord(staff: "さくら先生") } == locked)
                #expect(try target.read { try $0.signInRecord(staff: "えんちょう") } == SignInRecord())
                // The lookup cache comes too: a copied library asks no service again for what it found.
                #expect(counts.bookRecords == 1)
                #expect(try target.read { try $0.allBookRecords() } == [BookStoreContractTests.platina])
                // So do the covers photographed on the page, every byte.
                #expect(counts.covers == 1)
                #expect(try target.read { try $0.cover(barcode: "B0001") } == CoverStoreContractTests.photo(of: "B0001"))
            }
        }
    }
}
