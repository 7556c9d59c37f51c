-- the lookup cache: records found by ISBN at the NDL or openBD
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
