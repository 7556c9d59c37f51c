import Foundation
import Lending
import LendingSQLite

/// A generated library: how many Books, Users and past (returned) Loans.
struct DataSet {
    var name: String
    var books: Int
    var users: Int
    var pastLoans: Int

    static let small = DataSet(name: "small", books: 5_000, users: 200, pastLoans: 20_000)
    static let large = DataSet(name: "large", books: 200_000, users: 20_000, pastLoans: 2_000_000)

    static func bookBarcode(_ index: Int) -> String { "B" + String(format: "%07d", index) }
    static func userCard(_ index: Int) -> String { "C" + String(format: "%06d", index) }

    /// Writes the data set into a new database at `path`: the schema comes from
    /// `SQLiteLendingRepository` (its migrations), the rows from prepared inserts in one
    /// transaction, not through the rules, so a large set takes seconds rather than hours.
    /// The file is left with the production settings (WAL); the kiosk sets `synchronous=FULL`
    /// on every connection it opens.
    func generate(at path: String, now: Date, seed: UInt64) throws {
        _ = try SQLiteLendingRepository(path: path)
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        // Generation only: a crash here loses nothing of value, so skip the syncs.
        try connection.execute("PRAGMA synchronous = OFF")
        // Room for the whole transaction in memory (up to 1 GB), so pages are not spilled to
        // the WAL and read back while the indexes grow.
        try connection.execute("PRAGMA cache_size = -1000000")
        try connection.execute("PRAGMA foreign_keys = ON")
        var random = SplitMix64(seed: seed)
        try connection.transaction(.immediate) {
            let insertBook = try connection.prepare("INSERT INTO books (barcode, title, author, isbn, status) VALUES (?, ?, ?, ?, ?)")
            for index in 0..<books {
                // One Book in four carries an ISBN, shared by a few copies; one in a hundred is withdrawn.
                let isbn: SQLiteValue = index % 4 == 0 ? .text(Self.isbn13(index / 12)) : .null
                let status = index % 100 == 99 ? "withdrawn" : "available"
                try insertBook.bind([.text(Self.bookBarcode(index)), .text("えほん \(index)"), .text("さくしゃ \(index % 997)"),
                                     isbn, .text(status)])
                _ = try insertBook.step()
                insertBook.reset()
            }
            let insertUser = try connection.prepare("INSERT INTO users (card, name, loan_limit, active) VALUES (?, ?, ?, ?)")
            for index in 0..<users {
                try insertUser.bind([.text(Self.userCard(index)), .text("りようしゃ \(index)"), .null, .integer(1)])
                _ = try insertUser.step()
                insertUser.reset()
            }
            let insertLoan = try connection.prepare(
                "INSERT INTO loans (book, user, lent_at, due, returned_at) VALUES (?, ?, ?, ?, ?)")
            let day = 86_400.0
            // Past Loans spread over the three years before `now`, each returned within two weeks.
            let span = 3 * 365 * day
            // Due dates by day, worked out once per day rather than once per Loan.
            var dueByDay: [Int: String] = [:]
            let utc = TimeZone(identifier: "UTC")!
            for _ in 0..<pastLoans {
                let lentAt = now.timeIntervalSince1970 - span + Double(random.next() % UInt64(span))
                let returnedAt = lentAt + Double(random.next() % UInt64(14 * day))
                let lentDay = Int(lentAt / day)
                let due = dueByDay[lentDay] ?? {
                    let text = LocalDate(Date(timeIntervalSince1970: Double(lentDay) * day + 7 * day), in: utc).description
                    dueByDay[lentDay] = text
                    return text
                }()
                try insertLoan.bind([.text(Self.bookBarcode(Int(random.next() % UInt64(books)))),
                                     .text(Self.userCard(Int(random.next() % UInt64(users)))),
                                     .real(lentAt), .text(due), .real(returnedAt)])
                _ = try insertLoan.step()
                insertLoan.reset()
            }
        }
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// A valid ISBN-13 (978…) made from `number`.
    static func isbn13(_ number: Int) -> String {
        let body = "978" + String(format: "%09d", number % 1_000_000_000)
        let digits = body.compactMap { $0.wholeNumberValue }
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return body + String((10 - sum % 10) % 10)
    }
}

/// A small, fast, seeded generator (SplitMix64), so every run generates the same data.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
