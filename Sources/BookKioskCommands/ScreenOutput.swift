import KioskConfiguration
import KioskDisplay

/// Where `bookkiosk run` shows its screen, chosen from the configuration's `screen.output`.
enum ScreenOutput {
    /// The monitor, through DRM/KMS.
    case display(DRMDisplay)
    /// A desktop window (`"output": "window"`): the window output's own code opens it.
    case window
    /// No screen: the status line and sound only, for `reason` (already logged).
    case none(reason: String)

    /// Opens the configured output. Nothing here stops the kiosk: without a display it logs,
    /// once, why there is no screen, and the kiosk goes on with sound and the status line.
    static func open(_ screen: ScreenConfiguration, log: (String) -> Void,
                     openDisplay: (String) throws(DisplayError) -> DRMDisplay = { path throws(DisplayError) in
                         try DRMDisplay.open(path: path, log: kioskLog)
                     }) -> ScreenOutput {
        switch screen.output {
        case .none:
            let reason = "\"screen\": {\"output\": \"none\"}"
            log("screen: none (\(reason)); the status line and sound only")
            return .none(reason: reason)
        case .window:
            return .window
        case .auto, .drm:
            do {
                let display = try openDisplay(screen.device)
                log("screen: \(display.summary)")
                return .display(display)
            } catch {
                let reason = error.description
                let how = screen.output == .drm ? "\"output\": \"drm\", but " : ""
                log("screen: \(how)no screen: \(reason); the kiosk goes on with the status line and sound")
                return .none(reason: reason)
            }
        }
    }
}
