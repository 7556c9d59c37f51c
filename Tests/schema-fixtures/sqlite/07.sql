-- classes, readings, and lend counts that name nobody
-- A class (組) has a name and a grade (1 for the youngest; NULL until a teacher gives
-- it one). A User belongs to one class at most; renaming a class moves its Users.
CREATE TABLE classes (
    name  TEXT PRIMARY KEY,
    grade INTEGER CHECK (grade IS NULL OR grade >= 1)
) STRICT;
ALTER TABLE users ADD COLUMN reading TEXT;
ALTER TABLE users ADD COLUMN class TEXT REFERENCES classes (name) ON UPDATE CASCADE;
ALTER TABLE books ADD COLUMN reading TEXT;
CREATE INDEX users_by_class ON users (class);

-- How often each Book was lent, per class at the time ('' for none or not known) and
-- per month ('2026-04', local time): numbers that name nobody, so the privacy pass
-- can forget who borrowed without losing what was read. Every new Loan counts itself
-- (the trigger); Loans made before counting began are counted here, class unknown.
CREATE TABLE lend_counts (
    book  TEXT NOT NULL,
    class TEXT NOT NULL DEFAULT '',
    month TEXT NOT NULL,
    lends INTEGER NOT NULL CHECK (lends > 0),
    PRIMARY KEY (book, class, month)
) STRICT;
INSERT INTO lend_counts (book, class, month, lends)
    SELECT book, '', strftime('%Y-%m', lent_at, 'unixepoch', 'localtime'), count(*) FROM loans GROUP BY 1, 2, 3;
CREATE TRIGGER loans_count_lends AFTER INSERT ON loans BEGIN
    INSERT INTO lend_counts (book, class, month, lends)
    VALUES (NEW.book, coalesce((SELECT class FROM users WHERE card = NEW.user), ''),
            strftime('%Y-%m', NEW.lent_at, 'unixepoch', 'localtime'), 1)
    ON CONFLICT (book, class, month) DO UPDATE SET lends = lends + 1;
END;
