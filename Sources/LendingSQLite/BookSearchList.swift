/// The Books' search texts (`books.search_text`), in list order, kept in memory by one
/// connection, so a title search looks through one run of bytes instead of asking SQLite to read
/// every Book's row (and again for the count): SQLite's own cost per row, about a
/// tenth of a microsecond before any comparison, made a search of 5,000 Books a millisecond.
///
/// It is read again whenever the library's mark of its last change to a Book
/// (`books_changed.mark`, drawn anew by a trigger on every insert, update and delete of a Book,
/// whichever program makes it) differs from the one it was read at; the mark is read in the
/// search's own snapshot, so the list and the rows shown always agree. Used by one connection's
/// transactions, on its thread.
final class BookSearchList {
    /// The Books' texts in one run of bytes, and where each ends.
    private struct Texts {
        /// Each Book's search text followed by U+001F, which no search holds (the fields of one
        /// Book are joined by it too), so no match runs from one Book into the next.
        var bytes: [UInt8] = []
        /// Where each Book's separator stands in `bytes`: Book `i`'s text ends there.
        var ends: [Int] = []
        /// Each Book's rowid, in the same order.
        var rowids: [Int64] = []

        /// Adds a Book: its rowid, and its text as `write` appends it.
        mutating func add(_ rowid: Int64, _ write: (inout [UInt8]) -> Void) {
            rowids.append(rowid)
            write(&bytes)
            ends.append(bytes.count)
            bytes.append(BookSearchList.separator)
        }
    }

    /// The mark the texts were read at; nil before the first read.
    private var mark: Int64?
    private var texts = Texts()

    /// How many times the texts were read (for tests).
    private(set) var reads = 0

    /// The Books' rowids, in list order, whose search text holds `folded` (a search's folded
    /// text, not empty, without U+001F), reading the texts again where the library's mark has
    /// moved; nil where the library has no mark (its row was taken away), for the caller to
    /// search in SQL.
    func rowids(holding folded: String, on connection: SQLiteConnection, texts query: String) throws -> [Int64]? {
        guard let current = try connection.firstRow("SELECT mark FROM books_changed WHERE id = 1", [], { $0.int64(0) }) else {
            return nil
        }
        if current != mark {
            try read(with: query, on: connection)
            mark = current
        }
        return find(Array(folded.utf8))
    }

    /// `query` gives each Book's rowid and search text, in list order.
    private func read(with query: String, on connection: SQLiteConnection) throws {
        var read = Texts()
        read.bytes.reserveCapacity(texts.bytes.count)
        _ = try connection.rows(query, []) { row in
            read.add(row.int64(0)) { row.appendText(1, to: &$0) }
        }
        texts = read
        reads += 1
    }

    /// Holds `books` (rowid and search text, in list order) as if read from a library (for tests).
    func load(_ books: [(rowid: Int64, text: String)]) {
        var loaded = Texts()
        for book in books { loaded.add(book.rowid) { $0.append(contentsOf: book.text.utf8) } }
        texts = loaded
    }

    static let separator: UInt8 = 0x1F

    /// The rowids of the Books whose text holds `needle`, each once, in order: a
    /// Boyer–Moore–Horspool search of the whole run, going on after each match from the next
    /// Book's start.
    func find(_ needle: [UInt8]) -> [Int64] {
        let m = needle.count
        guard m > 0, !needle.contains(Self.separator) else { return [] }
        var shift = [Int](repeating: m, count: 256)
        for (index, byte) in needle.dropLast().enumerated() { shift[Int(byte)] = m - 1 - index }
        var found: [Int64] = []
        let (ends, rowids) = (texts.ends, texts.rowids)
        texts.bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                shift.withUnsafeBufferPointer { shift in
                    let last = needle[m - 1]
                    var start = 0
                    while start + m <= haystack.count {
                        let byte = haystack[start + m - 1]
                        if byte == last && Self.matches(needle, at: start, in: haystack) {
                            let book = Self.firstEnd(after: start, in: ends)
                            found.append(rowids[book])
                            start = ends[book] + 1
                        } else {
                            start += shift[Int(byte)]
                        }
                    }
                }
            }
        }
        return found
    }

    /// Whether `haystack` holds all of `needle` but its last byte at `start`.
    private static func matches(_ needle: UnsafeBufferPointer<UInt8>, at start: Int, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < needle.count - 1 {
            if haystack[start + index] != needle[index] { return false }
            index += 1
        }
        return true
    }

    /// The first Book whose text ends after `offset` (the one holding it).
    private static func firstEnd(after offset: Int, in ends: [Int]) -> Int {
        var (low, high) = (0, ends.count)
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > offset { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
