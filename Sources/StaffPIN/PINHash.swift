import Foundation

/// Staff PINs as yescrypt hashes (`SecretHash`). A PIN is hashed once when set and never
/// stored or logged in any other form.
public enum PINHash {
    public enum Failure: Error, CustomStringConvertible {
        /// libcrypt could not make a salt or a hash (the system's libcrypt lacks yescrypt).
        case unavailable(String)
        /// The PIN is not 4 to 12 digits.
        case badPIN

        public var description: String {
            switch self {
            case .unavailable(let detail): SecretHash.Unavailable(detail: detail).description
            case .badPIN: "A PIN is 4 to 12 digits."
            }
        }
    }

    /// PINs are digits only, so any staff keyboard (or a keypad) can type them.
    public static func isAcceptable(_ pin: String) -> Bool {
        (4...12).contains(pin.count) && pin.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A new hash of `pin` with a fresh random salt.
    public static func make(_ pin: String) throws -> String {
        guard isAcceptable(pin) else { throw Failure.badPIN }
        do {
            return try SecretHash.make(pin)
        } catch let error as SecretHash.Unavailable {
            throw Failure.unavailable(error.detail)
        }
    }

    /// Whether `pin` is the PIN `hash` was made from, in constant time.
    public static func verify(_ pin: String, against hash: String) -> Bool {
        SecretHash.verify(pin, against: hash)
    }
}
