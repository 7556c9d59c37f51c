/// One column of the books or users CSV. Its raw value is the English header; each language's
/// header is in `CatalogWords.header(_:)`, and import reads every language's.
public enum CatalogColumn: String, Sendable, Hashable, CaseIterable {
    case barcode, title, author, isbn, status, reading
    case card, name, `class`, limit, active
}
