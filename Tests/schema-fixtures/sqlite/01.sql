-- books, users and loans
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
