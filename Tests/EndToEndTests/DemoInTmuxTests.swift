@testable import Feedback
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Where tmux is, if it is installed.
let tmuxPath: String? = {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(directory)/tmux"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}()

/// `bookkiosk demo` as a person sees it: the real binary in a tmux pane, keys sent with
/// `send-keys`, the screen read with `capture-pane`.
@Suite(.enabled(if: tmuxPath != nil, "tmux is not installed"))
final class DemoInTmuxTests {
    static var tmux: String? { tmuxPath }

    let folder: TemporaryFolder
    let socket: String
    let output: String

    init() throws {
        folder = try TemporaryFolder()
        socket = folder.path("tmux.sock")
        output = folder.path("tmux.out")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".config/bookkiosk"),
                                                withIntermediateDirectories: true)
        // Silent: no sound card is needed, and a pane of 100 columns.
        try folder.write(".config/bookkiosk/config.json", #"{"player": "none", "timeZone": "UTC"}"#)
        let command = "HOME='\(folder.url.path)' TZ=UTC '\(BookKioskBinary.url.path)' demo --language en --no-window"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "demo", "-x", "100", "-y", "40", command])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Runs tmux; spawned with only descriptors 0–2, so the server it forks holds none of ours.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let command = ["/bin/sh", "-c", "TERM=xterm-256color; unset TMUX; exec \"$@\" > \"$0\"", output,
                       try #require(Self.tmux), "-S", socket] + arguments
        let pid = try CuePlayer.spawn(command, standardErrorPath: output + ".err").get()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    /// The pane's non-empty lines.
    var screen: [String] {
        get throws { try tmux(["capture-pane", "-p", "-t", "demo"]).components(separatedBy: "\n").filter { !$0.isEmpty } }
    }

    /// Captures until the last line contains `text` (at most 3000 captures); returns the screen.
    func screen(untilTheStatusLineShows text: String) throws -> [String] {
        var last: [String] = []
        for _ in 0..<3000 {
            last = try screen
            if last.last?.contains(text) == true { break }
        }
        return last
    }

    func type(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "demo"] + keys)
    }

    @Test func aChildBorrowsAndATeacherAddsABook() throws {
        let start = try screen(untilTheStatusLineShows: "Scan your card")
        #expect(start.contains { $0.contains("C0001  Haruto") }, "the instructions list the cards")
        #expect(start.last == "› Scan your card")

        try type("C0001")
        #expect(try screen(untilTheStatusLineShows: "C0001").last == "› C0001▏")
        try type("Enter")
        let greeted = try screen(untilTheStatusLineShows: "Hello")
        #expect(greeted.last == "☺ Hello, Haruto! Scan a book")

        try type("B0001", "Enter")
        let lent = try screen(untilTheStatusLineShows: "borrowed")
        #expect(lent.last?.hasPrefix("✓ Haruto, you borrowed “Guri and Gura”") == true)
        // One status line, redrawn in place: the greeting is gone, nothing is left below.
        #expect(!lent.contains { $0.contains("Hello, Haruto") })
        #expect(lent.count == greeted.count)

        try type("F12")
        _ = try screen(untilTheStatusLineShows: "PIN")
        try type("1234")
        let masked = try screen(untilTheStatusLineShows: "●●●●")
        #expect(masked.last?.contains("PIN ●●●●") == true)
        #expect(masked.last?.contains("1234") == false, "the PIN shows only as dots")
        try type("Enter")
        #expect(try screen(untilTheStatusLineShows: "l lend").last?.hasPrefix("✦ Ms Yamada: l lend") == true)
        try type("b")
        _ = try screen(untilTheStatusLineShows: "Add a book")
        try type("B0100", "Enter")
        _ = try screen(untilTheStatusLineShows: "title")
        try type("Wheels on the Bus", "Enter")
        _ = try screen(untilTheStatusLineShows: "author")
        try type("Enter")
        #expect(try screen(untilTheStatusLineShows: "Registered the book").last?.contains("“Wheels on the Bus”") == true)
        try type("Escape")
        _ = try screen(untilTheStatusLineShows: "l lend")
        try type("q")
        #expect(try screen(untilTheStatusLineShows: "Left staff mode").last?.hasPrefix("✦ Left staff mode") == true)
    }
}
