-- the number of open Loans, kept by the Loans' triggers
-- How many Loans are open, kept by triggers on the Loans whichever program writes them,
-- so the page's list of open Loans reads its total in one row (counting them read every
-- open Loan's index entry, 2,000 of them in a busy library, on every page of the list).
-- A restore counts them again, whatever the file held.
CREATE TABLE open_loans_count (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    count  INTEGER NOT NULL
) STRICT;
INSERT INTO open_loans_count (id, count) SELECT 1, count(*) FROM loans WHERE returned_at IS NULL;
CREATE TRIGGER open_loans_count_by_insert AFTER INSERT ON loans WHEN NEW.returned_at IS NULL
    BEGIN UPDATE open_loans_count SET count = count + 1; END;
CREATE TRIGGER open_loans_count_by_update AFTER UPDATE OF returned_at ON loans
    WHEN (OLD.returned_at IS NULL) <> (NEW.returned_at IS NULL)
    BEGIN UPDATE open_loans_count SET count = count + iif(NEW.returned_at IS NULL, 1, -1); END;
CREATE TRIGGER open_loans_count_by_delete AFTER DELETE ON loans WHEN OLD.returned_at IS NULL
    BEGIN UPDATE open_loans_count SET count = count - 1; END;
