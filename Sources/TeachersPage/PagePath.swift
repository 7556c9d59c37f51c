import Foundation

/// The page's own URLs, with every piece that came from data percent-encoded.
enum PagePath {
    static let home = "/"
    static let signIn = "/sign-in"
    static let signOut = "/sign-out"
    static let loans = "/loans"
    static let books = "/books"
    static let newBook = "/books/new"
    static let users = "/users"
    static let newUser = "/users/new"
    static let settings = "/settings"
    static let staff = "/settings/staff"
    static let stylesheet = "/style.css"
    static let qrCode = "/qr.svg"
    // The school year (組, 記録)
    static let classes = "/classes"
    static let promote = "/classes/promote"
    static let records = "/records"
    static func schoolClass(_ name: String, _ action: String) -> String { "/classes/" + segment(name) + "/" + action }
    // pageyear-b
    static let print = "/print"
    static let printNotices = "/print/notices"
    static let printCards = "/print/cards"
    static let printLabels = "/print/labels"
    static let importCSV = "/import"
    static let applyImport = "/import/apply"
    static let backup = "/settings/backup"
    static let restore = "/settings/restore"
    static let confirmRestore = "/settings/restore/confirm"

    static func loan(_ id: Int64, _ action: String) -> String { "/loans/\(id)/\(action)" }
    static func book(_ barcode: String) -> String { "/books/" + segment(barcode) }
    static func book(_ barcode: String, _ action: String) -> String { book(barcode) + "/" + action }
    static func cover(_ barcode: String) -> String { "/covers/" + segment(barcode) }
    static func user(_ card: String) -> String { "/users/" + segment(card) }
    static func user(_ card: String, _ action: String) -> String { user(card) + "/" + action }
    static func staff(_ name: String, _ action: String) -> String { "/settings/staff/" + segment(name) + "/" + action }

    /// `path?name=value&…`, leaving out empty values.
    static func with(_ path: String, _ query: [(String, String)]) -> String {
        let items = query.filter { !$0.1.isEmpty }.map { segment($0.0) + "=" + segment($0.1) }
        return items.isEmpty ? path : path + "?" + items.joined(separator: "&")
    }

    /// One path segment or query value: everything but unreserved characters encoded.
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
