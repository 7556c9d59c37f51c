import Foundation
import Lending

/// `bookkiosk export loans`: every Loan as a CSV row, with its Book's title and its User's
/// name, times with the time zone's offset.
public enum LoanExport {
    public static let header = "book,title,user,name,lentAt,due,returnedAt,overrideBy"

    /// The whole file: the byte-order mark, the header and one line per Loan, LF line ends.
    public static func text(of repository: any LendingRepository, timeZone: TimeZone) throws -> String {
        CSV.byteOrderMark + (try lines(of: repository, timeZone: timeZone)).map { $0 + "\n" }.joined()
    }

    /// The header and one line per Loan (cells guarded), read in one transaction.
    public static func lines(of repository: any LendingRepository, timeZone: TimeZone) throws -> [String] {
        let (loans, books, users) = try repository.transaction { tx in
            (try tx.allLoans(),
             Dictionary(try tx.allBooks().map { ($0.barcode, $0) }, uniquingKeysWith: { first, _ in first }),
             Dictionary(try tx.allUsers().map { ($0.card, $0) }, uniquingKeysWith: { first, _ in first }))
        }
        return [header] + loans.map { loan in
            let fields = [
                loan.book, books[loan.book]?.title ?? "", loan.user ?? "", loan.user.flatMap { users[$0]?.name } ?? "",
                timestamp(loan.lentAt, timeZone), loan.due.description,
                loan.returnedAt.map { timestamp($0, timeZone) } ?? "", loan.overrideBy ?? "",
            ]
            return CSV.line(fields)
        }
    }

    /// ISO 8601 with the time zone's offset, as the event stream writes times.
    public static func timestamp(_ date: Date, _ timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
