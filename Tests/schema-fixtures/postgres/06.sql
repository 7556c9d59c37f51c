-- the library's rules, the teachers' page's passwords and sign-in records, indexes for its lists
-- The rules every kiosk of this library follows: one row at most (id is always 1);
-- no row means none were saved yet. closed_weekdays holds weekday names in week
-- order and closed_dates 'YYYY-MM-DD' dates ascending, each joined by commas
-- ('saturday,sunday'); '' is none. The same text as SQLite's, so copy moves it as is.
CREATE TABLE library_rules (
    id               integer PRIMARY KEY CHECK (id = 1),
    loan_limit       integer NOT NULL CHECK (loan_limit >= 0),
    loan_days        integer NOT NULL CHECK (loan_days >= 0),
    closed_weekdays  text NOT NULL,
    closed_dates     text NOT NULL,
    block_on_overdue boolean NOT NULL,
    library_name     text NOT NULL
);

-- The teachers' page: a Staff member's password (a crypt(3) string, NULL for none)
-- and their failed sign-ins, kept with the account and gone with it.
ALTER TABLE staff ADD COLUMN password_hash text,
    ADD COLUMN sign_in_failures integer NOT NULL DEFAULT 0 CHECK (sign_in_failures >= 0),
    ADD COLUMN sign_in_last_failure timestamptz,
    ADD COLUMN sign_in_locked_until timestamptz;

-- The page's lists page in name and title order (by code point, as SQLite sorts);
-- a User's history and the day's figures look Loans up by User and by time.
CREATE INDEX users_by_name ON users ((name COLLATE "C"), card);
CREATE INDEX books_by_title ON books ((title COLLATE "C"), barcode);
CREATE INDEX loans_by_user ON loans (user_card, lent_at) WHERE user_card IS NOT NULL;
CREATE INDEX loans_by_lent_at ON loans (lent_at);
CREATE INDEX loans_by_returned_at ON loans (returned_at) WHERE returned_at IS NOT NULL;
