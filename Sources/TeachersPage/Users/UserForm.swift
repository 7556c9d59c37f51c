import Foundation
import Lending

/// The User form's fields as typed, and what is wrong with them. A name typed in kana or kanji
/// is stored as typed; only surrounding spaces are trimmed. The reading (よみがな) is stored in
/// hiragana (katakana converted); a refused one is shown again as typed.
struct UserForm: Equatable {
    static let largestLimit = 99

    var card = ""
    var name = ""
    /// Empty: the rules' loan limit.
    var limit = ""
    /// Empty: no class.
    var className = ""
    /// As typed; empty: none.
    var reading = ""

    init(card: String = "", name: String = "", limit: String = "", className: String = "", reading: String = "") {
        self.card = card
        self.name = name
        self.limit = limit
        self.className = className
        self.reading = reading
    }

    init(_ user: User) {
        self.init(card: user.card, name: user.name, limit: user.loanLimit.map(String.init) ?? "",
                  className: user.className ?? "", reading: user.reading ?? "")
    }

    init(fields value: (String) -> String?) {
        func field(_ name: String) -> String { (value(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        self.init(card: field("card"), name: field("name"), limit: field("limit"), className: field("class"), reading: field("reading"))
    }

    /// What is wrong, by field name; `classes` are the classes there are.
    func problems(_ words: any PageWords, classes: [SchoolClass]) -> [String: String] {
        var problems: [String: String] = [:]
        if name.isEmpty { problems["name"] = words.nameMissing }
        if !limit.isEmpty, parsedLimit == nil { problems["limit"] = words.limitInvalid }
        if !className.isEmpty, !classes.contains(where: { $0.name == className }) { problems["class"] = words.unknownClass(className) }
        do throws(Reading.Invalid) {
            _ = try Reading.normalize(reading)
        } catch {
            problems["reading"] = words.readingInvalid(error.character)
        }
        return problems
    }

    var parsedLimit: Int? {
        guard let number = Int(limit), (0...UserForm.largestLimit).contains(number) else { return nil }
        return number
    }

    /// Whether the form leaves the card number to be given.
    var needsNumber: Bool { Barcode.normalize(card).isEmpty }

    /// The User to save; `existing` keeps its card and whether it is active, `given` is the
    /// number given to a new User whose card was left empty. Call only when `problems` found
    /// none (a refused reading is left out).
    func user(existing: User?, given: String? = nil) -> User {
        User(card: existing?.card ?? given ?? Barcode.normalize(card), name: name, loanLimit: parsedLimit, isActive: existing?.isActive ?? true,
             reading: (try? Reading.normalize(reading)) ?? nil, className: className.isEmpty ? nil : className)
    }
}
