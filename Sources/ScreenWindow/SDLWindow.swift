import CSDL2
import Foundation
import Scene
import ScannerInput
import TextInput

/// A desktop window (X11 or Wayland, through SDL2) showing the kiosk's screen, for `bookkiosk
/// demo`; its keys are the kiosk's keyboard, so a barcode typed there — or by a USB scanner,
/// which types like a keyboard — is scanned.
///
/// Frames are painted into a surface this window owns (XRGB8888), which therefore always holds
/// the last frame; only the changed part is copied to the window. Not `Sendable`: SDL's video
/// calls belong to the thread that opened the window.
public final class SDLWindow: FrameOutput {
    public let size: PixelSize
    public private(set) var needsFullFrame = true
    private let window: OpaquePointer
    private let frame: UnsafeMutablePointer<SDL_Surface>
    /// Whether the user closed the window.
    public private(set) var isClosed = false

    /// Why a window could not be opened.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Whether this process seems to have a desktop to open a window on ($DISPLAY or
    /// $WAYLAND_DISPLAY set); `open` still checks that SDL can use it.
    public static var desktopIsPresent: Bool {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
            || environment["SDL_VIDEODRIVER"] == "offscreen"
    }

    /// Opens a window of `size` titled `title`. Calls `SDL_Init(SDL_INIT_VIDEO)`,
    /// `SDL_CreateWindow` and `SDL_CreateRGBSurfaceWithFormat`.
    public init(title: String, size: PixelSize) throws {
        guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else {
            throw Unavailable(description: "SDL could not start its video: \(String(cString: SDL_GetError()))")
        }
        let centred = Int32(bitPattern: UInt32(SDL_WINDOWPOS_CENTERED_MASK))
        guard let window = SDL_CreateWindow(title, centred, centred, Int32(size.width), Int32(size.height),
                                            SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue) else {
            let reason = String(cString: SDL_GetError())
            SDL_Quit()
            throw Unavailable(description: "SDL could not open a window: \(reason)")
        }
        guard let frame = SDL_CreateRGBSurfaceWithFormat(0, Int32(size.width), Int32(size.height), 32, SDL_PIXELFORMAT_RGB888.rawValue) else {
            let reason = String(cString: SDL_GetError())
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw Unavailable(description: "SDL could not make a picture of \(size): \(reason)")
        }
        self.window = window
        self.frame = frame
        self.size = size
        SDL_StartTextInput()
    }

    /// Calls `SDL_FreeSurface`, `SDL_DestroyWindow` and `SDL_Quit`.
    deinit {
        SDL_FreeSurface(frame)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// Paints with `draw` into the window's own picture and shows the changed part.
    /// Calls `SDL_LockSurface`, `SDL_UpperBlit` and `SDL_UpdateWindowSurfaceRects`.
    public func present(changed: Rect?, _ draw: (FrameBuffer) -> Void) throws {
        guard !isClosed else { throw Unavailable(description: "the window was closed") }
        guard SDL_LockSurface(frame) == 0, let pixels = frame.pointee.pixels else {
            throw Unavailable(description: "SDL could not lock the picture: \(String(cString: SDL_GetError()))")
        }
        draw(FrameBuffer(pixels: pixels, width: size.width, height: size.height, stride: Int(frame.pointee.pitch)))
        SDL_UnlockSurface(frame)
        needsFullFrame = false
        try show(changed)
    }

    /// Copies `area` (nil: all) of the window's picture to the window.
    private func show(_ area: Rect?) throws {
        guard let surface = SDL_GetWindowSurface(window) else {
            throw Unavailable(description: "SDL has no surface for the window: \(String(cString: SDL_GetError()))")
        }
        var rect = area.map { SDL_Rect(x: Int32($0.minX), y: Int32($0.minY), w: Int32($0.width), h: Int32($0.height)) }
            ?? SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height))
        var target = rect
        guard SDL_UpperBlit(frame, &rect, surface, &target) == 0, SDL_UpdateWindowSurfaceRects(window, &rect, 1) == 0 else {
            throw Unavailable(description: "SDL could not show the frame: \(String(cString: SDL_GetError()))")
        }
    }

    /// Waits up to `timeout` (nil: as long as it takes) for the next key, handling the window's
    /// own events (an exposed window is shown again from its picture) on the way.
    /// Calls `SDL_WaitEventTimeout`.
    public func nextKey(timeout: Duration?) -> SourceEvent {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while !isClosed {
            var event = SDL_Event()
            let wait: Int32
            if let deadline {
                let left = deadline - ContinuousClock.now
                if left <= .zero { return .timedOut }
                let (seconds, attoseconds) = left.components
                wait = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            } else {
                wait = -1
            }
            guard (wait < 0 ? SDL_WaitEvent(&event) : SDL_WaitEventTimeout(&event, wait)) == 1 else {
                if deadline != nil { continue }
                return .ended
            }
            if let key = handle(&event) { return .key(key) }
        }
        return .ended
    }

    /// One SDL event: a key for the kiosk, or nil for the window's own business.
    private func handle(_ event: inout SDL_Event) -> KeyPress? {
        switch event.type {
        case SDL_QUIT.rawValue:
            isClosed = true
            return nil
        case SDL_WINDOWEVENT.rawValue:
            if event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue), !needsFullFrame { try? show(nil) }
            return nil
        case SDL_TEXTINPUT.rawValue:
            let text = withUnsafeBytes(of: &event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            pending.append(contentsOf: text.map(KeyPress.character))
            return pending.isEmpty ? nil : pending.removeFirst()
        case SDL_KEYDOWN.rawValue:
            return SDLWindow.key(event.key.keysym.sym)
        default:
            return nil
        }
    }

    /// Characters of one text event beyond the first, handed out one by one.
    private var pending: [KeyPress] = []

    /// The kiosk's key for an SDL key that types no text: Enter, keypad Enter and Tab (a
    /// scanner's terminators) end a barcode; Esc, Backspace and F1–F24.
    static func key(_ code: SDL_Keycode) -> KeyPress? {
        func value(_ key: SDL_KeyCode) -> SDL_Keycode { SDL_Keycode(bitPattern: key.rawValue) }
        switch code {
        case value(SDLK_RETURN), value(SDLK_KP_ENTER), value(SDLK_TAB): return .enter
        case value(SDLK_ESCAPE): return .escape
        case value(SDLK_BACKSPACE): return .backspace
        case value(SDLK_F1)...value(SDLK_F12): return .function(Int(code - value(SDLK_F1)) + 1)
        case value(SDLK_F13)...value(SDLK_F24): return .function(Int(code - value(SDLK_F13)) + 13)
        default: return nil
        }
    }
}

/// The window's keys as a `ScanSource`, for the kiosk runtime.
public final class SDLWindowKeys: ScanSource {
    public let window: SDLWindow

    public init(_ window: SDLWindow) {
        self.window = window
    }

    public func next(timeout: Duration?) throws -> SourceEvent {
        window.nextKey(timeout: timeout)
    }
}
