-- classes, readings, and lend counts that name nobody
-- A class (組) has a name and a grade (1 for the youngest; NULL until a teacher gives
-- it one). A User belongs to one class at most; renaming a class moves its Users.
CREATE TABLE classes (
    name  text PRIMARY KEY,
    grade integer CHECK (grade IS NULL OR grade >= 1)
);
ALTER TABLE users ADD COLUMN reading text,
    ADD COLUMN class text REFERENCES classes (name) ON UPDATE CASCADE;
ALTER TABLE books ADD COLUMN reading text;
CREATE INDEX users_by_class ON users (class);

-- How often each Book was lent, per class at the time ('' for none or not known) and
-- per month ('2026-04', in the session's time zone): numbers that name nobody, so the
-- privacy pass can forget who borrowed without losing what was read. Every new Loan
-- counts itself (the trigger); Loans made before are counted here, class unknown.
CREATE TABLE lend_counts (
    book  text NOT NULL,
    class text NOT NULL DEFAULT '',
    month text NOT NULL,
    lends integer NOT NULL CHECK (lends > 0),
    PRIMARY KEY (book, class, month)
);
INSERT INTO lend_counts (book, class, month, lends)
    SELECT book, '', to_char(lent_at, 'YYYY-MM'), count(*) FROM loans GROUP BY 1, 2, 3;
CREATE FUNCTION count_lend() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO lend_counts (book, class, month, lends)
    VALUES (NEW.book, coalesce((SELECT class FROM users WHERE card = NEW.user_card), ''),
            to_char(NEW.lent_at, 'YYYY-MM'), 1)
    ON CONFLICT (book, class, month) DO UPDATE SET lends = lend_counts.lends + 1;
    RETURN NULL;
END $$;
CREATE TRIGGER loans_count_lends AFTER INSERT ON loans FOR EACH ROW EXECUTE FUNCTION count_lend();
