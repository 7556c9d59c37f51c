import Foundation
import Lending

extension PostgresLendingRepository {
    /// What `copy(from:)` wrote.
    public struct CopyCounts: Sendable, Equatable {
        public var books = 0
        public var users = 0
        public var classes = 0
        public var loans = 0
        public var staff = 0
        public var auditEntries = 0
        /// Cards and Book labels recorded as printed.
        public var printed = 0
        /// Staff accounts with a page password.
        public var passwords = 0
        /// Records found by ISBN lookups (the lookup cache).
        public var bookRecords = 0
        /// Covers photographed on the page.
        public var covers = 0
        /// Whether the library's rules were copied (a library has them once a kiosk saved them).
        public var rules = false
    }

    /// A copy that cannot start: the shared database already holds a library.
    public struct TargetNotEmpty: Error, CustomStringConvertible {
        public var server: String
        public var description: String {
            "The database \(server) already holds Books, Users or Loans; copy only into a new, empty database (nothing was written)."
        }
    }

    /// Copies a whole library (a one-box SQLite library, usually) into this database, in one
    /// transaction: all of it or, on any fault, nothing. Loans and audit entries keep their ids
    /// and times, returned and anonymized ones included; the PIN lock, what was printed, the
    /// library's rules, the classes, the lend counts, the lookup cache, the covers photographed on the page, and each Staff account's page password and sign-in record come too. Refuses a
    /// database that already holds Books, Users or Loans.
    public func copy(from source: any LendingRepository) throws -> CopyCounts {
        let library = try source.transaction { tx in
            (books: try tx.allBooks(), users: try tx.allUsers(), loans: try tx.allLoans(),
             staff: try tx.staffAccounts(), lock: try tx.pinLock(), audit: try tx.auditEntries(),
             printed: try PrintedKind.allCases.map { ($0, try tx.printedTimes($0)) },
             rules: try tx.libraryRules(), classes: try tx.classes(), lendCounts: try tx.lendCounts(fromMonth: ""),
             bookRecords: try tx.allBookRecords(), coveredBarcodes: try tx.coveredBarcodes(),
             signIn: try tx.staffAccounts().map { (name: $0.name, password: try tx.passwordHash(staff: $0.name),
                                                   record: try tx.signInRecord(staff: $0.name)) })
        }
        return try transaction { tx -> CopyCounts in
            guard let target = tx as? PostgresLendingTransaction else {
                preconditionFailure("a PostgresLendingRepository transaction is a PostgresLendingTransaction")
            }
            let connection = target.connection
            let occupied = try connection.firstRow(
                "SELECT EXISTS (SELECT 1 FROM books) OR EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM loans)"
            ) { $0.text(0) == "t" } ?? false
            guard !occupied else { throw TargetNotEmpty(server: server) }
            var counts = CopyCounts()
            for schoolClass in library.classes { try target.save(schoolClass); counts.classes += 1 }
            for book in library.books { try target.save(book); counts.books += 1 }
            for record in library.bookRecords { try target.save(record); counts.bookRecords += 1 }
            // One cover read at a time (each is up to a few hundred KB): a library of 3,000
            // photographed Books is never held whole in memory.
            for barcode in library.coveredBarcodes {
                guard let cover = try source.transaction({ try $0.cover(barcode: barcode) }) else { continue }
                try target.save(cover)
                counts.covers += 1
            }
            for user in library.users { try target.save(user); counts.users += 1 }
            for account in library.staff { try target.save(account); counts.staff += 1 }
            for staff in library.signIn {
                if let password = staff.password {
                    _ = try target.setPasswordHash(password, staff: staff.name)
                    counts.passwords += 1
                }
                try target.save(staff.record, staff: staff.name)
            }
            try target.save(library.lock)
            if let rules = library.rules {
                try target.save(rules)
                counts.rules = true
            }
            for loan in library.loans {
                try connection.execute("""
                    INSERT INTO loans (id, book, user_card, lent_at, due, returned_at, override_by)
                    VALUES ($1::bigint, $2, $3, to_timestamp($4::float8), $5::date, to_timestamp($6::float8), $7)
                    """, [String(loan.id), loan.book, loan.user, String(loan.lentAt.timeIntervalSince1970),
                          loan.due.description, loan.returnedAt.map { String($0.timeIntervalSince1970) }, loan.overrideBy])
                counts.loans += 1
            }
            for entry in library.audit {
                try connection.execute("""
                    INSERT INTO audit_log (id, time, staff, action, detail, user_card, user_name)
                    VALUES ($1::bigint, to_timestamp($2::float8), $3, $4, $5, $6, $7)
                    """, [String(entry.id), String(entry.time.timeIntervalSince1970), entry.staff, entry.action.storedName, entry.action.storedValues,
                          entry.user?.card, entry.user?.name])
                counts.auditEntries += 1
            }
            // The counts as the source kept them (the trigger counted the copied Loans again,
            // with today's classes), so what was read survives the move.
            try target.replaceLendCounts(library.lendCounts)
            // What was printed when, so `print --users new` and `--books new` go on where they were.
            for (kind, times) in library.printed {
                for (barcode, time) in times.sorted(by: { $0.key < $1.key }) {
                    try target.recordPrinted(kind, barcodes: [barcode], at: time)
                    counts.printed += 1
                }
            }
            // New Loans and entries continue after the copied ids.
            try connection.execute("SELECT setval(pg_get_serial_sequence('loans', 'id'), coalesce(max(id), 0) + 1, false) FROM loans")
            try connection.execute("SELECT setval(pg_get_serial_sequence('audit_log', 'id'), coalesce(max(id), 0) + 1, false) FROM audit_log")
            return counts
        }
    }
}
