import Foundation
import Testing

/// The X11 client calls this test needs, loaded at run time (libX11, libXtst), so the test skips
/// itself where they or Xvfb are missing.
final class XTest {
    typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias CloseDisplay = @convention(c) (OpaquePointer?) -> Int32
    typealias Flush = @convention(c) (OpaquePointer?) -> Int32
    typealias StringToKeysym = @convention(c) (UnsafePointer<CChar>?) -> UInt
    typealias KeysymToKeycode = @convention(c) (OpaquePointer?, UInt) -> UInt8
    typealias FakeKey = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    typealias FakeMotion = @convention(c) (OpaquePointer?, Int32, Int32, Int32, UInt) -> Int32

    let openDisplay: OpenDisplay, closeDisplay: CloseDisplay, flush: Flush
    let stringToKeysym: StringToKeysym, keysymToKeycode: KeysymToKeycode
    let fakeKey: FakeKey, fakeMotion: FakeMotion

    /// Calls `dlopen` and `dlsym`; nil when a library or symbol is missing.
    init?() {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xtst = dlopen("libXtst.so.6", RTLD_NOW) else { return nil }
        func symbol<T>(_ library: UnsafeMutableRawPointer, _ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let openDisplay = symbol(x11, "XOpenDisplay", as: OpenDisplay.self),
              let closeDisplay = symbol(x11, "XCloseDisplay", as: CloseDisplay.self),
              let flush = symbol(x11, "XFlush", as: Flush.self),
              let stringToKeysym = symbol(x11, "XStringToKeysym", as: StringToKeysym.self),
              let keysymToKeycode = symbol(x11, "XKeysymToKeycode", as: KeysymToKeycode.self),
              let fakeKey = symbol(xtst, "XTestFakeKeyEvent", as: FakeKey.self),
              let fakeMotion = symbol(xtst, "XTestFakeMotionEvent", as: FakeMotion.self) else { return nil }
        (self.openDisplay, self.closeDisplay, self.flush) = (openDisplay, closeDisplay, flush)
        (self.stringToKeysym, self.keysymToKeycode, self.fakeKey, self.fakeMotion) = (stringToKeysym, keysymToKeycode, fakeKey, fakeMotion)
    }

    /// Moves the pointer over (`x`, `y`) (the window there gets the keys: there is no window
    /// manager) and types `keys`, each a keysym name (`C`, `0`, `Return`). Uppercase letters
    /// are typed with Shift.
    func type(_ keys: [String], display: OpaquePointer, at x: Int32, _ y: Int32) {
        _ = fakeMotion(display, 0, x, y, 0)
        let shift = UInt32(keysymToKeycode(display, stringToKeysym("Shift_L")))
        for key in keys {
            let code = UInt32(keysymToKeycode(display, stringToKeysym(key)))
            let upper = key.count == 1 && key.uppercased() == key && key.lowercased() != key
            if upper { _ = fakeKey(display, shift, 1, 0) }
            _ = fakeKey(display, code, 1, 0)
            _ = fakeKey(display, code, 0, 0)
            if upper { _ = fakeKey(display, shift, 0, 0) }
        }
        _ = flush(display)
    }
}

/// A pixel of Xvfb's screen, read from the XWD file it keeps with `-fbdir`.
enum XWDScreen {
    /// (red, green, blue) at (`x`, `y`) of a 24-bit screen of 32-bit pixels; nil when the file
    /// is not there yet.
    static func pixel(in path: String, x: Int, y: Int) -> (Int, Int, Int)? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let header = try? file.read(upToCount: 100), header.count == 100 else { return nil }
        let bytes = [UInt8](header)
        func field(_ index: Int) -> Int {
            bytes[index * 4 ..< index * 4 + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        guard field(11) == 32 else { return nil }
        let offset = field(0) + field(19) * 12 + y * field(12) + x * 4
        guard (try? file.seek(toOffset: UInt64(offset))) != nil, let data = try? file.read(upToCount: 4), data.count == 4 else { return nil }
        let p = [UInt8](data)
        return field(7) == 0 ? (Int(p[2]), Int(p[1]), Int(p[0])) : (Int(p[1]), Int(p[2]), Int(p[3]))
    }
}

/// `bookkiosk demo` on a desktop: a window with the screen, barcodes typed in it. Runs on Xvfb
/// (a virtual X server) and types through XTest; the screenshot is Xvfb's own frame buffer.
@Suite("demo in a window", .serialized)
struct DemoWindowTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") && XTest() != nil,
                   "Xvfb, libX11 or libXtst is not installed (Debian packages xvfb, libxtst6)"))
    func typedBarcodesInTheWindowLendABookAndTheWindowShowsIt() throws {
        let xtest = try #require(XTest())
        /// Polls `check` until it holds or ten seconds have passed (no sleeping: each poll reads a file).
        func within10Seconds(_ check: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if check() { return true }
            }
            return false
        }
        let folder = try TemporaryFolder()
        let number = 90 + Int(getpid() % 100)
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        xvfb.arguments = [":\(number)", "-screen", "0", "1024x640x24", "-fbdir", folder.path(""), "-nolisten", "tcp"]
        xvfb.standardError = FileHandle.nullDevice
        xvfb.standardOutput = FileHandle.nullDevice
        try xvfb.run()
        // SIGKILL: a child of the test process may start with SIGTERM blocked.
        defer { kill(xvfb.processIdentifier, SIGKILL); xvfb.waitUntilExit() }
        var display: OpaquePointer?
        _ = within10Seconds {
            display = xtest.openDisplay(":\(number)")
            return display != nil
        }
        let x = try #require(display, "Xvfb :\(number) did not start")
        defer { _ = xtest.closeDisplay(x) }

        let demo = Process()
        demo.executableURL = BookKioskBinary.url
        let events = folder.path("events.jsonl")
        demo.arguments = ["demo", "--db", folder.path("demo.sqlite"), "--language", "en", "--screen-size", "800x480", "--events", events]
        demo.environment = ["HOME": folder.path(""), "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8", "DISPLAY": ":\(number)"]
        let errors = Pipe()
        demo.standardError = errors
        demo.standardOutput = FileHandle.nullDevice
        demo.standardInput = Pipe()
        try demo.run()
        defer { kill(demo.processIdentifier, SIGKILL); demo.waitUntilExit() }

        func eventNames() -> [String] {
            let text = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String
            }
        }
        func waitFor(_ event: String) -> Bool {
            within10Seconds { eventNames().contains(event) }
        }
        // The window is 800×480 in the middle of the 1024×640 screen: its top left is (112, 80).
        let screenFile = folder.path("Xvfb_screen0")
        func pixel(_ px: Int, _ py: Int) -> (Int, Int, Int)? { XWDScreen.pixel(in: screenFile, x: 112 + px, y: 80 + py) }
        func waitForPixel(_ px: Int, _ py: Int, _ colour: (Int, Int, Int)) -> Bool {
            within10Seconds { pixel(px, py).map { $0 == colour } ?? false }
        }

        #expect(waitFor("ready"))
        // The waiting screen's cream background.
        #expect(waitForPixel(400, 470, (0xFF, 0xF8, 0xEE)), "saw \(String(describing: pixel(400, 470)))")
        xtest.type(["C", "0", "0", "0", "1", "Return", "B", "0", "0", "0", "1", "Return"], display: x, at: 512, 320)
        #expect(waitFor("lent"), "events: \(eventNames())")
        // The lent screen: its green band on the left.
        #expect(waitForPixel(10, 10, (0x2E, 0x9B, 0x4E)), "saw \(String(describing: pixel(10, 10)))")
        #expect(eventNames().prefix(3) == ["ready", "greeted", "lent"])
    }
}
