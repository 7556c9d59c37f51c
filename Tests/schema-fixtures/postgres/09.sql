-- which scan made each Loan change, for a kiosk whose answer was lost
-- A kiosk gives each scan an id of its own (random) before its transaction and writes
-- it here with the Loan change it made, in the same transaction. After a COMMIT whose
-- reply was lost with the server, or a kill before the answer was told, the kiosk
-- looks the id up and tells exactly what happened, once (DESIGN.md §12).
CREATE TABLE loan_scans (
    scan    text PRIMARY KEY,
    loan_id bigint NOT NULL REFERENCES loans (id) ON DELETE CASCADE,
    change  text NOT NULL CHECK (change IN ('lent', 'returned'))
);
CREATE INDEX loan_scans_by_loan ON loan_scans (loan_id);
