import Foundation
import Lending
import LendingSQLite

extension DataSet {
    /// The page's data set: the small library (5,000 Books, 200 Users, 20,000 past Loans) with
    /// 2,000 open Loans on top, as the teachers' page bench asks.
    static let page = DataSet(name: "page", books: 5_000, users: 200, pastLoans: 20_000)
    static let pageOpenLoans = 2_000

    /// The Books and Users the kiosk's scans pick from in the page bench: the first 2,900 Books
    /// and first 100 Users, none of which has an open Loan (so every lend is lent).
    static let pageScanning = DataSet(name: "page", books: 2_900, users: 100, pastLoans: 20_000)

    /// Adds `count` open Loans on Books from index 2,900 up (withdrawn ones skipped) to Users
    /// from index 100 up, lent over the two weeks before `now` and due a week after lending,
    /// so about half are overdue. Prepared inserts, not the rules (like `generate`).
    func addOpenLoans(_ count: Int, at path: String, now: Date, seed: UInt64) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute("PRAGMA synchronous = OFF")
        var random = SplitMix64(seed: seed)
        let day = 86_400.0
        let utc = TimeZone(identifier: "UTC")!
        try connection.transaction(.immediate) {
            let insert = try connection.prepare("INSERT INTO loans (book, user, lent_at, due, returned_at) VALUES (?, ?, ?, ?, NULL)")
            var added = 0
            var index = Self.pageScanning.books
            while added < count {
                precondition(index < books, "not enough Books for \(count) open Loans")
                defer { index += 1 }
                if index % 100 == 99 { continue } // withdrawn
                let lentAt = now.timeIntervalSince1970 - Double(random.next() % UInt64(14 * day))
                let due = LocalDate(Date(timeIntervalSince1970: lentAt + 7 * day), in: utc).description
                let user = Self.pageScanning.users + Int(random.next() % UInt64(users - Self.pageScanning.users))
                try insert.bind([.text(Self.bookBarcode(index)), .text(Self.userCard(user)), .real(lentAt), .text(due)])
                _ = try insert.step()
                insert.reset()
                added += 1
            }
        }
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
