import Lending

/// The rows of a users file that came without a card, matched to the Users the library has, so
/// that importing the same file again updates each child instead of adding them a second time.
/// A pure value: the rows and the stored Users are its arguments. It never merges two children
/// it cannot tell apart: where two stored Users, or two rows, name the same child, the row is
/// left out or added with a warning that says which, never matched silently.
struct CardlessMatching {
    /// What becomes of one row without a card.
    enum Outcome: Sendable, Equatable {
        /// The row names exactly one stored User, and no other row names it: the row updates it.
        case update(card: String)
        /// No stored User has its name: a new User, given a number.
        case add
        /// It cannot be told which stored User the row is (the warning says why): not written.
        case leftOut
    }

    struct Decision: Sendable, Equatable {
        var outcome: Outcome
        var warning: ImportWarning?
    }

    /// One row of the file: its line and the User as read (an empty card for a row without one).
    struct Row: Sendable, Equatable {
        var line: Int
        var user: User
    }

    /// Whether `row` (a row without a card) and `other` name the same child: in the same class
    /// (when the file has a class column; else the row keeps the stored class and any class
    /// matches), and with the same name or, where both have a reading, the same reading. Names
    /// and readings are compared as a search compares them (width, katakana, case), without
    /// spaces, so 「伊藤 蓮」 and 「伊藤　蓮」 are one name.
    static func isSameChild(_ row: User, _ other: User, comparingClass: Bool) -> Bool {
        Identity(row).isSame(as: Identity(other), comparingClass: comparingClass)
    }

    /// What a User is told apart by, folded once.
    struct Identity {
        var className: String?
        var name: String
        /// Nil when there is none (or it folds to nothing).
        var reading: String?

        init(_ user: User) {
            className = user.className
            name = CardlessMatching.folded(user.name)
            reading = user.reading.map(CardlessMatching.folded).flatMap { $0.isEmpty ? nil : $0 }
        }

        func isSame(as other: Identity, comparingClass: Bool) -> Bool {
            if comparingClass, className != other.className { return false }
            if name == other.name { return true }
            guard let reading, let otherReading = other.reading else { return false }
            return reading == otherReading
        }
    }

    /// What a name or reading is compared by.
    static func folded(_ text: String) -> String {
        ListingSearch.folded(text).filter { !$0.isWhitespace }
    }

    /// Every row of the file (those with a card too: a carded row naming the same child makes
    /// a cardless one ambiguous).
    var rows: [Row]
    /// The Users the library has.
    var stored: [User]
    /// Whether the file has a class column.
    var comparingClass: Bool

    /// For each row without a card, in the file's order: what becomes of it, and the warning
    /// when the file or the library holds more than one child of its name.
    func decisions() -> [(line: Int, Decision)] {
        let fileCards = Set(rows.map(\.user.card).filter { !$0.isEmpty })
        // A stored User a carded row updates is that row's: not a candidate for a cardless one.
        let candidates = stored.filter { !fileCards.contains($0.card) }.map { (card: $0.card, identity: Identity($0)) }
        let identities = rows.map { (line: $0.line, identity: Identity($0.user)) }
        return zip(rows, identities).filter { $0.0.user.card.isEmpty }.map { row, own in
            let same = candidates.filter { own.identity.isSame(as: $0.identity, comparingClass: comparingClass) }.map(\.card)
            let otherLines = identities.filter { $0.line != row.line && own.identity.isSame(as: $0.identity, comparingClass: comparingClass) }.map(\.line)
            let className = comparingClass ? row.user.className : nil
            switch (same.count, otherLines.isEmpty) {
            case (0, true):
                return (row.line, Decision(outcome: .add))
            case (0, false):
                return (row.line, Decision(outcome: .add, warning: ImportWarning(line: row.line,
                    .sameNameOnOtherLines(name: row.user.name, className: className, lines: otherLines, storedCard: nil))))
            case (1, true):
                return (row.line, Decision(outcome: .update(card: same[0])))
            case (1, false):
                return (row.line, Decision(outcome: .leftOut, warning: ImportWarning(line: row.line,
                    .sameNameOnOtherLines(name: row.user.name, className: className, lines: otherLines, storedCard: same[0]))))
            default:
                return (row.line, Decision(outcome: .leftOut, warning: ImportWarning(line: row.line,
                    .sameNameAsSeveralUsers(name: row.user.name, className: className, cards: same.sorted()))))
            }
        }
    }
}
