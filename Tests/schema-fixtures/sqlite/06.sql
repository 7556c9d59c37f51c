-- the library's rules, the teachers' page's passwords and sign-in records, indexes for its lists
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
