/// HMAC-SHA-256 (RFC 2104), for the page's signed values: a sign-in form's token that needs no
/// server state. `DigestTests` checks it against RFC 4231's test cases.
public enum HMACSHA256 {
    /// The 32-byte MAC of `message` under `key`.
    public static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        let blockSize = 64
        var key = key.count > blockSize ? SHA256.digest(key) : key
        key += [UInt8](repeating: 0, count: blockSize - key.count)
        let inner = SHA256.digest(key.map { $0 ^ 0x36 } + message)
        return SHA256.digest(key.map { $0 ^ 0x5c } + inner)
    }
}
