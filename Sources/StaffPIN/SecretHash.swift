import CCrypt
import Foundation
import POSIX

/// Secrets as crypt(3) hashes, with yescrypt: the scheme `/etc/shadow` uses on Debian. Staff
/// PINs (`PINHash`) and the teachers' page passwords (`PagePassword`) are hashed here, once
/// when set, and never stored or logged in any other form.
public enum SecretHash {
    /// The yescrypt prefix for `crypt_gensalt_rn`.
    static let yescrypt = "$y$"

    /// libcrypt could not make a salt or a hash (the system's libcrypt lacks yescrypt).
    public struct Unavailable: Error, CustomStringConvertible {
        public var detail: String
        public var description: String {
            "This system's libcrypt cannot make yescrypt hashes (\(detail)). Install libcrypt1 4.4 or newer."
        }
    }

    /// A new hash of `secret` with a fresh random salt. Calls `crypt_gensalt_rn` and `crypt_rn`.
    public static func make(_ secret: String) throws -> String {
        var salt = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn(yescrypt, 0, nil, 0, &salt, Int32(salt.count)) != nil else {
            throw Unavailable(detail: "crypt_gensalt_rn: \(Errno.current)")
        }
        let setting = salt.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard let hash = crypt(secret, setting: setting), hash.hasPrefix(yescrypt) else {
            throw Unavailable(detail: "crypt_rn failed")
        }
        return hash
    }

    /// Whether `secret` is the one `hash` was made from. The comparison takes the same time
    /// whatever the first differing character, so timing tells nothing about the hash.
    public static func verify(_ secret: String, against hash: String) -> Bool {
        guard let computed = crypt(secret, setting: hash) else { return false }
        return constantTimeEquals(Array(computed.utf8), Array(hash.utf8))
    }

    /// Calls `crypt_rn` with a heap `struct crypt_data`; nil when libcrypt refuses the setting.
    static func crypt(_ phrase: String, setting: String) -> String? {
        let size = bookkiosk_crypt_data_size()
        let data = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer {
            memset(data, 0, size) // the buffer held the secret
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
