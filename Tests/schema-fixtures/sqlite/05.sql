-- when each Card and Book label was last printed
-- One row per printed barcode and kind ('card' for a User's Card, 'label' for a Book's
-- label); printed_at is seconds since 1970-01-01 UTC, the last time it was printed.
-- No foreign key: a Card and a Book label live in different tables.
CREATE TABLE printed (
    kind       TEXT NOT NULL CHECK (kind IN ('card', 'label')),
    barcode    TEXT NOT NULL,
    printed_at REAL NOT NULL,
    PRIMARY KEY (kind, barcode)
) STRICT;
