import Foundation

// Books and Users: register, edit, deactivate, reactivate, remove.
extension LibraryDesk {
    /// What saving a Book or a User came to.
    public enum Saving<Item: Sendable & Equatable>: Sendable, Equatable {
        case saved(Item)
        /// A Book or a User has this barcode already (adding), or a Card has it (a Book's
        /// barcode) or a Book has it (a User's card).
        case barcodeTaken(String, byA: Taker)
        /// There is nothing by this barcode to edit.
        case missing(String)
    }

    /// What a barcode already belongs to.
    public enum Taker: Sendable, Hashable {
        case book, user
    }

    /// Adds a new Book. One registered under its ISBN barcode is also found by that ISBN.
    public func addBook(_ book: Book, in tx: any LendingTransaction) throws -> Saving<Book> {
        if try tx.book(barcode: book.barcode) != nil { return .barcodeTaken(book.barcode, byA: .book) }
        if try Catalog.conflict(saving: book, in: tx) != nil { return .barcodeTaken(book.barcode, byA: .user) }
        var saved = book
        saved.isbn = saved.isbn ?? Barcode.isbn13(book.barcode)
        try tx.save(saved)
        try record(.registeredBook(book: AuditedBook(saved), author: saved.author), in: tx)
        return .saved(saved)
    }

    /// Replaces the details of the Book with `book`'s barcode; records each field that changed.
    public func editBook(_ book: Book, in tx: any LendingTransaction) throws -> Saving<Book> {
        guard let old = try tx.book(barcode: book.barcode) else { return .missing(book.barcode) }
        try tx.save(book)
        let changes = [
            AuditChange(.title, from: old.title, to: book.title),
            AuditChange(.author, from: old.author, to: book.author),
            AuditChange(.isbn, from: old.isbn, to: book.isbn),
            AuditChange(.reading, from: old.reading, to: book.reading),
        ].filter { $0.from != $0.to }
        try record(.editedBook(barcode: book.barcode, changes: changes), in: tx)
        return .saved(book)
    }

    /// Keeps a photo as the Book's cover (「表紙の写真」, already upright and scaled), replacing the
    /// one it had, and records it; `.missing` when there is no such Book (nothing is kept).
    public func saveCoverPhoto(_ cover: BookCover, width: Int, height: Int, in tx: any LendingTransaction) throws -> Saving<Book> {
        guard let book = try tx.book(barcode: cover.barcode) else { return .missing(cover.barcode) }
        try tx.save(cover)
        try record(.savedCoverPhoto(book: AuditedBook(book), width: width, height: height), in: tx)
        return .saved(book)
    }

    /// Staff mode's "register a Book": adds it, or gives the Book with that barcode this title
    /// (and author, when one is given), keeping the rest. Its reading comes from the lookup
    /// cache, when it has none and the title is the one found there.
    public func registerBook(_ book: Book, in tx: any LendingTransaction) throws -> Saving<Book> {
        func withCachedReading(_ book: Book) throws -> Book {
            var read = book
            if read.reading == nil, let isbn = read.isbn ?? Barcode.isbn13(read.barcode),
               let record = try tx.bookRecord(isbn: isbn), record.title == read.title {
                read.reading = record.reading
            }
            return read
        }
        guard var existing = try tx.book(barcode: book.barcode) else { return try addBook(try withCachedReading(book), in: tx) }
        existing.title = book.title
        existing.author = book.author ?? existing.author
        return try editBook(try withCachedReading(existing), in: tx)
    }

    /// What removing a Book came to.
    public enum BookRemoval: Sendable, Equatable {
        case removed(Book)
        /// It was lent before: its history keeps it (withdraw it instead). Nothing changed.
        case wasLent(Book)
        case missing
    }

    /// Removes a Book registered by mistake and never lent (まとめて登録's 取り消し), and records it.
    public func removeBook(_ barcode: String, in tx: any LendingTransaction) throws -> BookRemoval {
        guard let book = try tx.book(barcode: barcode) else { return .missing }
        do {
            guard try tx.removeBook(barcode: barcode) else { return .missing }
        } catch LendingStoreError.bookWasLent {
            return .wasLent(book)
        }
        try record(.removedBook(book: AuditedBook(book)), in: tx)
        return .removed(book)
    }

    /// Adds a new User.
    public func addUser(_ user: User, in tx: any LendingTransaction) throws -> Saving<User> {
        if try tx.user(card: user.card) != nil { return .barcodeTaken(user.card, byA: .user) }
        if try Catalog.conflict(saving: user, in: tx) != nil { return .barcodeTaken(user.card, byA: .book) }
        try tx.save(user)
        try record(.registeredUser, user: AuditedUser(user), in: tx)
        return .saved(user)
    }

    /// Replaces the details of the User with `user`'s card; records each field that changed
    /// (a new name is the entry's User, "old → new", so the privacy window forgets it).
    public func editUser(_ user: User, in tx: any LendingTransaction) throws -> Saving<User> {
        guard let old = try tx.user(card: user.card) else { return .missing(user.card) }
        try tx.save(user)
        let changes = [
            AuditChange(.reading, from: old.reading, to: user.reading),
            AuditChange(.className, from: old.className, to: user.className),
            AuditChange(.loanLimit, from: old.loanLimit.map(String.init), to: user.loanLimit.map(String.init)),
        ].filter { $0.from != $0.to }
        let name = old.name == user.name ? user.name : "\(old.name) → \(user.name)"
        try record(.editedUser(changes: changes), user: AuditedUser(card: user.card, name: name), in: tx)
        return .saved(user)
    }

    /// Staff mode's "register a User": adds them, or gives the User with that card this name,
    /// keeping the rest.
    public func registerUser(_ user: User, in tx: any LendingTransaction) throws -> Saving<User> {
        guard var existing = try tx.user(card: user.card) else { return try addUser(user, in: tx) }
        existing.name = user.name
        return try editUser(existing, in: tx)
    }

    /// Makes the User unable (or able again) to borrow; nil when there is no such User. Records
    /// only a change.
    public func setActive(_ card: String, _ active: Bool, in tx: any LendingTransaction) throws -> User? {
        guard var user = try tx.user(card: card) else { return nil }
        guard user.isActive != active else { return user }
        user.isActive = active
        try tx.save(user)
        try record(active ? .reactivatedUser : .deactivatedUser, user: AuditedUser(user), in: tx)
        return user
    }

    /// What removing a User came to.
    public enum Removal: Sendable, Equatable {
        case removed(User)
        /// They still have Books out: nothing changed.
        case booksOut(User, count: Int)
        case missing
    }

    /// Removes a User with no Book out: their returned Loans and audit entries forget them.
    public func removeUser(_ card: String, in tx: any LendingTransaction) throws -> Removal {
        guard let user = try tx.user(card: card) else { return .missing }
        let open = try tx.openLoans(user: card).count
        if open > 0 { return .booksOut(user, count: open) }
        guard try tx.removeUser(card: card) else { return .missing }
        // Recorded after the removal, which makes earlier entries forget them; this one names
        // them until the privacy window passes.
        try record(.removedUser, user: AuditedUser(user), in: tx)
        return .removed(user)
    }
}
