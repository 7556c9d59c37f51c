/// What a library's barcodes look like: its Cards' numbering and its Books' (the configuration's
/// `numbering`). The kiosk asks it of a barcode it does not know: a Book's shape means a Book
/// not registered yet, anything else may be another child's Card.
public struct BarcodeRules: Sendable, Equatable {
    public var cards: BarcodeNumbering
    public var books: BarcodeNumbering

    /// Cards `1…`, Books `2…`, eight digits: the numbering a library starts with.
    public static let standard = BarcodeRules(cards: .cards, books: .books)

    public init(cards: BarcodeNumbering, books: BarcodeNumbering) {
        self.cards = cards
        self.books = books
    }

    /// Whether `barcode` (normalized), which no Card or Book carries, may be a Card. Only a
    /// barcode shaped like a Book is told apart: an ISBN, or one of the Books' numbering that is
    /// not also the Cards'. Any other, the Cards' shape or a shape neither numbering has, may be
    /// a Card, since lending the next Book to an earlier child is the error to avoid; a child
    /// asked for her Card again loses a second.
    public func mayBeCard(_ barcode: String) -> Bool {
        if cards.serial(of: barcode) != nil { return true }
        if Barcode.isbn13(barcode) != nil { return false }
        return books.serial(of: barcode) == nil
    }
}
