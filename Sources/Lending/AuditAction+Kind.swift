import Foundation

extension AuditAction {
    /// Which action, without its values: what a reader names in its own words, filters on,
    /// and what the audit log stores in its `action` column. The raw values are those names,
    /// the only place they are written; entries recorded under an earlier name are read back
    /// through `init(storedName:)`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case enteredStaffMode = "entered", leftStaffMode = "left", wrongPIN = "pinWrong", pinLocked
        case signedIn, signedOut, signInFailed, signInLocked
        case lent, lentPastRules = "override", returned, forcedReturn, extended, withdrew
        case registeredBook, removedBook, editedBook, savedCoverPhoto, registeredUser, editedUser, deactivatedUser, reactivatedUser, removedUser
        case changedRules, addedStaff, changedPIN, setPassword, removedStaff
        case addedClass, setClassGrade, renamedClass, removedClass, promoted
        case printedCards, printedLabels, imported, restored

        /// The kind an entry stored under `name` is: its own raw value, or a name an earlier
        /// version wrote for it (`bookkiosk staff password` wrote `passwordSet`); nil for a
        /// name no version of BookKiosk wrote.
        public init?(storedName name: String) {
            if let kind = Kind(rawValue: name) {
                self = kind
            } else if let kind = Self.earlierNames[name] {
                self = kind
            } else {
                return nil
            }
        }

        /// Names earlier versions stored for these kinds.
        static let earlierNames: [String: Kind] = ["passwordSet": .setPassword]

        /// Every name an entry of one of `kinds` may be stored under, for a store's query.
        public static func storedNames(of kinds: Set<Kind>) -> [String] {
            let earlier = earlierNames.filter { kinds.contains($0.value) }.map(\.key)
            return (kinds.map(\.rawValue) + earlier).sorted()
        }

        /// Signing in and out, of the page and of staff mode, and wrong PINs and passwords:
        /// who came and went, which 設定 lists apart from the changes to the library.
        public var isSignIn: Bool {
            switch self {
            case .enteredStaffMode, .leftStaffMode, .wrongPIN, .pinLocked, .signedIn, .signedOut, .signInFailed, .signInLocked:
                true
            case .lent, .lentPastRules, .returned, .forcedReturn, .extended, .withdrew,
                 .registeredBook, .removedBook, .editedBook, .savedCoverPhoto, .registeredUser, .editedUser, .deactivatedUser, .reactivatedUser, .removedUser,
                 .changedRules, .addedStaff, .changedPIN, .setPassword, .removedStaff,
                 .addedClass, .setClassGrade, .renamedClass, .removedClass, .promoted,
                 .printedCards, .printedLabels, .imported, .restored:
                false
            }
        }

        /// Every kind that is a sign-in.
        public static let signIns = Set(allCases.filter(\.isSignIn))
    }

    /// Which action this is; nil for an earlier entry whose name no version of BookKiosk wrote.
    public var kind: Kind? {
        switch self {
        case .enteredStaffMode: .enteredStaffMode
        case .leftStaffMode: .leftStaffMode
        case .wrongPIN: .wrongPIN
        case .pinLocked: .pinLocked
        case .signedIn: .signedIn
        case .signedOut: .signedOut
        case .signInFailed: .signInFailed
        case .signInLocked: .signInLocked
        case .lent: .lent
        case .lentPastRules: .lentPastRules
        case .returned: .returned
        case .forcedReturn: .forcedReturn
        case .extended: .extended
        case .withdrew: .withdrew
        case .registeredBook: .registeredBook
        case .removedBook: .removedBook
        case .editedBook: .editedBook
        case .savedCoverPhoto: .savedCoverPhoto
        case .registeredUser: .registeredUser
        case .editedUser: .editedUser
        case .deactivatedUser: .deactivatedUser
        case .reactivatedUser: .reactivatedUser
        case .removedUser: .removedUser
        case .changedRules: .changedRules
        case .addedStaff: .addedStaff
        case .changedPIN: .changedPIN
        case .setPassword: .setPassword
        case .removedStaff: .removedStaff
        case .addedClass: .addedClass
        case .setClassGrade: .setClassGrade
        case .renamedClass: .renamedClass
        case .removedClass: .removedClass
        case .promoted: .promoted
        case .printed(.card, _, _, _, _): .printedCards
        case .printed(.label, _, _, _, _): .printedLabels
        case .imported: .imported
        case .restored: .restored
        case .earlier(let name, _): Kind(storedName: name)
        }
    }
}

/// Which audit entries a list shows.
public enum AuditFilter: Sendable, Hashable {
    case all
    /// Only entries of these kinds.
    case only(Set<AuditAction.Kind>)
    /// Every entry but those of these kinds (an entry of an unknown earlier name included).
    case excluding(Set<AuditAction.Kind>)

    /// Whether `entry` is shown.
    public func admits(_ entry: AuditEntry) -> Bool {
        switch self {
        case .all: true
        case .only(let kinds): entry.action.kind.map(kinds.contains) ?? false
        case .excluding(let kinds): !(entry.action.kind.map(kinds.contains) ?? false)
        }
    }
}

// MARK: Stored

extension AuditAction {
    /// The name the audit log's `action` column keeps: the kind's, or an earlier entry's own.
    public var storedName: String {
        if case .earlier(let name, _) = self { return name }
        return kind!.rawValue
    }

    /// The values as the audit log's `detail` column keeps them: JSON, or an earlier entry's
    /// words as written.
    public var storedValues: String {
        if case .earlier(_, let detail) = self { return detail }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every value is a string, a number, a Boolean or a list of them: encoding cannot fail.
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    /// The action a stored row holds. A row written before actions were kept as data (or
    /// whose values no longer decode) comes back as `earlier`, with its words as they are.
    public init(storedName name: String, storedValues values: String) {
        if values.hasPrefix("{"), let decoded = try? JSONDecoder().decode(AuditAction.self, from: Data(values.utf8)),
           decoded.kind.map({ $0 == Kind(storedName: name) }) ?? false {
            self = decoded
        } else {
            self = .earlier(name: name, detail: values)
        }
    }
}
