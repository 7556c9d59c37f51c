import CQREncode

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// A QR code as plain values: a square of modules, dark or light, error correction level M
/// (about 15% of the symbol may be damaged), the smallest version that holds the text.
public struct QRCode: Sendable, Equatable {
    /// Modules per side (21 for version 1, 4 more per version), without the quiet zone.
    public let size: Int
    /// The symbol's version, 1 to 40.
    public let version: Int
    /// Row by row, `size * size`; true is dark.
    public let modules: [Bool]

    /// Encodes the text's UTF-8 bytes. Calls `QRcode_encodeString` (through `EncodedSymbol`).
    public init(text: String) throws(QRCodeError) {
        let symbol = try EncodedSymbol(text: text)
        size = symbol.width
        version = symbol.version
        modules = symbol.darkModules()
    }

    /// Whether the module in `row` and `column` (from the top left, 0-based) is dark.
    public func isDark(row: Int, column: Int) -> Bool {
        modules[row * size + column]
    }
}

/// Why a text could not become a QR code.
public enum QRCodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// More than a version-40 symbol holds at level M (about 2,300 bytes).
    case textTooLong(bytes: Int)
    /// The text holds a NUL character, which libqrencode takes as its end.
    case containsNUL
    /// libqrencode failed otherwise (its `errno`).
    case encodingFailed(Errno)

    public var description: String {
        switch self {
        case .textTooLong(let bytes): "\(bytes) bytes are too many for one QR code: use a shorter address."
        case .containsNUL: "The text holds a NUL character, which a QR code made here cannot carry."
        case .encodingFailed(let error): "The QR code could not be made: \(error)."
        }
    }
}

/// libqrencode's symbol, owned: freed with `QRcode_free`. Stays on the thread that made it.
final class EncodedSymbol {
    private let symbol: UnsafeMutablePointer<CQREncode.QRcode>

    /// Calls `QRcode_encodeString` (8-bit hint, case-sensitive, level M, smallest version).
    init(text: String) throws(QRCodeError) {
        guard !text.utf8.contains(0) else { throw .containsNUL }
        guard let symbol = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
            let error = Errno.current
            throw error.rawValue == ERANGE ? .textTooLong(bytes: text.utf8.count) : .encodingFailed(error)
        }
        self.symbol = symbol
    }

    var width: Int { Int(symbol.pointee.width) }
    var version: Int { Int(symbol.pointee.version) }

    /// Bit 0 of each byte of `data` is the module's colour (1 = dark).
    func darkModules() -> [Bool] {
        let count = width * width
        return (0..<count).map { symbol.pointee.data[$0] & 1 == 1 }
    }

    deinit {
        QRcode_free(symbol)
    }
}
