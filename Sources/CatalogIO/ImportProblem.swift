import BookLookup
import Lending

/// One thing wrong with a file to import, as data: the line it is on (nil for the file as a
/// whole) and what is wrong. Any one stops the import; each reader words it in its own
/// language with `CatalogWords.problem(_:)`.
public struct ImportProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case syntax(CSV.SyntaxError.Reason)
        /// No header row at all.
        case emptyFile(CatalogImport.Kind)
        /// The header lacks these columns, which the import needs.
        case missingColumns([CatalogColumn], kind: CatalogImport.Kind)
        /// A books file's header has neither a title column nor an ISBN column to look titles up by.
        case missingTitleOrISBNColumn
        case tooManyFields(count: Int, header: Int)
        /// The barcode or card is on an earlier line too.
        case repeated(key: String, firstLine: Int, kind: CatalogImport.Kind)
        /// A Book without a title or a User without a name (key: its barcode or card, if any).
        case missingName(key: String, kind: CatalogImport.Kind)
        case invalidISBN(ISBN.Invalid)
        /// A Book with an ISBN and no title, where lookups are off (the page's preview without a lookup).
        case untitledWithoutLookup(isbn: String)
        /// A Book with an ISBN and no title that the lookup did not find (or could not ask).
        case titleNotFound(LookupProblem)
        case invalidStatus(String)
        case invalidReading(Character, kind: CatalogImport.Kind)
        case invalidLimit(String)
        case invalidActive(String)
        /// Rows without a barcode or card that cannot be given one.
        case cannotNumber(rows: Int, BarcodeNumbering.Exhausted, kind: CatalogImport.Kind)
        case conflict(Catalog.Conflict)
        /// A class the library lacks whose name is close to one it has (or one named earlier
        /// in the file): most likely a typo, so it is not made as a new class.
        case probableTypo(written: String, meant: String)
    }

    public var line: Int?
    public var reason: Reason

    public init(line: Int?, _ reason: Reason) {
        self.line = line
        self.reason = reason
    }

    /// In English (the page and the commands word it in their own language).
    public var description: String { EnglishCatalogWords().problem(self) }
}

/// Something worth knowing about a file that does not stop its import.
public struct ImportWarning: Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// A header BookKiosk does not know; the column is left out.
        case unknownColumn(String, kind: CatalogImport.Kind)
        /// A row without a card whose name (in its class) several stored Users have: it is left
        /// out, as it cannot be told which one it is.
        case sameNameAsSeveralUsers(name: String, className: String?, cards: [String])
        /// A row without a card whose name (in its class) other rows of the file have too
        /// (`lines`). Without a stored User of that name (`storedCard` nil) each row is added as
        /// a User of its own; with one, the row is left out, as it cannot be told which is which.
        case sameNameOnOtherLines(name: String, className: String?, lines: [Int], storedCard: String?)
        /// A row without a barcode whose title (or ISBN) the library's Books have already: it is
        /// added as one more copy, which is what the file says, but would double a file imported twice.
        case sameTitleInLibrary(title: String, barcodes: [String])
    }

    public var line: Int
    public var reason: Reason

    public init(line: Int, _ reason: Reason) {
        self.line = line
        self.reason = reason
    }

    public var description: String { EnglishCatalogWords().warning(self) }
}
