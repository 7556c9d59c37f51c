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

    static func book(_ barcode: String) -> String { to(.book, barcode) }
    static func cover(_ barcode: String) -> String { to(.cover, barcode) }
    static func user(_ card: String) -> String { to(.user, card) }

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
