-- covers photographed on the teachers' page
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
