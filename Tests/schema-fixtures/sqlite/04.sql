-- the audit log keeps the User apart from its detail, for the privacy window
-- user and user_name: the User an entry concerns (card, name as then), removed by
-- forgetAuditedUsers after privacyDays while the entry stays.
ALTER TABLE audit_log ADD COLUMN user TEXT;
ALTER TABLE audit_log ADD COLUMN user_name TEXT;
-- 1 for entries written before these columns, whose detail names the child; the
-- privacy pass cuts their detail after the Book's title, then sets it to 0.
ALTER TABLE audit_log ADD COLUMN names_user_in_detail INTEGER NOT NULL DEFAULT 0
    CHECK (names_user_in_detail IN (0, 1));
UPDATE audit_log SET names_user_in_detail = 1
    WHERE action IN ('override', 'returned', 'forcedReturn', 'extended', 'registeredUser')
       OR (action = 'withdrew' AND detail LIKE '%was on loan to%');
-- The daily pass looks only at entries that still name someone.
CREATE INDEX audit_log_naming_users ON audit_log (time)
    WHERE user IS NOT NULL OR names_user_in_detail = 1;
