import Foundation

/// The page's links, every one made from the route table (`PageRoutes`), with every piece that
/// came from data percent-encoded.
enum PagePath {
    /// The path of the endpoint `name`, with `values` in its places.
    static func to(_ name: PageRoute.Name, _ values: String...) -> String {
        PageRoutes.table.path(name, values)
    }

    static var home: String { to(.home) }
    static var signIn: String { to(.signInForm) }
    static var signOut: String { to(.signOut) }
    static var loans: String { to(.loans) }
    static var books: String { to(.books) }
    static var newBook: String { to(.newBookForm) }
    static var scanBooks: String { to(.scanBooks) }
    static var users: String { to(.users) }
    static var newUser: String { to(.newUserForm) }
    static var settings: String { to(.settings) }
    static var staff: String { to(.addStaff) }
    static var stylesheet: String { to(.stylesheet) }
    static var qrCode: String { to(.qrCode) }
    // The school year (組, 記録)
    static var classes: String { to(.classes) }
    static var promote: String { to(.promote) }
    static var records: String { to(.records) }
    // 印刷, 取り込み, backup and restore
    static var print: String { to(.printPage) }
    static var printNotices: String { to(.printNotices) }
    static var printCards: String { to(.printCards) }
    static var printLabels: String { to(.printLabels) }
    static var importCSV: String { to(.importForm) }
    static var applyImport: String { to(.applyImport) }
    static var backup: String { to(.backup) }
    static var restore: String { to(.previewRestore) }
    static var confirmRestore: String { to(.restore) }

    static func book(_ barcode: String) -> String { bookPath(barcode) }
    static func cover(_ barcode: String) -> String { coverPath(barcode) }
    static func user(_ card: String) -> String { userPath(card) }
    static func confirmReturn(_ loan: Int64) -> String { confirmReturnPath(String(loan)) }
    static func extendLoan(_ loan: Int64) -> String { extendLoanPath(String(loan)) }

    // The links a list makes on every row, looked up in the table once.
    private static let bookPath = OneValuePath(.book)
    private static let coverPath = OneValuePath(.cover)
    private static let userPath = OneValuePath(.user)
    private static let confirmReturnPath = OneValuePath(.confirmReturn)
    private static let extendLoanPath = OneValuePath(.extendLoan)

    /// `path?name=value&…`, leaving out empty values.
    static func with(_ path: String, _ query: [(String, String)]) -> String {
        let items = query.filter { !$0.1.isEmpty }.map { segment($0.0) + "=" + segment($0.1) }
        return items.isEmpty ? path : path + "?" + items.joined(separator: "&")
    }

    /// One path segment or query value: everything but unreserved characters encoded.
    /// Works on the UTF-8 bytes (as `addingPercentEncoding` does, which costs far more on
    /// Linux): a list links every row's Book, User and Loan.
    static func segment(_ text: String) -> String {
        guard !text.utf8.allSatisfy(isUnreserved) else { return text }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(contentsOf: [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// A–Z, a–z, 0–9 and `-._~` (RFC 3986's unreserved characters).
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}

/// The path of an endpoint with one place (`/loans/{n}/extend`), found in the route table once:
/// the text before the place and after it, with each value percent-encoded between them, as
/// `PathPattern.filled` makes it (a list makes three such links on each of its fifty rows).
struct OneValuePath: Sendable {
    private let before: String
    private let after: String

    init(_ name: PageRoute.Name) {
        var before = "", after = "", placed = false
        for piece in PageRoutes.table.endpoint(name).path.pieces {
            switch piece {
            case .literal(let text) where placed: after += "/" + text
            case .literal(let text): before += "/" + text
            case .value, .number:
                precondition(!placed, "\(name) has more than one place in its path")
                before += "/"
                placed = true
            }
        }
        precondition(placed, "\(name) has no place in its path")
        (self.before, self.after) = (before, after)
    }

    func callAsFunction(_ value: String) -> String {
        let segment = PagePath.segment(value)
        var path = before
        path.reserveCapacity(before.utf8.count + segment.utf8.count + after.utf8.count)
        path += segment
        path += after
        return path
    }
}
