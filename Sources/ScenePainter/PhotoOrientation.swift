/// How a photo's pixels are stored relative to how it is seen: the EXIF `Orientation` tag
/// (0x0112) a phone or an iPad writes instead of turning the pixels. A pure value: it reads the
/// tag out of a JPEG's APP1 `Exif` segment itself, and says where each upright pixel comes from.
public enum PhotoOrientation: Int, Sendable, Hashable, CaseIterable {
    /// Stored as seen.
    case upright = 1
    case mirrored = 2
    case upsideDown = 3
    case upsideDownMirrored = 4
    /// Stored turned a quarter to the left and mirrored (EXIF's "transpose").
    case transposed = 5
    /// Stored turned a quarter to the left: shown turned a quarter to the right (a phone held
    /// upright, its camera's top to the right).
    case turnedLeft = 6
    /// EXIF's "transverse".
    case transverse = 7
    /// Stored turned a quarter to the right: shown turned a quarter to the left.
    case turnedRight = 8

    /// Whether the upright picture's width is the stored height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The stored pixel (column, row) shown at the upright pixel (`x`, `y`), for a stored
    /// picture of `width`×`height`.
    public func storedPixel(uprightX x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .upright: (x, y)
        case .mirrored: (width - 1 - x, y)
        case .upsideDown: (width - 1 - x, height - 1 - y)
        case .upsideDownMirrored: (x, height - 1 - y)
        case .transposed: (y, x)
        case .turnedLeft: (y, height - 1 - x)
        case .transverse: (width - 1 - y, height - 1 - x)
        case .turnedRight: (width - 1 - y, x)
        }
    }

    /// The orientation a JPEG says it has: the `Orientation` of IFD0 in its APP1 `Exif`
    /// segment; `.upright` when it has none, or one that cannot be read (a picture is never
    /// refused for its EXIF).
    public init(jpeg bytes: [UInt8]) {
        self = Self.read(bytes) ?? .upright
    }

    private static func read(_ bytes: [UInt8]) -> PhotoOrientation? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        // Markers up to the first scan; APP1 comes first or second in practice.
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let segment = bytes[(offset + 4)..<(offset + 2 + length)]
            if marker == 0xE1, let found = exifOrientation(Array(segment)) { return found }
            offset += 2 + length
        }
        return nil
    }

    /// The orientation in one APP1 segment's body (`Exif\0\0` then a TIFF header and IFD0).
    static func exifOrientation(_ segment: [UInt8]) -> PhotoOrientation? {
        guard segment.count >= 14, Array(segment[0..<6]) == Array("Exif".utf8) + [0, 0] else { return nil }
        let tiff = Array(segment[6...])
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return littleEndian ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let first = u16(at), let second = u16(at + 2) else { return nil }
            return littleEndian ? first | second << 16 : first << 16 | second
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            // Tag 0x0112, type SHORT (3), one value, kept in the entry itself.
            if tag == 0x0112, u16(at + 2) == 3, let value = u16(at + 8) {
                return PhotoOrientation(rawValue: value)
            }
        }
        return nil
    }
}
