import Foundation
import Lending

/// The words only 絵本 uses: its list, a Book's page and form, lending it (part of `PageWords`; each language's are beside this file).
public protocol BooksPageWords {
    var searchBooks: String { get }
    var cover: String { get }
    var author: String { get }
    var available: String { get }
    var withdrawnState: String { get }
    var lostState: String { get }
    var addBook: String { get }
    var withdraw: String { get }
    var withdrawIt: String { get }
    var lend: String { get }
    var whoHasIt: String { get }
    var editBookHeading: String { get }
    var bookBarcodeHint: String { get }
    func withdrawWarning(user: String, due: String) -> String
    func withdrawn(title: String) -> String
    func bookSaved(title: String) -> String
    /// A new Book saved with the number it was given.
    func bookNumbered(title: String, barcode: String) -> String
    var titleMissing: String { get }
    var isbnInvalid: String { get }
    func barcodeIsACard(_ code: String) -> String
    func barcodeTaken(_ code: String) -> String
    var lendHeading: String { get }
    var chooseUser: String { get }
}
