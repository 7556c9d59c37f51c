import Foundation
import Lending

extension EnglishPageWords {
    public var searchBooks: String { "Search by title, author, barcode or ISBN" }
    public var cover: String { "Cover" }
    public var author: String { "Author" }
    public var available: String { "Available" }
    public var withdrawnState: String { "Withdrawn" }
    public var lostState: String { "Lost" }
    public var addBook: String { "Add a book" }
    public var withdraw: String { "Withdraw" }
    public var withdrawIt: String { "Withdraw it" }
    public var lend: String { "Lend" }
    public var whoHasIt: String { "Borrowed by" }
    public var editBookHeading: String { "Edit the book" }
    public var bookBarcodeHint: String { "The number on the book's label. The ISBN barcode can serve as well." }
    public func withdrawWarning(user: String, due: String) -> String {
        "This book is on loan to \(user) (due \(due)). Withdrawing it marks this loan returned, and the book cannot be lent again. Withdraw it only when you have the book in hand."
    }
    public func withdrawn(title: String) -> String { "\"\(title)\" is withdrawn." }
    public func bookSaved(title: String) -> String { "\"\(title)\" is saved." }
    public func bookNumbered(title: String, barcode: String) -> String { "\"\(title)\" is saved. Its barcode is \(barcode) (print its label under Print)." }
    public var titleMissing: String { "Please type the title." }
    public var isbnInvalid: String { "This ISBN is not valid. Type the 13 digits starting 978 (or the 10-digit ISBN) from the back of the book, or leave it empty." }
    public func barcodeIsACard(_ code: String) -> String { "\(code) is a library card, so a book cannot use it. Please choose another number." }
    public func barcodeTaken(_ code: String) -> String { "There is already a book \(code). Use its Edit to change it." }
    public var lendHeading: String { "Lend" }
    public var chooseUser: String { "Choose who borrows it" }
}
