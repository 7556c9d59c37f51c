/// The library's schema, declared once for SQLite and PostgreSQL: every step, oldest first.
///
/// A step of both dialects is written once; what one dialect does its own way (triggers,
/// functions, rows moved, an index SQLite needs for entries PostgreSQL never held) is a
/// `.sql` or `.only` change of that dialect. The steps of a dialect, in order, are its
/// migrations: `LendingSQLite.Migration.all` and `LendingPostgres.PostgresMigration.all`.
///
/// Append new steps; never edit or reorder one that has shipped: a database's schema version
/// counts the steps of its dialect it has, and a restore compares a backup's SQLite schema
/// with the one these steps make.
///
/// Times are seconds since 1970-01-01 UTC (`.timestamp`); due dates are local days (`.date`).
/// Barcodes, cards and names sort by code point, as SQLite sorts, whatever a PostgreSQL
/// server's default collation (`.byCodePoint`).
public enum LibrarySchema {
    /// The steps of `dialect`, oldest first: step `i` brings a database to version `i + 1`.
    public static func migrations(for dialect: SQLDialect) -> [SchemaMigration] {
        migrations.filter { $0.dialects.contains(dialect) }
    }

    /// Every step of either dialect, oldest first.
    public static let migrations: [SchemaMigration] = [
        SchemaMigration("books, users and loans", [
            .createTable(Table("books", [
                Column("barcode", .text, .primaryKey, .notNull, .byCodePoint),
                Column("title", .text, .notNull),
                Column("author", .text),
                Column("isbn", .text),
                Column("status", .text, .notNull, .defaultValue(.text("available")),
                       .check("status IN ('available', 'withdrawn', 'lost')")),
            ])),
            .createIndex(Index("books_by_isbn", on: "books", ["isbn"], where: "isbn IS NOT NULL")),
            .createTable(Table("users", [
                Column("card", .text, .primaryKey, .notNull, .byCodePoint),
                Column("name", .text, .notNull),
                Column("loan_limit", .integer, .check("loan_limit IS NULL OR loan_limit >= 0")),
                Column("active", .boolean, .notNull, .defaultValue(.boolean(true))),
            ])),
            // user is NULL only for a returned Loan anonymized for privacy; override_by names
            // the Staff member who lent past a Refusal.
            .createTable(Table("loans", [
                Column("id", .rowID, .primaryKey),
                Column("book", .text, .notNull, .byCodePoint, .references(ForeignKey("books", "barcode", .cascadeUpdate))),
                Column("user", .text, .byCodePoint, .references(ForeignKey("users", "card", .cascadeUpdate))),
                Column("lent_at", .timestamp, .notNull),
                Column("due", .date, .notNull),
                Column("returned_at", .timestamp),
                Column("override_by", .text),
            ], [.check("returned_at IS NOT NULL OR \(column: "user") IS NOT NULL")])),
            // At most one open Loan per Book, whatever the programs above do.
            .createIndex(Index("loans_one_open_per_book", on: "loans", ["book"], unique: true, where: "returned_at IS NULL")),
            .createIndex(Index("loans_open_by_user", on: "loans", ["user"], where: "returned_at IS NULL")),
            .createIndex(Index("loans_by_book", on: "loans", ["book"])),
        ]),
        SchemaMigration("staff accounts, the PIN lock and the audit log", [
            // pin_hash is a crypt(3) string; the PIN itself is never stored.
            .createTable(Table("staff", [
                Column("name", .text, .primaryKey, .notNull, .byCodePoint),
                Column("pin_hash", .text, .notNull),
            ])),
            // One row at most (id is always 1); no row means the lock is open. Shared by every
            // kiosk on a PostgreSQL database, as the Staff accounts are.
            .createTable(Table("pin_lock", [
                Column("id", .integer, .primaryKey, .check("id = 1")),
                Column("failures", .integer, .notNull, .check("failures >= 0")),
                Column("lockouts", .integer, .notNull, .check("lockouts >= 0")),
                Column("locked_until", .timestamp),
            ])),
            // Appended to, never changed; id gives the order entries were recorded in.
            // staff is NULL for a failed PIN, when nobody is known.
            .createTable(Table("audit_log", [
                Column("id", .rowID, .primaryKey),
                Column("time", .timestamp, .notNull),
                Column("staff", .text),
                Column("action", .text, .notNull),
                Column("detail", .text, .notNull),
            ])),
        ]),
        SchemaMigration("an index for the daily privacy pass", [
            // anonymizeReturnedLoans looks for returned Loans that still name their User by when
            // they came back; without this it reads every Loan ever made, each day, before the
            // first scan. Open Loans are left out, so a lend does not write to it.
            .createIndex(Index("loans_named_by_return", on: "loans", ["returned_at"],
                               where: "returned_at IS NOT NULL AND \(column: "user") IS NOT NULL")),
        ]),
        SchemaMigration("the audit log keeps the User apart from its detail, for the privacy window", [
            // user and user_name: the User an entry concerns (card, name as then), removed by
            // forgetAuditedUsers after privacyDays while the entry stays.
            .addColumns([Column("user", .text), Column("user_name", .text)], to: "audit_log"),
            // SQLite libraries hold entries from before these columns, whose detail names the
            // child (1); the privacy pass cuts their detail after the Book's title, then sets it
            // to 0. A PostgreSQL library starts at this schema's entries, so none does there.
            .only(.sqlite, .addColumns([Column("names_user_in_detail", .boolean, .notNull, .defaultValue(.boolean(false)))],
                                       to: "audit_log")),
            .sql(.sqlite, LibrarySchema.auditEntriesNamingUsers),
            // The daily pass looks only at entries that still name someone.
            .only(.sqlite, .createIndex(Index("audit_log_naming_users", on: "audit_log", ["time"],
                                              where: "user IS NOT NULL OR names_user_in_detail = 1"))),
            .only(.postgres, .createIndex(Index("audit_log_naming_users", on: "audit_log", ["time"],
                                                where: "\(column: "user") IS NOT NULL"))),
        ]),
        SchemaMigration("when each Card and Book label was last printed", [
            // One row per printed barcode and kind ('card' for a User's Card, 'label' for a Book's
            // label), the last time it was printed. No foreign key: a Card and a Book label live
            // in different tables.
            .createTable(Table("printed", [
                Column("kind", .text, .notNull, .check("kind IN ('card', 'label')")),
                Column("barcode", .text, .notNull),
                Column("printed_at", .timestamp, .notNull),
            ], [.primaryKey(["kind", "barcode"])])),
        ]),
        SchemaMigration("the library's rules, the teachers' page's passwords and sign-in records, indexes for its lists", [
            // The rules every kiosk of this library follows: one row at most (id is always 1);
            // no row means none were saved yet. closed_weekdays holds weekday names in week
            // order and closed_dates 'YYYY-MM-DD' dates ascending, each joined by commas
            // ('saturday,sunday'); '' is none. The same text in both, so copy moves it as is.
            .createTable(Table("library_rules", [
                Column("id", .integer, .primaryKey, .check("id = 1")),
                Column("loan_limit", .integer, .notNull, .check("loan_limit >= 0")),
                Column("loan_days", .integer, .notNull, .check("loan_days >= 0")),
                Column("closed_weekdays", .text, .notNull),
                Column("closed_dates", .text, .notNull),
                Column("block_on_overdue", .boolean, .notNull),
                Column("library_name", .text, .notNull),
            ])),
            // The teachers' page: a Staff member's password (a crypt(3) string, NULL for none)
            // and their failed sign-ins, kept with the account and gone with it.
            .addColumns([
                Column("password_hash", .text),
                Column("sign_in_failures", .integer, .notNull, .defaultValue(.integer(0)), .check("sign_in_failures >= 0")),
                Column("sign_in_last_failure", .timestamp),
                Column("sign_in_locked_until", .timestamp),
            ], to: "staff"),
            // The page's lists page in name and title order (by code point); a User's history
            // and the day's figures look Loans up by User and by time.
            .createIndex(Index("users_by_name", on: "users", [.column("name", byCodePoint: true), "card"])),
            .createIndex(Index("books_by_title", on: "books", [.column("title", byCodePoint: true), "barcode"])),
            .createIndex(Index("loans_by_user", on: "loans", ["user", "lent_at"], where: "\(column: "user") IS NOT NULL")),
            .createIndex(Index("loans_by_lent_at", on: "loans", ["lent_at"])),
            .createIndex(Index("loans_by_returned_at", on: "loans", ["returned_at"], where: "returned_at IS NOT NULL")),
        ]),
        SchemaMigration("classes, readings, and lend counts that name nobody", [
            // A class (組) has a name and a grade (1 for the youngest; NULL until a teacher gives
            // it one). A User belongs to one class at most; renaming a class moves its Users.
            .createTable(Table("classes", [
                Column("name", .text, .primaryKey),
                Column("grade", .integer, .check("grade IS NULL OR grade >= 1")),
            ])),
            .addColumns([
                Column("reading", .text),
                Column("class", .text, .references(ForeignKey("classes", "name", .cascadeUpdate))),
            ], to: "users"),
            .addColumns([Column("reading", .text)], to: "books"),
            .createIndex(Index("users_by_class", on: "users", ["class"])),
            // How often each Book was lent, per class at the time ('' for none or not known) and
            // per month ('2026-04', local time): numbers that name nobody, so the privacy pass
            // can forget who borrowed without losing what was read. Every new Loan counts itself
            // (the trigger); Loans made before counting began are counted here, class unknown.
            .createTable(Table("lend_counts", [
                Column("book", .text, .notNull),
                Column("class", .text, .notNull, .defaultValue(.text(""))),
                Column("month", .text, .notNull),
                Column("lends", .integer, .notNull, .check("lends > 0")),
            ], [.primaryKey(["book", "class", "month"])])),
            .sql(.sqlite, LibrarySchema.lendsCountedSQLite),
            .sql(.postgres, LibrarySchema.lendsCountedPostgres),
        ]),
        SchemaMigration("the lookup cache: records found by ISBN at the NDL or openBD", [
            // One record per ISBN-13, as a lookup found it; authors one a line ('' for none);
            // source 'ndl' (NDL Search) or 'openbd'. No foreign key: a record is kept for an
            // ISBN whether or not a Book carries it yet.
            .createTable(Table("book_records", [
                Column("isbn", .text, .primaryKey, .notNull, .byCodePoint, .check("length(isbn) = 13")),
                Column("title", .text, .notNull),
                Column("reading", .text),
                Column("authors", .text, .notNull, .defaultValue(.text(""))),
                Column("publisher", .text),
                Column("source", .text, .notNull, .check("source IN ('ndl', 'openbd')")),
                Column("found_at", .timestamp, .notNull),
            ])),
        ]),
        // SQLite's kiosk keeps this in a journal file of its own (`SQLiteReturnJournal`).
        SchemaMigration("which scan made each Loan change, for a kiosk whose answer was lost", in: [.postgres], [
            // A kiosk gives each scan an id of its own (random) before its transaction and writes
            // it here with the Loan change it made, in the same transaction. After a COMMIT whose
            // reply was lost with the server, or a kill before the answer was told, the kiosk
            // looks the id up and tells exactly what happened, once (DESIGN.md §12).
            .createTable(Table("loan_scans", [
                Column("scan", .text, .primaryKey),
                Column("loan_id", .bigInteger, .notNull, .references(ForeignKey("loans", "id", .cascadeDelete))),
                Column("change", .text, .notNull, .check("change IN ('lent', 'returned')")),
            ])),
            .createIndex(Index("loan_scans_by_loan", on: "loan_scans", ["loan_id"])),
        ]),
        SchemaMigration("covers photographed on the teachers' page", [
            // One cover per Book, upright and scaled for the kiosk's screen (longest side 800 px),
            // as 'jpeg' or 'png' bytes; saved_at names a new photo so the page and every kiosk
            // show it at once. No foreign key, as book_records: removing a Book removes its cover
            // (removeBook).
            .createTable(Table("book_covers", [
                Column("barcode", .text, .primaryKey, .notNull, .byCodePoint),
                Column("image", .blob, .notNull),
                Column("format", .text, .notNull, .check("format IN ('jpeg', 'png')")),
                Column("saved_at", .timestamp, .notNull),
            ])),
        ]),
        SchemaMigration("indexes that hold the page's lists in their order, so a page reads only its rows", [
            // The teachers' page reads a page of a list straight from these, in the list's order,
            // sorting nothing: Books by reading (or title) and barcode; classes youngest grade
            // first, those without a grade after; a class's Users by reading (or name) and card;
            // a User's open Loans by due date. The last two take the place of the indexes on a
            // User's class and on a User's open Loans, which they serve as well (same first
            // column, same rows), so a lend writes no more index entries than before.
            .createIndex(Index("books_in_list_order", on: "books",
                               [.expression("coalesce(reading, title)", byCodePoint: true), "barcode"])),
            .createIndex(Index("classes_in_list_order", on: "classes",
                               [.expression("grade IS NULL"), "grade", .column("name", byCodePoint: true)])),
            .createIndex(Index("users_in_list_order", on: "users",
                               ["class", .expression("coalesce(reading, name)", byCodePoint: true), "card"])),
            .dropIndex("users_by_class"),
            .createIndex(Index("loans_open_in_list_order", on: "loans", ["user", "due", "id"], where: "returned_at IS NULL")),
            .dropIndex("loans_open_by_user"),
        ]),
        // PostgreSQL folds a search's text in the query, and counts what follows in SQL.
        SchemaMigration("each Book's text as a search folds it, kept with the Book", in: [.sqlite], [
            // Title, author, reading, barcode and ISBN, each folded as a search folds it (bookkiosk_fold)
            // and joined by U+001F, written with the Book (SQLiteLendingTransaction.bookSearchText),
            // so a search folds none of the Books. NULL until folded: the library fills
            // it when it is opened (the function is the library's own, so no migration can call it),
            // and a search folds a NULL row's columns itself.
            .addColumns([Column("search_text", .text)], to: "books"),
        ]),
        SchemaMigration("a mark of the Books' last change, for the search list a connection keeps", in: [.sqlite], [
            // A random number drawn again whenever any program adds, changes or removes a Book
            // (a lend changes no Book), so a connection that keeps the Books' search texts in
            // memory (BookSearchList) knows, with one read in its own snapshot, whether they still
            // hold. A restore draws a new one, whatever the file held.
            .createTable(Table("books_changed", [
                Column("id", .integer, .primaryKey, .check("id = 1")),
                Column("mark", .integer, .notNull),
            ])),
            .sql(.sqlite, LibrarySchema.booksChangedMarked),
        ]),
        SchemaMigration("the number of open Loans, kept by the Loans' triggers", in: [.sqlite], [
            // How many Loans are open, kept by triggers on the Loans whichever program writes them,
            // so the page's list of open Loans reads its total in one row (counting them read every
            // open Loan's index entry on every page of the list). A restore counts them again,
            // whatever the file held.
            .createTable(Table("open_loans_count", [
                Column("id", .integer, .primaryKey, .check("id = 1")),
                Column("count", .integer, .notNull),
            ])),
            .sql(.sqlite, LibrarySchema.openLoansCounted),
        ]),
    ]
}
