-- a mark of the Books' last change, for the search list a connection keeps
-- A random number drawn again whenever any program adds, changes or removes a Book
-- (a lend changes no Book), so a connection that keeps the Books' search texts in
-- memory (BookSearchList) knows, with one read in its own snapshot, whether they still
-- hold. A restore draws a new one, whatever the file held.
CREATE TABLE books_changed (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    mark   INTEGER NOT NULL
) STRICT;
INSERT INTO books_changed (id, mark) VALUES (1, random());
CREATE TRIGGER books_changed_by_insert AFTER INSERT ON books
    BEGIN UPDATE books_changed SET mark = random(); END;
CREATE TRIGGER books_changed_by_update AFTER UPDATE ON books
    BEGIN UPDATE books_changed SET mark = random(); END;
CREATE TRIGGER books_changed_by_delete AFTER DELETE ON books
    BEGIN UPDATE books_changed SET mark = random(); END;
