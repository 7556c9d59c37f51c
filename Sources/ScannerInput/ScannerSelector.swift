#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a configured Scanner is found among the input devices.
public enum ScannerSelector: Sendable, Hashable, CustomStringConvertible {
    /// A device node or a link to one: `/dev/input/event3`, `/dev/input/bookkiosk-scanner-1`.
    case path(String)
    /// A name under `/dev/input/by-id/`, e.g. `usb-Honeywell_Imaging_1900-event-kbd`
    /// (stable across ports and reboots).
    case byID(String)
    /// USB vendor and product IDs, e.g. `0c2e:0b61`.
    case vendorProduct(vendor: UInt16, product: UInt16)
    /// The device name: a glob (`*`, `?`, `[…]`) matched against the whole name, else a
    /// substring; both ignore case.
    case namePattern(String)

    /// Parses a config `match` value:
    /// - `/…` → a path (under `/dev/input/by-id/` → by-id),
    /// - `by-id:NAME` → by-id, `name:PATTERN` → name pattern,
    /// - four hex digits `:` four hex digits → vendor:product,
    /// - anything else → name pattern.
    public init(parsing text: String) throws(ScannerConfigurationError) {
        let trimmed = String(Substring(text).trimmingSpaces())
        guard !trimmed.isEmpty else { throw .emptyMatch }
        let byIDDirectory = "/dev/input/by-id/"
        if trimmed.hasPrefix(byIDDirectory) {
            let name = String(trimmed.dropFirst(byIDDirectory.count))
            guard !name.isEmpty else { throw .emptyValue(trimmed) }
            self = .byID(name)
        } else if trimmed.hasPrefix("/") {
            self = .path(trimmed)
        } else if trimmed.lowercased().hasPrefix("by-id:") {
            let name = String(trimmed.dropFirst("by-id:".count))
            guard !name.isEmpty, !name.contains("/") else { throw .emptyValue(trimmed) }
            self = .byID(name)
        } else if trimmed.lowercased().hasPrefix("name:") {
            let pattern = String(trimmed.dropFirst("name:".count))
            guard !pattern.isEmpty else { throw .emptyValue(trimmed) }
            self = .namePattern(pattern)
        } else if let (vendor, product) = try Self.vendorProduct(trimmed) {
            self = .vendorProduct(vendor: vendor, product: product)
        } else {
            self = .namePattern(trimmed)
        }
    }

    /// `xxxx:yyyy` in hex; nil when `text` does not look like an ID pair at all, an error
    /// when it looks like one but is not valid hex.
    private static func vendorProduct(_ text: String) throws(ScannerConfigurationError) -> (UInt16, UInt16)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !text.contains(" "),
              parts.allSatisfy({ (1...4).contains($0.count) }),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        guard let vendor = UInt16(parts[0], radix: 16), let product = UInt16(parts[1], radix: 16) else {
            throw .badVendorProduct(text)
        }
        return (vendor, product)
    }

    /// Whether `device` is the one this selector means.
    public func matches(_ device: InputDeviceInfo) -> Bool {
        switch self {
        case .path(let path):
            return device.path == path || device.links.contains(path)
        case .byID(let name):
            return device.byIDNames.contains(name)
        case .vendorProduct(let vendor, let product):
            return device.vendor == vendor && device.product == product
        case .namePattern(let pattern):
            let name = device.name.lowercased()
            let lowered = pattern.lowercased()
            if lowered.contains(where: { "*?[".contains($0) }) {
                return fnmatch(lowered, name, 0) == 0
            }
            return name.contains(lowered)
        }
    }

    /// The form `init(parsing:)` reads back.
    public var description: String {
        switch self {
        case .path(let path): path
        case .byID(let name): "by-id:\(name)"
        case .vendorProduct(let vendor, let product): "\(hex4(vendor)):\(hex4(product))"
        case .namePattern(let pattern): "name:\(pattern)"
        }
    }
}

/// `n` as four lowercase hex digits, the way `lsusb` writes IDs.
func hex4(_ n: UInt16) -> String {
    let digits = String(n, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
}

/// One Scanner in the configuration: which device, its keyboard layout, and the name Scans
/// carry. Config (proposed): `"scanners": [{"match": "0c2e:0b61", "layout": "jp", "name": "入口"}]`.
public struct ScannerConfiguration: Sendable, Hashable {
    public var selector: ScannerSelector
    public var layout: KeyboardLayout
    /// The name Scans and messages use; nil: the device's own name.
    public var name: String?

    public init(selector: ScannerSelector, layout: KeyboardLayout = .us, name: String? = nil) {
        self.selector = selector
        self.layout = layout
        self.name = name
    }

    /// From the config's strings: `match` (see `ScannerSelector.init(parsing:)`), `layout`
    /// (`us`, the default, or `jp`) and `name`.
    public init(match: String, layout: String? = nil, name: String? = nil) throws(ScannerConfigurationError) {
        self.selector = try ScannerSelector(parsing: match)
        self.layout = try layout.map { (text) throws(ScannerConfigurationError) in try KeyboardLayout(parsing: text) } ?? .us
        if let name, Substring(name).trimmingSpaces().isEmpty { throw .emptyName }
        self.name = name
    }
}

/// A scanner entry of the configuration (or the staff keyboard's, which has the same `match`
/// and `layout`) that cannot be used; the description names the key.
public enum ScannerConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case emptyMatch
    case emptyValue(String)
    case badVendorProduct(String)
    case badLayout(String)
    case emptyName

    /// The key of the entry that is wrong: `match`, `layout` or `name`.
    public var key: String {
        switch self {
        case .emptyMatch, .emptyValue, .badVendorProduct: "match"
        case .badLayout: "layout"
        case .emptyName: "name"
        }
    }

    /// What is wrong with it, after the key's name.
    public var problem: String {
        switch self {
        case .emptyMatch:
            "is empty: give a device path, by-id:NAME, vendor:product (e.g. 0c2e:0b61) or a name pattern"
        case .emptyValue(let text):
            "“\(text)” has nothing after its prefix"
        case .badVendorProduct(let text):
            "“\(text)” is not vendor:product in hex (four hex digits each, e.g. 0c2e:0b61)"
        case .badLayout(let text):
            "“\(text)” is not a layout: use \"us\" or \"jp\""
        case .emptyName:
            "is empty: leave it out to use the device's name"
        }
    }

    public var description: String {
        "scanners[].\(key) \(problem)"
    }
}
