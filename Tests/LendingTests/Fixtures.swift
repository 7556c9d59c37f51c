import Foundation
import Lending

/// Fixed time zones, instants and library data shared by the Lending tests. Nothing here reads
/// the clock: every instant is spelled out.
enum Fixture {
    static let utc = TimeZone(identifier: "UTC")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// The instant `text` (`YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`) names in `timeZone`.
    static func instant(_ text: String, in timeZone: TimeZone) -> Date {
        let halves = text.split(separator: "T")
        let day = halves[0].split(separator: "-").map { Int($0)! }
        let time = halves[1].split(separator: ":").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: time[0],
                                        minute: time[1], second: time.count > 2 ? time[2] : 0)
        return calendar.date(from: components)!
    }

    /// An instant in Tokyo, the library's time zone in these tests.
    static func tokyo(_ text: String) -> Date { instant(text, in: tokyo) }

    /// A date literal that must be valid.
    static func day(_ text: String) -> LocalDate { LocalDate(text)! }

    /// The library's defaults (limit 2, 7 days, closed Saturday and Sunday, block on overdue),
    /// in Tokyo.
    static let policy = Policy(timeZone: tokyo)

    /// Tuesday 1 December 2026, 09:00 in Tokyo: "now" for the decision tables.
    static let now = tokyo("2026-12-01T09:00")
    /// Seven days after `now`'s local day, a Tuesday: the due date of a lend at `now`.
    static let dueOfLendNow = day("2026-12-08")

    static let haruto = User(card: "C0001", name: "はると")
    static let yui = User(card: "C0002", name: "ゆい")
    static let sora = User(card: "C0003", name: "そら")
    static let inactive = User(card: "C0009", name: "まえのこ", isActive: false)

    static let guriIsbn = "9784834000825"
    static let available = Book(barcode: "B0042", title: "ぐりとぐら", isbn: guriIsbn)
    static let withdrawn = Book(barcode: "B0050", title: "やぶれたほん", status: .withdrawn)
    static let lost = Book(barcode: "B0051", title: "なくしたほん", status: .lost)

    /// An open Loan of `book` to `user`, lent on the Tokyo instant `lentAt` with the due date
    /// the default Policy gives it.
    static func loan(_ id: Int64, of book: String, to user: User, lentAt: String) -> Loan {
        let lent = tokyo(lentAt)
        return Loan(id: id, book: book, user: user.card, lentAt: lent, due: policy.dueDate(lentAt: lent))
    }

    /// Lent Monday 16 November, due Monday 23 November: overdue at `now`.
    static let overdueLoan = loan(90, of: "B0090", to: haruto, lentAt: "2026-11-16T10:00")
    /// Lent Monday 30 November, due Monday 7 December: not overdue at `now`.
    static let currentLoan = loan(91, of: "B0091", to: haruto, lentAt: "2026-11-30T10:00")
    static let otherCurrentLoan = loan(92, of: "B0092", to: haruto, lentAt: "2026-11-30T10:05")
    static let thirdCurrentLoan = loan(93, of: "B0093", to: haruto, lentAt: "2026-11-30T10:10")
}
