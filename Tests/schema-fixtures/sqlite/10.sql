-- indexes that hold the page's lists in their order, so a page reads only its rows
-- The teachers' page reads a page of a list straight from these, in the list's order,
-- sorting nothing: Books by reading (or title) and barcode; classes youngest grade
-- first, those without a grade after; a class's Users by reading (or name) and card;
-- a User's open Loans by due date. The last two take the place of the indexes on a
-- User's class and on a User's open Loans, which they serve as well (same first
-- column, same rows), so a lend writes no more index entries than before.
CREATE INDEX books_in_list_order ON books (coalesce(reading, title), barcode);
CREATE INDEX classes_in_list_order ON classes (grade IS NULL, grade, name);
CREATE INDEX users_in_list_order ON users (class, coalesce(reading, name), card);
DROP INDEX users_by_class;
CREATE INDEX loans_open_in_list_order ON loans (user, due, id) WHERE returned_at IS NULL;
DROP INDEX loans_open_by_user;
