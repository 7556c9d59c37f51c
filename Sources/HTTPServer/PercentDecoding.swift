/// Percent-decoding of URL parts, as bytes then UTF-8 (an invalid sequence becomes U+FFFD).
enum PercentDecoding {
    /// Decodes `%XX` escapes; with `plusIsSpace`, also `+` as a space (query strings and
    /// urlencoded forms, not paths). A `%` not followed by two hex digits is kept as it is.
    static func decode<S: Collection<UInt8>>(_ encoded: S, plusIsSpace: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index != encoded.endIndex {
            let byte = encoded[index]
            if byte == UInt8(ascii: "%") {
                let first = encoded.index(after: index)
                if first != encoded.endIndex {
                    let second = encoded.index(after: first)
                    if second != encoded.endIndex, let high = hexValue(encoded[first]), let low = hexValue(encoded[second]) {
                        bytes.append(high << 4 | low)
                        index = encoded.index(after: second)
                        continue
                    }
                }
                bytes.append(byte)
            } else if plusIsSpace && byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
            index = encoded.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
