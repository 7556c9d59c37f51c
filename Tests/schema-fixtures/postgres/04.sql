-- the audit log keeps the User apart from its detail, for the privacy window
-- user_card and user_name: the User an entry concerns (card, name as then), removed by
-- forgetAuditedUsers after privacyDays while the entry stays. (A PostgreSQL library
-- starts at this schema's entries, so none names the child in its detail.)
ALTER TABLE audit_log ADD COLUMN user_card text, ADD COLUMN user_name text;
CREATE INDEX audit_log_naming_users ON audit_log (time) WHERE user_card IS NOT NULL;
