-- covers photographed on the teachers' page
-- One cover per Book, upright and scaled for the kiosk's screen (longest side 800 px),
-- as 'jpeg' or 'png' bytes; saved_at names a new photo so every kiosk shows it at once.
-- No foreign key, as book_records: removing a Book removes its cover (removeBook).
CREATE TABLE book_covers (
    barcode  text COLLATE "C" PRIMARY KEY,
    image    bytea NOT NULL,
    format   text NOT NULL CHECK (format IN ('jpeg', 'png')),
    saved_at timestamptz NOT NULL
);
