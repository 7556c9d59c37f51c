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
            return [.ok(.screen, say.screenOff)]
        case .window:
            return [.ok(.screen, say.screenWindow)] + checkFont(screen.font) + checkCovers(screen.covers)
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
                ? .fail(.screen, say.displayNeeded(say.displayProblem(error)))
                : .warn(.screen, say.noScreen(say.displayProblem(error)))
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
        return [.ok(.screen, say.displayOpens(screen.device, connector: connector.name, mode: "\(mode)"))]
    }

    /// Asks fontconfig which font the family gives (pango falls back silently to another).
    func checkFont(_ family: String) -> [Finding] {
        Self.fontFinding(FontCheck.resolve(family), say)
    }

    static func fontFinding(_ check: FontCheck, _ say: any DoctorWords) -> [Finding] {
        let family = check.requested
        let install = say.installFont(package: fontPackage, family: ScreenConfiguration.defaultFont)
        guard check.matchesRequest else {
            let instead = check.matchedFamily.map { "“\($0)”\(check.file.map { " (\($0))" } ?? "")" }
            return [.warn(.screen, say.fontMissing(family, instead: instead, install: install))]
        }
        guard check.coversJapanese else {
            return [.warn(.screen, say.fontLacksJapanese(family, file: check.file ?? "?", install: install))]
        }
        return [.ok(.screen, say.fontDrawsJapanese(family, file: check.file))]
    }

    /// Whether the covers folder exists and can be read, and how many covers it holds.
    func checkCovers(_ folder: String) -> [Finding] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            return [.ok(.screen, say.noCoversFolder(folder))]
        }
        guard isFolder.boolValue else {
            return [.warn(.screen, say.coversIsAFile(folder))]
        }
        guard access(folder, R_OK | X_OK) == 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return [.warn(.screen, say.coversUnreadable(folder, user: Self.userName))]
        }
        let covers = names.filter { Self.coverExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.count
        return [.ok(.screen, say.covers(covers, in: folder))]
    }
}
