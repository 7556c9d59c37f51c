-- indexes that hold the page's lists in their order, so a page reads only its rows
-- As SQLite's: the page's lists in their order (by code point, as the lists sort):
-- Books by reading (or title) and barcode; classes youngest grade first; a class's
-- Users by reading (or name) and card; a User's open Loans by due date. The last two
-- take the place of the indexes on a User's class and on a User's open Loans.
CREATE INDEX books_in_list_order ON books ((coalesce(reading, title) COLLATE "C"), barcode);
CREATE INDEX classes_in_list_order ON classes ((grade IS NULL), grade, (name COLLATE "C"));
CREATE INDEX users_in_list_order ON users (class, (coalesce(reading, name) COLLATE "C"), card);
DROP INDEX users_by_class;
CREATE INDEX loans_open_in_list_order ON loans (user_card, due, id) WHERE returned_at IS NULL;
DROP INDEX loans_open_by_user;
