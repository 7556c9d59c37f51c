-- an index for the daily privacy pass
-- anonymizeReturnedLoans looks for returned Loans that still name their User by when
-- they came back; without this it reads every Loan ever made, each day, before the
-- first scan. Open Loans are left out, so a lend does not write to it.
CREATE INDEX loans_named_by_return ON loans (returned_at)
    WHERE returned_at IS NOT NULL AND user IS NOT NULL;
