/// One step of the database schema. Migrations run in order, each once; the number of
/// migrations applied is the schema version, kept in `PRAGMA user_version`.
///
/// Append new migrations to `Migration.all`; never edit or reorder one that has shipped.
public struct Migration: Sendable {
    /// What the step adds, for logs.
    public var summary: String
    /// The package's own constant SQL: no input is ever part of it.
    public var sql: String

    public init(summary: String, sql: String) {
        self.summary = summary
        self.sql = sql
    }

    /// Every migration, oldest first. The schema version after migration `i` is `i + 1`.
    public static let all: [Migration] = [
        Migration(summary: "books, users and loans", sql: """
            CREATE TABLE books (
                barcode TEXT PRIMARY KEY NOT NULL,
                title   TEXT NOT NULL,
                author  TEXT,
                isbn    TEXT,
                status  TEXT NOT NULL DEFAULT 'available'
                        CHECK (status IN ('available', 'withdrawn', 'lost'))
            ) STRICT;
            CREATE INDEX books_by_isbn ON books (isbn) WHERE isbn IS NOT NULL;

            CREATE TABLE users (
                card       TEXT PRIMARY KEY NOT NULL,
                name       TEXT NOT NULL,
                loan_limit INTEGER CHECK (loan_limit IS NULL OR loan_limit >= 0),
                active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
            ) STRICT;

            -- Times are seconds since 1970-01-01 UTC; due dates are local days, 'YYYY-MM-DD'.
            -- user is NULL only for a returned Loan anonymized for privacy.
            -- override_by names the Staff member who lent past a Refusal.
            CREATE TABLE loans (
                id          INTEGER PRIMARY KEY,
                book        TEXT NOT NULL REFERENCES books (barcode) ON UPDATE CASCADE,
                user        TEXT REFERENCES users (card) ON UPDATE CASCADE,
                lent_at     REAL NOT NULL,
                due         TEXT NOT NULL
                            CHECK (due GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                returned_at REAL,
                override_by TEXT,
                CHECK (returned_at IS NOT NULL OR user IS NOT NULL)
            ) STRICT;
            -- At most one open Loan per Book, whatever the program above does.
            CREATE UNIQUE INDEX loans_one_open_per_book ON loans (book) WHERE returned_at IS NULL;
            CREATE INDEX loans_open_by_user ON loans (user) WHERE returned_at IS NULL;
            CREATE INDEX loans_by_book ON loans (book);
            """),
        Migration(summary: "staff accounts, the PIN lock and the audit log", sql: """
            -- pin_hash is a crypt(3) string; the PIN itself is never stored.
            CREATE TABLE staff (
                name     TEXT PRIMARY KEY NOT NULL,
                pin_hash TEXT NOT NULL
            ) STRICT;

            -- One row at most (id is always 1); no row means the lock is open.
            CREATE TABLE pin_lock (
                id           INTEGER PRIMARY KEY CHECK (id = 1),
                failures     INTEGER NOT NULL CHECK (failures >= 0),
                lockouts     INTEGER NOT NULL CHECK (lockouts >= 0),
                locked_until REAL
            ) STRICT;

            -- Appended to, never changed; id gives the order entries were recorded in.
            -- staff is NULL for a failed PIN, when nobody is known.
            CREATE TABLE audit_log (
                id     INTEGER PRIMARY KEY,
                time   REAL NOT NULL,
                staff  TEXT,
                action TEXT NOT NULL,
                detail TEXT NOT NULL
            ) STRICT;
            """),
        Migration(summary: "an index for the daily privacy pass", sql: """
            -- anonymizeReturnedLoans looks for returned Loans that still name their User by when
            -- they came back; without this it reads every Loan ever made, each day, before the
            -- first scan. Open Loans are left out, so a lend does not write to it.
            CREATE INDEX loans_named_by_return ON loans (returned_at)
                WHERE returned_at IS NOT NULL AND user IS NOT NULL;
            """),
        Migration(summary: "the audit log keeps the User apart from its detail, for the privacy window", sql: """
            -- user and user_name: the User an entry concerns (card, name as then), removed by
            -- forgetAuditedUsers after privacyDays while the entry stays.
            ALTER TABLE audit_log ADD COLUMN user TEXT;
            ALTER TABLE audit_log ADD COLUMN user_name TEXT;
            -- 1 for entries written before these columns, whose detail names the child; the
            -- privacy pass cuts their detail after the Book's title, then sets it to 0.
            ALTER TABLE audit_log ADD COLUMN names_user_in_detail INTEGER NOT NULL DEFAULT 0
                CHECK (names_user_in_detail IN (0, 1));
            UPDATE audit_log SET names_user_in_detail = 1
                WHERE action IN ('override', 'returned', 'forcedReturn', 'extended', 'registeredUser')
                   OR (action = 'withdrew' AND detail LIKE '%was on loan to%');
            -- The daily pass looks only at entries that still name someone.
            CREATE INDEX audit_log_naming_users ON audit_log (time)
                WHERE user IS NOT NULL OR names_user_in_detail = 1;
            """),
        Migration(summary: "when each Card and Book label was last printed", sql: """
            -- One row per printed barcode and kind ('card' for a User's Card, 'label' for a Book's
            -- label); printed_at is seconds since 1970-01-01 UTC, the last time it was printed.
            -- No foreign key: a Card and a Book label live in different tables.
            CREATE TABLE printed (
                kind       TEXT NOT NULL CHECK (kind IN ('card', 'label')),
                barcode    TEXT NOT NULL,
                printed_at REAL NOT NULL,
                PRIMARY KEY (kind, barcode)
            ) STRICT;
            """),
        Migration(summary: "the library's rules, the teachers' page's passwords and sign-in records, indexes for its lists", sql: """
            -- The rules every kiosk of this library follows: one row at most (id is always 1);
            -- no row means none were saved yet. closed_weekdays holds weekday names in week
            -- order and closed_dates 'YYYY-MM-DD' dates ascending, each joined by commas
            -- ('saturday,sunday'); '' is none.
            CREATE TABLE library_rules (
                id               INTEGER PRIMARY KEY CHECK (id = 1),
                loan_limit       INTEGER NOT NULL CHECK (loan_limit >= 0),
                loan_days        INTEGER NOT NULL CHECK (loan_days >= 0),
                closed_weekdays  TEXT NOT NULL,
                closed_dates     TEXT NOT NULL,
                block_on_overdue INTEGER NOT NULL CHECK (block_on_overdue IN (0, 1)),
                library_name     TEXT NOT NULL
            ) STRICT;

            -- The teachers' page: a Staff member's password (a crypt(3) string, NULL for none)
            -- and their failed sign-ins, kept with the account and gone with it. Times are
            -- seconds since 1970-01-01 UTC.
            ALTER TABLE staff ADD COLUMN password_hash TEXT;
            ALTER TABLE staff ADD COLUMN sign_in_failures INTEGER NOT NULL DEFAULT 0 CHECK (sign_in_failures >= 0);
            ALTER TABLE staff ADD COLUMN sign_in_last_failure REAL;
            ALTER TABLE staff ADD COLUMN sign_in_locked_until REAL;

            -- The page's lists page in name and title order; a User's history and the day's
            -- figures look Loans up by User and by time.
            CREATE INDEX users_by_name ON users (name, card);
            CREATE INDEX books_by_title ON books (title, barcode);
            CREATE INDEX loans_by_user ON loans (user, lent_at) WHERE user IS NOT NULL;
            CREATE INDEX loans_by_lent_at ON loans (lent_at);
            CREATE INDEX loans_by_returned_at ON loans (returned_at) WHERE returned_at IS NOT NULL;
            """),
        Migration(summary: "classes, readings, and lend counts that name nobody", sql: """
            -- A class (組) has a name and a grade (1 for the youngest; NULL until a teacher gives
            -- it one). A User belongs to one class at most; renaming a class moves its Users.
            CREATE TABLE classes (
                name  TEXT PRIMARY KEY,
                grade INTEGER CHECK (grade IS NULL OR grade >= 1)
            ) STRICT;
            ALTER TABLE users ADD COLUMN reading TEXT;
            ALTER TABLE users ADD COLUMN class TEXT REFERENCES classes (name) ON UPDATE CASCADE;
            ALTER TABLE books ADD COLUMN reading TEXT;
            CREATE INDEX users_by_class ON users (class);

            -- How often each Book was lent, per class at the time ('' for none or not known) and
            -- per month ('2026-04', local time): numbers that name nobody, so the privacy pass
            -- can forget who borrowed without losing what was read. Every new Loan counts itself
            -- (the trigger); Loans made before counting began are counted here, class unknown.
            CREATE TABLE lend_counts (
                book  TEXT NOT NULL,
                class TEXT NOT NULL DEFAULT '',
                month TEXT NOT NULL,
                lends INTEGER NOT NULL CHECK (lends > 0),
                PRIMARY KEY (book, class, month)
            ) STRICT;
            INSERT INTO lend_counts (book, class, month, lends)
                SELECT book, '', strftime('%Y-%m', lent_at, 'unixepoch', 'localtime'), count(*) FROM loans GROUP BY 1, 2, 3;
            CREATE TRIGGER loans_count_lends AFTER INSERT ON loans BEGIN
                INSERT INTO lend_counts (book, class, month, lends)
                VALUES (NEW.book, coalesce((SELECT class FROM users WHERE card = NEW.user), ''),
                        strftime('%Y-%m', NEW.lent_at, 'unixepoch', 'localtime'), 1)
                ON CONFLICT (book, class, month) DO UPDATE SET lends = lends + 1;
            END;
            """),
        Migration(summary: "the lookup cache: records found by ISBN at the NDL or openBD", sql: """
            -- One record per ISBN-13, as a lookup found it; authors one a line ('' for none);
            -- source 'ndl' (NDL Search) or 'openbd'; found_at seconds since 1970-01-01 UTC.
            -- No foreign key: a record is kept for an ISBN whether or not a Book carries it yet.
            CREATE TABLE book_records (
                isbn      TEXT PRIMARY KEY NOT NULL CHECK (length(isbn) = 13),
                title     TEXT NOT NULL,
                reading   TEXT,
                authors   TEXT NOT NULL DEFAULT '',
                publisher TEXT,
                source    TEXT NOT NULL CHECK (source IN ('ndl', 'openbd')),
                found_at  REAL NOT NULL
            ) STRICT;
            """),
        Migration(summary: "covers photographed on the teachers' page", sql: """
            -- One cover per Book, upright and scaled for the kiosk's screen (longest side 800 px),
            -- as 'jpeg' or 'png' bytes; saved_at seconds since 1970-01-01 UTC, which names a new
            -- photo so the page and the kiosk show it at once. No foreign key, as book_records:
            -- removing a Book removes its cover (removeBook).
            CREATE TABLE book_covers (
                barcode  TEXT PRIMARY KEY NOT NULL,
                image    BLOB NOT NULL,
                format   TEXT NOT NULL CHECK (format IN ('jpeg', 'png')),
                saved_at REAL NOT NULL
            ) STRICT;
            """),
        Migration(summary: "indexes that hold the page's lists in their order, so a page reads only its rows", sql: """
            -- The teachers' page reads a page of a list straight from these, in the list's order,
            -- sorting nothing: Books by reading (or title) and barcode; classes youngest grade
            -- first, those without a grade after; a class's Users by reading (or name) and card;
            -- a User's open Loans by due date. The last two take the place of the indexes on a
            -- User's class and on a User's open Loans, which they serve as well (same first
            -- column, same rows), so a lend writes no more index entries than before.
            CREATE INDEX books_in_list_order ON books (coalesce(reading, title), barcode);
            CREATE INDEX classes_in_list_order ON classes (grade IS NULL, grade, name);
            CREATE INDEX users_in_list_order ON users (class, coalesce(reading, name), card);
            DROP INDEX users_by_class;
            CREATE INDEX loans_open_in_list_order ON loans (user, due, id) WHERE returned_at IS NULL;
            DROP INDEX loans_open_by_user;
            """),
        Migration(summary: "each Book's text as a search folds it, kept with the Book", sql: """
            -- Title, author, reading, barcode and ISBN, each folded as a search folds it (bookkiosk_fold)
            -- and joined by U+001F, written with the Book (SQLiteLendingTransaction.bookSearchText),
            -- so a search of 5,000 Books folds none of them. NULL until folded: the library fills
            -- it when it is opened (the function is the library's own, so no migration can call it),
            -- and a search folds a NULL row's columns itself.
            ALTER TABLE books ADD COLUMN search_text TEXT;
            """),
        Migration(summary: "a mark of the Books' last change, for the search list a connection keeps", sql: """
            -- A random number drawn again whenever any program adds, changes or removes a Book
            -- (a lend changes no Book), so a connection that keeps the Books' search texts in
            -- memory (BookSearchList) knows, with one read in its own snapshot, whether they still
            -- hold. A restore draws a new one, whatever the file held.
            CREATE TABLE books_changed (
                id     INTEGER PRIMARY KEY CHECK (id = 1),
                mark   INTEGER NOT NULL
            ) STRICT;
            INSERT INTO books_changed (id, mark) VALUES (1, random());
            CREATE TRIGGER books_changed_by_insert AFTER INSERT ON books
                BEGIN UPDATE books_changed SET mark = random(); END;
            CREATE TRIGGER books_changed_by_update AFTER UPDATE ON books
                BEGIN UPDATE books_changed SET mark = random(); END;
            CREATE TRIGGER books_changed_by_delete AFTER DELETE ON books
                BEGIN UPDATE books_changed SET mark = random(); END;
            """),
        Migration(summary: "the number of open Loans, kept by the Loans' triggers", sql: """
            -- How many Loans are open, kept by triggers on the Loans whichever program writes them,
            -- so the page's list of open Loans reads its total in one row (counting them read every
            -- open Loan's index entry, 2,000 of them in a busy library, on every page of the list).
            -- A restore counts them again, whatever the file held.
            CREATE TABLE open_loans_count (
                id     INTEGER PRIMARY KEY CHECK (id = 1),
                count  INTEGER NOT NULL
            ) STRICT;
            INSERT INTO open_loans_count (id, count) SELECT 1, count(*) FROM loans WHERE returned_at IS NULL;
            CREATE TRIGGER open_loans_count_by_insert AFTER INSERT ON loans WHEN NEW.returned_at IS NULL
                BEGIN UPDATE open_loans_count SET count = count + 1; END;
            CREATE TRIGGER open_loans_count_by_update AFTER UPDATE OF returned_at ON loans
                WHEN (OLD.returned_at IS NULL) <> (NEW.returned_at IS NULL)
                BEGIN UPDATE open_loans_count SET count = count + iif(NEW.returned_at IS NULL, 1, -1); END;
            CREATE TRIGGER open_loans_count_by_delete AFTER DELETE ON loans WHEN OLD.returned_at IS NULL
                BEGIN UPDATE open_loans_count SET count = count - 1; END;
            """),
    ]
}
