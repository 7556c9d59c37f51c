-- each Book's text as a search folds it, kept with the Book
-- Title, author, reading, barcode and ISBN, each folded as a search folds it (bookkiosk_fold)
-- and joined by U+001F, written with the Book (SQLiteLendingTransaction.bookSearchText),
-- so a search of 5,000 Books folds none of them. NULL until folded: the library fills
-- it when it is opened (the function is the library's own, so no migration can call it),
-- and a search folds a NULL row's columns itself.
ALTER TABLE books ADD COLUMN search_text TEXT;
