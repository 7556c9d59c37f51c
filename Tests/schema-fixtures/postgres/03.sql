-- an index for the daily privacy pass
CREATE INDEX loans_named_by_return ON loans (returned_at)
    WHERE returned_at IS NOT NULL AND user_card IS NOT NULL;
