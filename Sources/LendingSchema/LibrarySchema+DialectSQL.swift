/// The steps' SQL that one dialect says its own way: rows moved by a migration, and triggers
/// (with PostgreSQL's trigger functions). The package's own constant SQL: no input is ever
/// part of it.
extension LibrarySchema {
    /// Entries written before the audit log kept the User apart, whose detail names the child.
    static let auditEntriesNamingUsers = """
        UPDATE audit_log SET names_user_in_detail = 1
            WHERE action IN ('override', 'returned', 'forcedReturn', 'extended', 'registeredUser')
               OR (action = 'withdrew' AND detail LIKE '%was on loan to%')
        """

    /// The Loans made before lend counts began, counted; then every new Loan counts itself, in
    /// its month (local time; PostgreSQL's in the session's time zone).
    static let lendsCountedSQLite = """
        INSERT INTO lend_counts (book, class, month, lends)
            SELECT book, '', strftime('%Y-%m', lent_at, 'unixepoch', 'localtime'), count(*) FROM loans GROUP BY 1, 2, 3;
        CREATE TRIGGER loans_count_lends AFTER INSERT ON loans BEGIN
            INSERT INTO lend_counts (book, class, month, lends)
            VALUES (NEW.book, coalesce((SELECT class FROM users WHERE card = NEW.user), ''),
                    strftime('%Y-%m', NEW.lent_at, 'unixepoch', 'localtime'), 1)
            ON CONFLICT (book, class, month) DO UPDATE SET lends = lends + 1;
        END
        """

    static let lendsCountedPostgres = """
        INSERT INTO lend_counts (book, class, month, lends)
            SELECT book, '', to_char(lent_at, 'YYYY-MM'), count(*) FROM loans GROUP BY 1, 2, 3;
        CREATE FUNCTION count_lend() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO lend_counts (book, class, month, lends)
            VALUES (NEW.book, coalesce((SELECT class FROM users WHERE card = NEW.user_card), ''),
                    to_char(NEW.lent_at, 'YYYY-MM'), 1)
            ON CONFLICT (book, class, month) DO UPDATE SET lends = lend_counts.lends + 1;
            RETURN NULL;
        END $$;
        CREATE TRIGGER loans_count_lends AFTER INSERT ON loans FOR EACH ROW EXECUTE FUNCTION count_lend()
        """

    /// The mark's one row, drawn again by any change to the Books.
    static let booksChangedMarked = """
        INSERT INTO books_changed (id, mark) VALUES (1, random());
        CREATE TRIGGER books_changed_by_insert AFTER INSERT ON books
            BEGIN UPDATE books_changed SET mark = random(); END;
        CREATE TRIGGER books_changed_by_update AFTER UPDATE ON books
            BEGIN UPDATE books_changed SET mark = random(); END;
        CREATE TRIGGER books_changed_by_delete AFTER DELETE ON books
            BEGIN UPDATE books_changed SET mark = random(); END
        """

    /// The open Loans counted once, then kept by every insert, return, reopening and delete.
    static let openLoansCounted = """
        INSERT INTO open_loans_count (id, count) SELECT 1, count(*) FROM loans WHERE returned_at IS NULL;
        CREATE TRIGGER open_loans_count_by_insert AFTER INSERT ON loans WHEN NEW.returned_at IS NULL
            BEGIN UPDATE open_loans_count SET count = count + 1; END;
        CREATE TRIGGER open_loans_count_by_update AFTER UPDATE OF returned_at ON loans
            WHEN (OLD.returned_at IS NULL) <> (NEW.returned_at IS NULL)
            BEGIN UPDATE open_loans_count SET count = count + iif(NEW.returned_at IS NULL, 1, -1); END;
        CREATE TRIGGER open_loans_count_by_delete AFTER DELETE ON loans WHEN OLD.returned_at IS NULL
            BEGIN UPDATE open_loans_count SET count = count - 1; END
        """
}
