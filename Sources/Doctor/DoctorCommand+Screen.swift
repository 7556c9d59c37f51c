import Foundation
import KioskConfiguration
import KioskDisplay
import ScenePainter

extension DoctorCommand {
    /// The Debian package of the default font.
    static let fontPackage = "fonts-motoya-l-maruberi"
    /// The picture files a covers folder may hold.
    static let coverExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// The screen: the DRM device (present, openable, a display connected, its mode), the
    /// font (fontconfig resolves it to a Japanese font, not a fallback) and the covers folder.
    /// With `"output": "auto"` a missing display is a warning (the kiosk works on sound and the
    /// status line); with `"drm"` it is a failure.
    func checkScreen(_ screen: ScreenConfiguration) -> [Finding] {
        switch screen.output {
        case .none:
            return [.ok("screen", "off (\"screen\": {\"output\": \"none\"}): the kiosk shows its status line and plays its cues")]
        case .window:
            return [.ok("screen", "a desktop window (\"output\": \"window\")")] + checkFont(screen.font) + checkCovers(screen.covers)
        case .auto, .drm:
            return checkDisplay(screen) + checkFont(screen.font) + checkCovers(screen.covers)
        }
    }

    /// Opens the card (without taking the display from a running kiosk) and reads its
    /// connectors.
    func checkDisplay(_ screen: ScreenConfiguration) -> [Finding] {
        let required = screen.output == .drm
        func problem(_ error: DisplayError) -> Finding {
            required
                ? .fail("screen", "\(error) (\"output\": \"drm\" needs a display)")
                : .warn("screen", "no screen: \(error); until then the kiosk shows its status line and plays its cues")
        }
        let device: DRMDevice
        do {
            device = try DRMDevice(path: screen.device)
        } catch {
            return [problem(error)]
        }
        let resources: DisplayResources
        do {
            resources = try device.resources()
        } catch {
            return [problem(DisplayError(.notModeSetting(path: screen.device, error)))]
        }
        guard let connector = resources.connectedConnector, let mode = connector.preferredMode else {
            return [problem(DisplayError(.noConnectedConnector(path: screen.device, connectors: resources.connectors.map(\.description))))]
        }
        return [.ok("screen", "\(screen.device) opens; \(connector.name) has a display connected, its preferred mode \(mode)")]
    }

    /// Asks fontconfig which font the family gives (pango falls back silently to another).
    func checkFont(_ family: String) -> [Finding] {
        Self.fontFinding(FontCheck.resolve(family))
    }

    static func fontFinding(_ check: FontCheck) -> [Finding] {
        let family = check.requested
        let install = "install it (`sudo apt install \(fontPackage) fonts-noto-cjk`; its family name is “\(ScreenConfiguration.defaultFont)”), or set \"screen\": {\"font\": …} to a family `fc-list :lang=ja family` lists"
        guard check.matchesRequest else {
            let instead = check.matchedFamily.map { "“\($0)”\(check.file.map { " (\($0))" } ?? "")" } ?? "no font at all"
            return [.warn("screen", "fontconfig has no font “\(family)”, so the screen is drawn with \(instead) instead — \(install)")]
        }
        guard check.coversJapanese else {
            return [.warn("screen", "the font “\(family)” (\(check.file ?? "?")) cannot draw Japanese, so kana are drawn with a fallback font — \(install)")]
        }
        return [.ok("screen", "the font “\(family)” is \(check.file ?? "installed") and draws Japanese")]
    }

    /// Whether the covers folder exists and can be read, and how many covers it holds.
    func checkCovers(_ folder: String) -> [Finding] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            return [.ok("screen", "no covers folder \(folder): books are shown without covers (put <barcode>.png or .jpg, or <isbn>.png or .jpg, there to show them)")]
        }
        guard isFolder.boolValue else {
            return [.warn("screen", "\(folder) is a file, not a folder, so no covers are shown — set \"screen\": {\"covers\": …} to the folder of cover pictures")]
        }
        guard access(folder, R_OK | X_OK) == 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return [.warn("screen", "user “\(Self.userName)” cannot read \(folder), so no covers are shown — `sudo chmod -R a+rX \(folder)`")]
        }
        let covers = names.filter { Self.coverExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.count
        return [.ok("screen", "\(covers) \(covers == 1 ? "cover" : "covers") in \(folder)")]
    }
}
