import Foundation

/// A CSV file's bytes made text, as Excel saves them: UTF-8 with a byte-order mark ("CSV
/// UTF-8"), plain UTF-8, or else Shift_JIS (CP932, what "CSV (コンマ区切り)" gives on a
/// Japanese Windows), converted with glibc's iconv. The encoding read is kept so the report
/// can say it.
public struct CSVText: Sendable, Equatable {
    public enum Encoding: Sendable, Hashable {
        case utf8
        case utf8WithByteOrderMark
        case shiftJIS
    }

    /// The text, without a byte-order mark.
    public var text: String
    public var encoding: Encoding

    public init(text: String, encoding: Encoding) {
        self.text = text
        self.encoding = encoding
    }

    /// The text of `bytes`; nil when they are neither UTF-8 nor CP932.
    public init?(decoding bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.starts(with: byteOrderMark), let text = String(validating: bytes.dropFirst(3), as: UTF8.self) {
            self.init(text: text, encoding: .utf8WithByteOrderMark)
        } else if let text = String(validating: bytes, as: UTF8.self) {
            self.init(text: text, encoding: .utf8)
        } else if let text = Iconv(from: "CP932", to: "UTF-8")?.convert(bytes).flatMap({ String(validating: $0, as: UTF8.self) }) {
            self.init(text: text, encoding: .shiftJIS)
        } else {
            return nil
        }
    }
}

/// One conversion of glibc's iconv, owning its descriptor.
final class Iconv {
    private let descriptor: iconv_t

    /// Calls `iconv_open`; nil when glibc has no such conversion.
    init?(from source: String, to target: String) {
        let opened = iconv_open(target, source)
        guard let opened, opened != iconv_t(bitPattern: -1) else { return nil }
        descriptor = opened
    }

    /// Calls `iconv_close`.
    deinit { iconv_close(descriptor) }

    /// `bytes` converted whole; nil when they hold a sequence invalid in the source encoding.
    /// Calls `iconv`.
    func convert(_ bytes: [UInt8]) -> [UInt8]? {
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 3 + 16)
        let converted: Int? = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var sourcePointer = source.baseAddress
                var sourceLeft = source.count
                var targetPointer = target.baseAddress
                var targetLeft = target.count
                let result = iconv(descriptor, &sourcePointer, &sourceLeft, &targetPointer, &targetLeft)
                guard result != -1, sourceLeft == 0 else { return nil }
                return target.count - targetLeft
            }
        }
        guard let converted else { return nil }
        return output[..<converted].map { UInt8(bitPattern: $0) }
    }
}
