-- the lookup cache: records found by ISBN at the NDL or openBD
-- One record per ISBN-13, as a lookup found it; authors one a line ('' for none);
-- source 'ndl' (NDL Search) or 'openbd'.
CREATE TABLE book_records (
    isbn      text COLLATE "C" PRIMARY KEY CHECK (length(isbn) = 13),
    title     text NOT NULL,
    reading   text,
    authors   text NOT NULL DEFAULT '',
    publisher text,
    source    text NOT NULL CHECK (source IN ('ndl', 'openbd')),
    found_at  timestamptz NOT NULL
);
