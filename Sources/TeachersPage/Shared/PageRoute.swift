import Foundation
import HTTPServer

/// What a request asks for: one of the page's endpoints (its section's `routes` declares each
/// once) and the values its path carried (a barcode, a card, a loan's number), decoded.
public struct PageRoute: Sendable, Hashable, CustomStringConvertible {
    public var name: Name
    public var values: [String]

    public init(_ name: Name, _ values: String...) {
        self.name = name
        self.values = values
    }

    public init(_ name: Name, values: [String]) {
        self.name = name
        self.values = values
    }

    public var description: String { values.isEmpty ? "\(name)" : "\(name)(\(values.joined(separator: ", ")))" }

    /// Every endpoint of the page, by name. Its method, path, group, options and handler are
    /// in its section's `routes` (composed in `PageRoutes.groups`), nowhere else.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case stylesheet, signInForm, signIn
        case signOut, home, qrCode
        case loans, confirmReturn, returnLoan, extendLoan
        case books, newBookForm, addBook, book, editBookForm, editBook, withdrawBook, lendForm, lend, cover
        // 「表紙の写真」: a photo kept as a Book's cover
        case saveCoverPhoto
        // まとめて登録: books by their ISBN, one scan after another
        case scanBooks, scanBook, titleScannedBook, undoScannedBook, restartScanning
        case users, newUserForm, addUser, user, editUserForm, editUser, deactivateUser, reactivateUser, removeUser, lendToUser
        case settings, saveRules, addStaff, resetPassword, removeStaff
        // The school year: 組 (classes and promotion) and 記録
        case classes, addClass, setClassGrade, renameClass, removeClass, confirmPromotion, promote, records
        // 印刷, 取り込み, backup and restore
        case printPage, printNotices, printCards, printLabels, importForm, previewImport, applyImport
        case backup, previewRestore, restore
        // 「使い方」: the teachers' guide and its pictures
        case guide, guidePicture
    }
}

/// What the route table makes of a method and a path.
public enum PageRouting: Sendable, Hashable {
    case found(PageRoute)
    /// No endpoint has this path.
    case notFound
    /// An endpoint has this path, with another method.
    case methodNotAllowed

    /// The route of `method` and `path` (already percent-decoded), from `PageRoutes.groups`.
    public init(method: String, path: String) {
        self = PageRoutes.table.routing(method: method, path: path)
    }

    public var route: PageRoute? {
        if case .found(let route) = self { route } else { nil }
    }
}
