import Foundation
import Lending

/// `bookkiosk export books|users`: CSV with exactly the import's columns, headed and valued in
/// the configured language's words (import reads every language's), so export → edit in
/// Excel → import is a round trip, byte for byte when nothing was edited. UTF-8 with a byte-order mark (Excel then reads it as UTF-8)
/// and LF line ends (Excel reads both); cells that begin like a formula are guarded with a `'` that import
/// takes off again (`CSV.guarded`).
public enum CatalogExport {
    /// The file's text, byte-order mark included.
    public static func text(_ kind: CatalogImport.Kind, of repository: any LendingRepository,
                            words: any CatalogWords = EnglishCatalogWords()) throws -> String {
        let rows: [[String]] = try repository.transaction { tx in
            switch kind {
            case .books:
                return try tx.allBooks().map { book in
                    [book.barcode, book.title, book.author ?? "", book.isbn ?? "", book.status.rawValue, book.reading ?? ""]
                }
            case .users:
                return try tx.allUsers().sortedForLists(classes: try tx.classes()).map { user in
                    [user.card, user.name, user.reading ?? "", user.className ?? "", user.loanLimit.map(String.init) ?? "",
                     user.isActive ? "yes" : "no"]
                }
            }
        }
        let cells = rows.map { row in zip(kind.columns, row).map { words.cell($0, $1) } }
        return document([kind.columns.map(words.header)] + cells)
    }

    /// A whole CSV document: the byte-order mark, then one guarded line per row, a line end after each.
    public static func document(_ rows: [[String]]) -> String {
        CSV.byteOrderMark + rows.map { CSV.line($0) + "\n" }.joined()
    }
}
