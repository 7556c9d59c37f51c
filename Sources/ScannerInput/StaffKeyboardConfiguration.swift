/// The evdev keyboard staff type on, when it is not the terminal's: which device (found as a
/// Scanner is) and its layout. Config: `"keyboard": {"match": "046d:c31c", "layout": "jp"}`.
public struct StaffKeyboardConfiguration: Sendable, Hashable {
    public var selector: ScannerSelector
    public var layout: KeyboardLayout

    /// The name the log uses for it.
    public static let logName = "staff keyboard"

    public init(selector: ScannerSelector, layout: KeyboardLayout = .us) {
        self.selector = selector
        self.layout = layout
    }

    /// From the config's strings: `match` (see `ScannerSelector.init(parsing:)`) and `layout`
    /// (`us`, the default, or `jp`).
    public init(match: String, layout: String? = nil) throws(ScannerConfigurationError) {
        self.selector = try ScannerSelector(parsing: match)
        self.layout = try layout.map { (text) throws(ScannerConfigurationError) in try KeyboardLayout(parsing: text) } ?? .us
    }

    /// Splits `devices` into those this keyboard's match takes (every one: a keyboard often
    /// has a second node for its media keys, and all are grabbed) and the rest, which are left
    /// for the Scanners. A device matched as the keyboard is never also a Scanner.
    public func claim(_ devices: [InputDeviceInfo]) -> (keyboard: [InputDeviceInfo], others: [InputDeviceInfo]) {
        (devices.filter(selector.matches), devices.filter { !selector.matches($0) })
    }
}
