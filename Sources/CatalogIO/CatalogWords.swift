import BookLookup
import Language
import Lending

/// Every word of the books and users files and of their import and export, in one language:
/// the headers and values `export` writes, the problems and warnings an import finds, and the
/// reports of `bookkiosk import` and `export`. Each language is a type of its own
/// (`JapaneseCatalogWords`, `EnglishCatalogWords`), so the compiler checks that none lacks a
/// word; the teachers' page shows the same problems with the same words.
public protocol CatalogWords: Sendable {
    /// The column's header as `export` writes it in this language.
    func header(_ column: CatalogColumn) -> String
    /// A Book's status as written in the status column.
    func status(_ status: BookStatus) -> String
    /// A User's `active` as written in its column.
    func active(_ isActive: Bool) -> String

    func line(_ number: Int) -> String
    func syntax(_ reason: CSV.SyntaxError.Reason) -> String
    /// The problem, starting with its line when it has one.
    func problem(_ problem: ImportProblem) -> String
    /// Why a lookup found no title, and what to do (the import's report).
    func lookupProblem(_ problem: LookupProblem) -> String
    /// Why `bookkiosk lookup` shows no record for an ISBN, and what to do.
    func lookupCommandProblem(_ problem: LookupProblem) -> String
    /// What kept the services from answering, in the few words the page, `bookkiosk lookup` and
    /// the import all say it in (「インターネットにつながっていないようです」).
    func lookupTrouble(_ trouble: LookupTrouble) -> String
    func warning(_ warning: ImportWarning) -> String
    /// The text encoding a file was read in.
    func encoding(_ encoding: CSVText.Encoding) -> String
    func source(_ failure: ImportSource.Failure) -> String

    // bookkiosk import
    var nothingImported: String { get }
    func imported(_ file: String, kind: CatalogImport.Kind, added: Int, updated: Int, encoding: CSVText.Encoding) -> String
    func createdClasses(_ names: [String]) -> String
    /// The heading of the titles an import found by ISBN (`fromCache` of them in the lookup cache).
    func lookedUpHeading(rows: Int, fromCache: Int) -> String
    func numberedHeading(_ kind: CatalogImport.Kind) -> String
    /// The heading of the rows without a card that updated a User the library has.
    var matchedHeading: String { get }
    var importUsage: String { get }

    // bookkiosk export
    var exportUsage: String { get }
    func exported(_ what: String, to file: String) -> String
    func alreadyExists(_ file: String) -> String
    func cannotWrite(_ file: String) -> String
}

extension CatalogWords {
    /// The value `export` writes in `column` for a raw (English) value: statuses and yes/no in
    /// this language, everything else as it is.
    public func cell(_ column: CatalogColumn, _ raw: String) -> String {
        switch column {
        case .status: BookStatus(rawValue: raw).map(status) ?? raw
        case .active: raw == "yes" ? active(true) : raw == "no" ? active(false) : raw
        default: raw
        }
    }
}

/// The words of `language`.
public func catalogWords(_ language: Language) -> any CatalogWords {
    switch language {
    case .ja: JapaneseCatalogWords()
    case .en: EnglishCatalogWords()
    }
}

/// Every language's words, for reading headers and values written in any of them.
let everyCatalogWords: [any CatalogWords] = Language.allCases.map(catalogWords)
