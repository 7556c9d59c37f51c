import Foundation

/// A Staff member's password for the teachers' page, kept as a yescrypt hash (`SecretHash`),
/// like a PIN. Unlike a PIN it may hold any characters (kana and kanji count one each).
public enum PagePassword {
    /// The fewest characters a page password has.
    public static let minimumLength = 8

    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// libcrypt could not make a salt or a hash (the system's libcrypt lacks yescrypt).
        case unavailable(String)
        /// Fewer than `minimumLength` characters.
        case tooShort

        public var description: String {
            switch self {
            case .unavailable(let detail): SecretHash.Unavailable(detail: detail).description
            case .tooShort: "A page password has at least \(PagePassword.minimumLength) characters."
            }
        }
    }

    public static func isAcceptable(_ password: String) -> Bool {
        password.count >= minimumLength
    }

    /// A new hash of `password` with a fresh random salt.
    public static func make(_ password: String) throws -> String {
        guard isAcceptable(password) else { throw Failure.tooShort }
        do {
            return try SecretHash.make(password)
        } catch let error as SecretHash.Unavailable {
            throw Failure.unavailable(error.detail)
        }
    }

    /// Whether `password` is the one `hash` was made from, in constant time.
    public static func verify(_ password: String, against hash: String) -> Bool {
        SecretHash.verify(password, against: hash)
    }
}
