import Foundation
import Lending
import Testing

/// The rows a library saved at an earlier version holds, in either store's spelling (times,
/// yes-or-no, bytes, the User's column), as that version's tables take them; and the same
/// rows read back through the repository once it is upgraded.
enum SavedRows {
    case sqlite
    case postgres

    /// The version whose step brought the covers (PostgreSQL's scans came one step before).
    var coversFrom: Int { self == .sqlite ? 9 : 10 }
    /// The version whose step brought the Loans' scans, in the store that keeps them.
    var scansFrom: Int? { self == .sqlite ? nil : 9 }

    private var user: String { self == .sqlite ? "user" : "user_card" }
    private var yes: String { self == .sqlite ? "1" : "true" }
    private var bytes: String { self == .sqlite ? "X'010203'" : "'\\x010203'" }

    private func time(_ seconds: Int) -> String {
        self == .sqlite ? String(seconds) : "to_timestamp(\(seconds))"
    }

    func rows(at version: Int) -> String {
        let t0 = Int(Fixture.t0.timeIntervalSince1970)
        var sql = """
            INSERT INTO books (barcode, title, isbn) VALUES ('B0001', 'ぐりとぐら', '\(Fixture.isbn)');
            INSERT INTO books (barcode, title) VALUES ('B0002', 'はらぺこあおむし');
            INSERT INTO users (card, name) VALUES ('C0001', 'はると');
            INSERT INTO loans (book, \(user), lent_at, due, returned_at)
                VALUES ('B0002', 'C0001', \(time(t0 - 86_400)), '2026-12-07', \(time(t0 - 3600)));
            INSERT INTO loans (book, \(user), lent_at, due) VALUES ('B0001', 'C0001', \(time(t0)), '2026-12-08');

            """
        if version >= 2 {
            sql += "INSERT INTO staff (name, pin_hash) VALUES ('えんちょう', '$y$j9T$s$h');\n"
            // Before the audit log kept the User apart, its detail named the child.
            sql += version >= 4
                ? "INSERT INTO audit_log (time, staff, action, detail, \(user), user_name) VALUES (\(time(t0)), 'えんちょう', 'override', 'lent B0001', 'C0001', 'はると');\n"
                : "INSERT INTO audit_log (time, staff, action, detail) VALUES (\(time(t0)), 'えんちょう', 'override', 'lent B0001 to はると');\n"
        }
        if version >= 5 { sql += "INSERT INTO printed (kind, barcode, printed_at) VALUES ('card', 'C0001', \(time(t0)));\n" }
        if version >= 6 {
            sql += """
                INSERT INTO library_rules (id, loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name)
                    VALUES (1, 3, 10, 'saturday,sunday', '', \(yes), 'ひまわり文庫');
                UPDATE staff SET password_hash = '$y$j9T$p$q';

                """
        }
        if version >= 7 { sql += "INSERT INTO classes (name, grade) VALUES ('ひまわり', 1); UPDATE users SET class = 'ひまわり';\n" }
        if version >= 8 {
            sql += "INSERT INTO book_records (isbn, title, source, found_at) VALUES ('\(Fixture.isbn)', 'ぐりとぐら', 'ndl', \(time(t0)));\n"
        }
        if let scansFrom, version >= scansFrom { sql += "INSERT INTO loan_scans (scan, loan_id, change) VALUES ('scan-1', 2, 'lent');\n" }
        if version >= coversFrom {
            sql += "INSERT INTO book_covers (barcode, image, format, saved_at) VALUES ('B0001', \(bytes), 'png', \(time(t0)));\n"
        }
        return sql
    }

    /// What `rows(at: version)` wrote, read back through the upgraded repository.
    func expectReadBack(from library: any LendingRepository, savedAt version: Int) throws {
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
        if let scansFrom, version >= scansFrom {
            let found = try library.read { try ($0 as? any ScanRecordingTransaction)?.change(byScan: "scan-1") }
            #expect(found?.change == .lent)
            #expect(found?.loan.id == 2)
        }
        if version >= coversFrom {
            #expect(try library.read { try $0.cover(barcode: "B0001") } == BookCover(barcode: "B0001", image: [1, 2, 3], format: .png, savedAt: t0))
        }
    }
}
