-- when each Card and Book label was last printed
CREATE TABLE printed (
    kind       text NOT NULL CHECK (kind IN ('card', 'label')),
    barcode    text NOT NULL,
    printed_at timestamptz NOT NULL,
    PRIMARY KEY (kind, barcode)
);
