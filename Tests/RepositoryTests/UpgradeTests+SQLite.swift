import Foundation
import Lending
import LendingSQLite
import Testing

/// SQLite libraries saved at every earlier schema version (built from the saved steps, as
/// those builds left them) upgrade in place: their rows read back, and their schema becomes
/// the one a new library gets.
@Suite("SQLite: libraries of every earlier version upgrade")
struct SQLiteUpgradeTests {
    typealias F = Fixture
    static let latest = SQLiteLendingRepository.latestSchemaVersion

    @Test("every version has its saved step, with this build's summary")
    func everyVersionSaved() {
        #expect(SchemaFixtures.sqlite.count == Self.latest)
        #expect(SchemaFixtures.sqlite.map(\.summary) == Migration.all.map(\.summary))
    }

    @Test("this build's first steps make the schema the saved steps make, at every version", arguments: 1...latest)
    func sameSchemaAtEveryVersion(version: Int) throws {
        try withTemporaryDirectory { directory in
            let saved = try SQLiteConnection(path: directory + "/saved.sqlite", mode: .readWriteCreate)
            for step in SchemaFixtures.sqlite.prefix(version) { try saved.executeScript(step.sql) }
            let built = try SQLiteConnection(path: directory + "/built.sqlite", mode: .readWriteCreate)
            for migration in Migration.all.prefix(version) { try built.executeScript(migration.sql) }
            let expected = try Self.schema(of: saved)
            #expect(!expected.isEmpty)
            #expect(try schemaDifference(found: Self.schema(of: built), expected: expected) == [])
        }
    }

    @Test("a library saved at this version upgrades: its rows read back, its schema is a new library's", arguments: 1..<latest)
    func upgrade(from version: Int) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/saved.sqlite"
            do {
                let saved = try SQLiteConnection(path: path, mode: .readWriteCreate)
                try saved.execute("PRAGMA application_id = \(SQLiteLendingRepository.applicationID)")
                for step in SchemaFixtures.sqlite.prefix(version) { try saved.executeScript(step.sql) }
                try saved.execute("PRAGMA user_version = \(version)")
                try saved.executeScript(Self.rows(at: version))
            }
            let library = try SQLiteLendingRepository(path: path)
            #expect(try library.schemaVersion() == Self.latest)
            try expectRowsReadBack(library, savedAt: version, coversFrom: 9, scansFrom: nil)
            let expected = try withTemporaryDirectory { fresh in
                let today = try SQLiteConnection(path: fresh + "/today.sqlite", mode: .readWriteCreate)
                for step in SchemaFixtures.sqlite { try today.executeScript(step.sql) }
                return try Self.schema(of: today)
            }
            let upgraded = try SQLiteConnection(path: path, mode: .readOnly)
            #expect(try schemaDifference(found: Self.schema(of: upgraded), expected: expected) == [])
            // Counted by the step that made the count, or kept by its triggers since.
            #expect(try upgraded.firstRow("SELECT count FROM open_loans_count") { $0.int64(0) } == 1)
        }
    }

    /// `sqlite_master`, each object's SQL with its white space collapsed (as a restore compares).
    static func schema(of connection: SQLiteConnection) throws -> [String] {
        try connection.rows("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name") {
            "\($0.text(0)) \($0.text(1)) on \($0.text(2)): \(collapsingWhiteSpace($0.optionalText(3) ?? ""))"
        }
    }

    /// A library's rows at `version`, written as that version's tables take them.
    static func rows(at version: Int) -> String {
        let t0 = Int(F.t0.timeIntervalSince1970)
        var sql = """
            INSERT INTO books (barcode, title, isbn) VALUES ('B0001', 'ぐりとぐら', '\(F.isbn)');
            INSERT INTO books (barcode, title) VALUES ('B0002', 'はらぺこあおむし');
            INSERT INTO users (card, name) VALUES ('C0001', 'はると');
            INSERT INTO loans (book, user, lent_at, due, returned_at) VALUES ('B0002', 'C0001', \(t0 - 86_400), '2026-12-07', \(t0 - 3600));
            INSERT INTO loans (book, user, lent_at, due) VALUES ('B0001', 'C0001', \(t0), '2026-12-08');

            """
        if version >= 2 {
            sql += "INSERT INTO staff (name, pin_hash) VALUES ('えんちょう', '$y$j9T$s$h');\n"
            sql += version >= 4
                ? "INSERT INTO audit_log (time, staff, action, detail, user, user_name) VALUES (\(t0), 'えんちょう', 'override', 'lent B0001', 'C0001', 'はると');\n"
                : "INSERT INTO audit_log (time, staff, action, detail) VALUES (\(t0), 'えんちょう', 'override', 'lent B0001 to はると');\n"
        }
        if version >= 5 { sql += "INSERT INTO printed (kind, barcode, printed_at) VALUES ('card', 'C0001', \(t0));\n" }
        if version >= 6 {
            sql += """
                INSERT INTO library_rules (id, loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name)
                    VALUES (1, 3, 10, 'saturday,sunday', '', 1, 'ひまわり文庫');
                UPDATE staff SET password_hash = '$y$j9T$p$q';

                """
        }
        if version >= 7 { sql += "INSERT INTO classes (name, grade) VALUES ('ひまわり', 1); UPDATE users SET class = 'ひまわり';\n" }
        if version >= 8 {
            sql += "INSERT INTO book_records (isbn, title, source, found_at) VALUES ('\(F.isbn)', 'ぐりとぐら', 'ndl', \(t0));\n"
        }
        if version >= 9 {
            sql += "INSERT INTO book_covers (barcode, image, format, saved_at) VALUES ('B0001', X'010203', 'png', \(t0));\n"
        }
        return sql
    }
}

/// What `rows(at:)` (either store's) wrote, read back through the repository. Covers came at
/// version `coversFrom`; a store with the Loans' scans has them from `scansFrom`.
func expectRowsReadBack(_ library: any LendingRepository, savedAt version: Int, coversFrom: Int, scansFrom: Int?) throws {
    let t0 = Fixture.t0
    let classAt = version >= 7 ? "ひまわり" : nil
    #expect(try library.read { try $0.allBooks() }.map(\.barcode) == ["B0001", "B0002"])
    #expect(try library.read { try $0.allUsers() } == [User(card: "C0001", name: "はると", className: classAt)])
    #expect(try library.read { try $0.openLoans() } == [Loan(id: 2, book: "B0001", user: "C0001", lentAt: t0, due: Fixture.dueFromT0)])
    #expect(try library.read { try $0.allLoans() }.count == 2)
    // Loans made before counting began are counted by the step that began it.
    #expect(try library.read { try $0.lendCounts(fromMonth: "2000-01") }.map(\.lends).reduce(0, +) == 2)
    if version >= 2 {
        #expect(try library.read { try $0.staffAccounts() }.map(\.name) == ["えんちょう"])
        #expect(try library.read { try $0.auditEntries() }.map(\.staff) == ["えんちょう"])
    }
    if version >= 5 { #expect(try library.read { try $0.printedTimes(.card) } == ["C0001": t0]) }
    if version >= 6 {
        #expect(try library.read { try $0.libraryRules() }
            == LibraryRules(loanLimit: 3, loanDays: 10, closedWeekdays: [.saturday, .sunday], closedDates: [],
                            blockOnOverdue: true, libraryName: "ひまわり文庫"))
        #expect(try library.read { try $0.passwordHash(staff: "えんちょう") } == "$y$j9T$p$q")
    }
    if version >= 7 { #expect(try library.read { try $0.classes() } == [SchoolClass(name: "ひまわり", grade: 1)]) }
    if version >= 8 { #expect(try library.read { try $0.allBookRecords() }.map(\.isbn) == [Fixture.isbn]) }
    if version >= coversFrom {
        #expect(try library.read { try $0.cover(barcode: "B0001") } == BookCover(barcode: "B0001", image: [1, 2, 3], format: .png, savedAt: t0))
    }
    if let scansFrom, version >= scansFrom {
        let found = try library.read { try ($0 as? any ScanRecordingTransaction)?.change(byScan: "scan-1") }
        #expect(found?.change == .lent)
        #expect(found?.loan.id == 2)
    }
}
