import Foundation
import Lending

/// The Book form's fields as typed, and what is wrong with them. Text is kept as typed (a title
/// in kana or kanji from the device's IME stays so); only surrounding spaces are trimmed. The
/// title's reading (よみがな) is stored in hiragana (`Reading`).
struct BookForm: Equatable {
    var barcode = ""
    var title = ""
    var author = ""
    var isbn = ""
    /// よみがな, in hiragana or katakana (stored in hiragana); lists sort by it.
    var reading = ""

    init(barcode: String = "", title: String = "", author: String = "", isbn: String = "", reading: String = "") {
        self.barcode = barcode
        self.title = title
        self.author = author
        self.isbn = isbn
        self.reading = reading
    }

    init(_ book: Book) {
        self.init(barcode: book.barcode, title: book.title, author: book.author ?? "", isbn: book.isbn ?? "", reading: book.reading ?? "")
    }

    init(fields value: (String) -> String?) {
        func field(_ name: String) -> String { (value(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        self.init(barcode: field("barcode"), title: field("title"), author: field("author"), isbn: field("isbn"), reading: field("reading"))
    }

    /// Problems by field name, in the words of the page. An empty barcode is not one: a new
    /// Book is given the next free number.
    func problems(_ words: any PageWords) -> [String: String] {
        var problems: [String: String] = [:]
        if title.isEmpty { problems["title"] = words.titleMissing }
        if !isbn.isEmpty, normalizedISBN == nil { problems["isbn"] = words.isbnInvalid }
        do throws(Reading.Invalid) {
            _ = try Reading.normalize(reading)
        } catch {
            problems["reading"] = words.readingInvalid(error.character)
        }
        return problems
    }

    /// Whether the form leaves the barcode to be given.
    var needsNumber: Bool { Barcode.normalize(barcode).isEmpty }

    /// The ISBN-13 typed (hyphens and spaces allowed, ISBN-10 converted); nil when none or invalid.
    var normalizedISBN: String? {
        let digits = isbn.filter { $0 != "-" && $0 != " " }
        return digits.isEmpty ? nil : Barcode.isbn13(digits)
    }

    /// The Book to save; `existing` keeps its status, `given` is the number given to a new
    /// Book whose barcode was left empty.
    func book(existing: Book?, given: String? = nil) -> Book {
        let code = given ?? Barcode.normalize(barcode)
        return Book(barcode: existing?.barcode ?? code, title: title, author: author.isEmpty ? nil : author,
                    isbn: normalizedISBN ?? (existing == nil ? Barcode.isbn13(code) : nil),
                    status: existing?.status ?? .available, reading: (try? Reading.normalize(reading)) ?? nil)
    }

    /// The form filled with what a lookup found: its title, reading and authors (the barcode
    /// as typed; the ISBN as the record has it, 13 digits).
    func filled(with record: BookRecord) -> BookForm {
        BookForm(barcode: barcode, title: record.title, author: record.author ?? "", isbn: record.isbn, reading: record.reading ?? "")
    }
}
