import CEvdev

/// What is known about one input device (`/dev/input/eventN`) without grabbing it: read from
/// sysfs (`/sys/class/input/eventN/device/…`) and the links udev made to it.
public struct InputDeviceInfo: Sendable, Hashable {
    /// The device node, e.g. `/dev/input/event3`.
    public var path: String
    public var name: String
    public var busType: UInt16?
    public var vendor: UInt16?
    public var product: UInt16?
    /// Links to the node under the input directory: `by-id/…`, `by-path/…`, udev's own
    /// (`bookkiosk-scanner-1`), as full paths.
    public var links: [String]
    /// The key codes the device can send (`EV_KEY`).
    public var keys: Set<UInt16>

    public init(path: String, name: String, busType: UInt16? = nil, vendor: UInt16? = nil, product: UInt16? = nil, links: [String] = [], keys: Set<UInt16> = []) {
        self.path = path
        self.name = name
        self.busType = busType
        self.vendor = vendor
        self.product = product
        self.links = links
        self.keys = keys
    }

    /// The names of the `by-id` links.
    public var byIDNames: [String] {
        links.compactMap { link in
            let parts = link.split(separator: "/")
            guard parts.count >= 2, parts[parts.count - 2] == "by-id" else { return nil }
            return String(parts[parts.count - 1])
        }
    }

    /// `vendor:product` in hex, nil when unknown.
    public var vendorProduct: String? {
        guard let vendor, let product else { return nil }
        return "\(hex4(vendor)):\(hex4(product))"
    }

    /// Whether it can type a barcode: it has the letter keys A–Z or the digit keys.
    public var hasTypingKeys: Bool {
        Self.letterKeys.isSubset(of: keys) || Self.digitKeys.isSubset(of: keys) || Self.keypadDigitKeys.isSubset(of: keys)
    }

    /// A guess for `bookkiosk devices`: it types, and its name says barcode/scanner or its
    /// vendor makes barcode scanners. Many cheap scanners call themselves a keyboard, so a
    /// "no" here does not rule a device out.
    public var looksLikeScanner: Bool {
        guard hasTypingKeys else { return false }
        let lowered = name.lowercased()
        if ["barcode", "scanner", "bar code", "qr code", "2d reader"].contains(where: { lowered.contains($0) }) {
            return true
        }
        return vendor.map { Self.scannerVendors.contains($0) } ?? false
    }

    /// USB vendor IDs of barcode scanner makers: Honeywell/Metrologic (0c2e), Hand Held
    /// Products (0536), Symbol/Zebra (05e0), Datalogic/PSC (05f9), Opticon (065a),
    /// Newland (1eab).
    static let scannerVendors: Set<UInt16> = [0x0c2e, 0x0536, 0x05e0, 0x05f9, 0x065a, 0x1eab]

    static let letterKeys: Set<UInt16> = Set([
        KEY_A, KEY_B, KEY_C, KEY_D, KEY_E, KEY_F, KEY_G, KEY_H, KEY_I, KEY_J, KEY_K, KEY_L, KEY_M,
        KEY_N, KEY_O, KEY_P, KEY_Q, KEY_R, KEY_S, KEY_T, KEY_U, KEY_V, KEY_W, KEY_X, KEY_Y, KEY_Z,
    ].map { UInt16($0) })
    static let digitKeys: Set<UInt16> = Set([KEY_0, KEY_1, KEY_2, KEY_3, KEY_4, KEY_5, KEY_6, KEY_7, KEY_8, KEY_9].map { UInt16($0) })
    static let keypadDigitKeys: Set<UInt16> = Set([KEY_KP0, KEY_KP1, KEY_KP2, KEY_KP3, KEY_KP4, KEY_KP5, KEY_KP6, KEY_KP7, KEY_KP8, KEY_KP9].map { UInt16($0) })

    /// Parses a sysfs capability bitmap (`capabilities/key`): hex words of `wordBits` bits,
    /// most significant word first, e.g. `"120013 0 0 e080ffdf01cfffff fffffffffffffffe"`.
    /// Returns nil when a word is not hex.
    public static func parseCapabilityBitmap(_ text: String, wordBits: Int = UInt.bitWidth) -> Set<UInt16>? {
        var codes: Set<UInt16> = []
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        for (index, word) in words.reversed().enumerated() {
            guard let bits = UInt64(word, radix: 16) else { return nil }
            for bit in 0..<min(wordBits, 64) where bits & (1 << UInt64(bit)) != 0 {
                let code = index * wordBits + bit
                if code <= Int(UInt16.max) { codes.insert(UInt16(code)) }
            }
        }
        return codes
    }
}
