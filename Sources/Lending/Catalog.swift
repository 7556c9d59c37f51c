/// Rules for adding Books and Users, shared by `import` and staff registration.
public enum Catalog {
    /// Why a Book or User cannot be saved under a barcode.
    public enum Conflict: Error, Equatable, CustomStringConvertible {
        /// The barcode is already a User's Card.
        case barcodeIsACard(String)
        /// The card is already a Book's barcode.
        case cardIsABook(String)

        public var description: String {
            switch self {
            case .barcodeIsACard(let code): "\(code) is already a library card, so it cannot also be a book's barcode"
            case .cardIsABook(let code): "\(code) is already a book's barcode, so it cannot also be a library card"
            }
        }
    }

    /// Card and Book barcodes share one namespace: the conflict that saving `book` would make.
    /// Reads without a lock (a User's card never changes), so a Book's registration locks no User.
    public static func conflict(saving book: Book, in tx: any LendingTransaction) throws -> Conflict? {
        try tx.users(cards: [book.barcode]).isEmpty ? nil : .barcodeIsACard(book.barcode)
    }

    /// The conflict that saving `user` would make (read without a lock, as above).
    public static func conflict(saving user: User, in tx: any LendingTransaction) throws -> Conflict? {
        try tx.books(barcodes: [user.card]).isEmpty ? nil : .cardIsABook(user.card)
    }
}
