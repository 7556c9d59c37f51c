/// The configuration's `screen`: where the kiosk's screen goes, the font it is drawn with,
/// and the folder of book covers. Every key is optional.
public struct ScreenConfiguration: Sendable, Equatable {
    public enum Output: String, Sendable, CaseIterable {
        /// The monitor through DRM/KMS when one is connected, else the status line only.
        case auto
        /// The monitor through DRM/KMS; without one the kiosk says why and keeps the status line.
        case drm
        /// A desktop window (SDL2).
        case window
        /// No screen: the status line and sound only.
        case none
    }

    public var output = Output.auto
    /// The DRM card the monitor is plugged into.
    public var device = ScreenConfiguration.defaultDevice
    /// The fontconfig family the screen is drawn with (`fc-list : family` names them).
    public var font = ScreenConfiguration.defaultFont
    /// The folder of covers, `<barcode>.png|jpg` or `<isbn>.png|jpg`.
    public var covers = ScreenConfiguration.defaultCovers

    public static let defaultDevice = "/dev/dri/card0"
    /// The rounded Japanese font of `fonts-motoya-l-maruberi` (its fontconfig family name).
    public static let defaultFont = "MotoyaLMaru"
    public static let defaultCovers = "/var/lib/bookkiosk/covers"
    public static let keys = ["output", "device", "font", "covers"]

    public init() {}

    /// Reads the `screen` object; each problem is named `screen.KEY: …`.
    static func parse(_ value: Any) -> (ScreenConfiguration, [String]) {
        var screen = ScreenConfiguration()
        guard let fields = value as? [String: Any] else {
            return (screen, ["screen: must be an object, like {\"output\": \"auto\", \"font\": \"\(defaultFont)\"}"])
        }
        var problems: [String] = []
        for key in fields.keys.sorted() {
            let value = fields[key]
            switch key {
            case "output":
                if let name = value as? String, let output = Output(rawValue: name) {
                    screen.output = output
                } else {
                    problems.append("screen.output: must be one of \(Output.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                }
            case "device":
                if let path = value as? String, path.hasPrefix("/") { screen.device = path } else { problems.append("screen.device: must be the path of a display card, like \"\(defaultDevice)\"") }
            case "font":
                if let family = value as? String, !family.trimmingCharacters(in: .whitespaces).isEmpty { screen.font = family } else { problems.append("screen.font: must be a font family name, like \"\(defaultFont)\" (`fc-list : family` lists them)") }
            case "covers":
                if let path = value as? String, !path.isEmpty { screen.covers = path } else { problems.append("screen.covers: must be the path of a folder of cover pictures, like \"\(defaultCovers)\"") }
            default:
                problems.append("screen.\(key): is not a key BookKiosk knows; the screen has \(keys.joined(separator: ", "))")
            }
        }
        return (screen, problems)
    }
}
