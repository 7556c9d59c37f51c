import Foundation
import Lending

/// The User form's fields as typed, and what is wrong with them. A name typed in kana or kanji
/// is stored as typed; only surrounding spaces are trimmed.
struct UserForm: Equatable {
    static let largestLimit = 99

    var card = ""
    var name = ""
    /// Empty: the rules' loan limit.
    var limit = ""

    init(card: String = "", name: String = "", limit: String = "") {
        self.card = card
        self.name = name
        self.limit = limit
    }

    init(_ user: User) {
        self.init(card: user.card, name: user.name, limit: user.loanLimit.map(String.init) ?? "")
    }

    init(fields value: (String) -> String?) {
        func field(_ name: String) -> String { (value(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        self.init(card: field("card"), name: field("name"), limit: field("limit"))
    }

    func problems(_ words: any PageWords) -> [String: String] {
        var problems: [String: String] = [:]
        if Barcode.normalize(card).isEmpty { problems["card"] = words.cardMissing }
        if name.isEmpty { problems["name"] = words.nameMissing }
        if !limit.isEmpty, parsedLimit == nil { problems["limit"] = words.limitInvalid }
        return problems
    }

    var parsedLimit: Int? {
        guard let number = Int(limit), (0...UserForm.largestLimit).contains(number) else { return nil }
        return number
    }

    /// The User to save; `existing` keeps its card and whether it is active.
    func user(existing: User?) -> User {
        User(card: existing?.card ?? Barcode.normalize(card), name: name, loanLimit: parsedLimit, isActive: existing?.isActive ?? true)
    }
}
