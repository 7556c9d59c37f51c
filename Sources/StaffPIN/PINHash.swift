import CCrypt
import Foundation

/// Staff PINs as crypt(3) hashes, with yescrypt: the scheme `/etc/shadow` uses on Debian.
/// A PIN is hashed once when set and never stored or logged in any other form.
public enum PINHash {
    /// The yescrypt prefix for `crypt_gensalt_rn`.
    static let yescrypt = "$y$"

    public enum Failure: Error, CustomStringConvertible {
        /// libcrypt could not make a salt or a hash (the system's libcrypt lacks yescrypt).
        case unavailable(String)
        /// The PIN is not 4 to 12 digits.
        case badPIN

        public var description: String {
            switch self {
            case .unavailable(let detail): "This system's libcrypt cannot make yescrypt hashes (\(detail)). Install libcrypt1 4.4 or newer."
            case .badPIN: "A PIN is 4 to 12 digits."
            }
        }
    }

    /// PINs are digits only, so any staff keyboard (or a keypad) can type them.
    public static func isAcceptable(_ pin: String) -> Bool {
        (4...12).contains(pin.count) && pin.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A new hash of `pin` with a fresh random salt. Calls `crypt_gensalt_rn` and `crypt_rn`.
    public static func make(_ pin: String) throws -> String {
        guard isAcceptable(pin) else { throw Failure.badPIN }
        var salt = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn(yescrypt, 0, nil, 0, &salt, Int32(salt.count)) != nil else {
            throw Failure.unavailable("crypt_gensalt_rn: \(String(cString: strerror(errno)))")
        }
        let setting = salt.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard let hash = crypt(pin, setting: setting), hash.hasPrefix(yescrypt) else {
            throw Failure.unavailable("crypt_rn failed")
        }
        return hash
    }

    /// Whether `pin` is the PIN `hash` was made from. The comparison takes the same time
    /// whatever the first differing character, so timing tells nothing about the hash.
    public static func verify(_ pin: String, against hash: String) -> Bool {
        guard let computed = crypt(pin, setting: hash) else { return false }
        return constantTimeEquals(Array(computed.utf8), Array(hash.utf8))
    }

    /// Calls `crypt_rn` with a heap `struct crypt_data`; nil when libcrypt refuses the setting.
    static func crypt(_ phrase: String, setting: String) -> String? {
        let size = bookkiosk_crypt_data_size()
        let data = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer {
            memset(data, 0, size) // the buffer held the PIN
            data.deallocate()
        }
        memset(data, 0, size)
        guard let result = crypt_rn(phrase, setting, data, Int32(size)) else { return nil }
        let text = String(cString: result)
        // crypt_rn reports failure with a string starting with "*".
        return text.hasPrefix("*") ? nil : text
    }

    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
