import Foundation

/// The vendors and products of the USB ID Repository (usb.ids), as Debian ships it.
struct USBIDs {
    /// Where Debian's hwdata and usbutils packages put usb.ids.
    static let candidates = ["/usr/share/hwdata/usb.ids", "/usr/share/misc/usb.ids", "/var/lib/usbutils/usb.ids"]
    static var file: String? { candidates.first { FileManager.default.isReadableFile(atPath: $0) } }

    /// Vendor ID (4 lowercase hex digits) to vendor name.
    var vendors: [String: String] = [:]
    /// Vendor ID to its product IDs.
    var products: [String: Set<String>] = [:]

    init(contentsOf path: String) throws {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        var vendor: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("\t\t") { continue }  // interfaces
            if line.hasPrefix("\t") {
                if let vendor, let id = Self.leadingID(line.dropFirst()) { products[vendor, default: []].insert(id) }
                continue
            }
            // A vendor line; anything else (device classes, languages, ...) ends the vendor list.
            vendor = Self.leadingID(line[...])
            if let vendor { vendors[vendor] = line.dropFirst(4).trimmingCharacters(in: .whitespaces) }
        }
    }

    private static func leadingID(_ text: Substring) -> String? {
        let id = text.prefix(4)
        let isHex = id.count == 4 && id.allSatisfy(\.isHexDigit)
        let separated = text.dropFirst(4).first == " "
        return isHex && separated ? id.lowercased() : nil
    }
}
