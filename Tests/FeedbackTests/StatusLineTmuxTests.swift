@testable import Feedback
import Foundation
import Lending
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The status line on a real terminal: tmux draws what the writer sends to a pane's tty, and
/// `capture-pane` shows what a person would see.
@Suite(.enabled(if: Fixtures.which("tmux") != nil, "tmux is not installed"))
struct StatusLineTmuxTests {
    /// A private tmux server with one pane of `width` × `height` running `cat` (which only
    /// keeps the pane open; it reads the keyboard, which nobody uses).
    final class Pane {
        let socket: String
        let tmux: String
        /// Where a command's output goes. Not a pipe: the tmux server, forked by the first
        /// command, would hold a pipe open and nobody would ever read its end.
        let outputPath: String

        init(directory: URL, width: Int, height: Int) throws {
            tmux = try #require(Fixtures.which("tmux"))
            socket = directory.appendingPathComponent("tmux.sock").path
            outputPath = directory.appendingPathComponent("tmux.out").path
            try run(["-f", "/dev/null", "new-session", "-d", "-s", "kiosk", "-x", String(width), "-y", String(height), "cat"])
        }

        deinit { _ = try? run(["kill-server"]) }

        var tty: String {
            get throws { try run(["display-message", "-p", "-t", "kiosk", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines) }
        }

        /// The pane's lines as shown, trailing blanks trimmed by tmux, empty lines at the end dropped.
        var screen: [String] {
            get throws {
                var lines = try run(["capture-pane", "-p", "-t", "kiosk"]).components(separatedBy: "\n")
                while lines.last?.isEmpty == true { lines.removeLast() }
                return lines
            }
        }

        /// Captures the pane until it shows `expected` or 2000 captures were taken; returns the last capture.
        func screen(untilItShows expected: [String]) throws -> [String] {
            var last: [String] = []
            for _ in 0..<2000 {
                last = try screen
                if last == expected { break }
            }
            return last
        }

        /// Runs tmux with `arguments` and returns what it printed. Spawned like the cue player
        /// (no descriptor but 0–2 inherited): the tmux server it may fork must not hold on to a
        /// descriptor of ours, as it would with Foundation's `Process`, whose wait never ends then.
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let command = ["/bin/sh", "-c", "TERM=xterm-256color; unset TMUX; exec \"$@\" > \"$0\"",
                           outputPath, tmux, "-S", socket] + arguments
            let pid = try CuePlayer.spawn(command, standardErrorPath: outputPath + ".err").get()
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            return try String(contentsOfFile: outputPath, encoding: .utf8)
        }
    }

    @Test func oneLineRedrawnInPlaceWithoutDebris() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pane = try Pane(directory: directory, width: 30, height: 6)
        let descriptor = open(try pane.tty, O_WRONLY | O_NOCTTY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }

        let writer = StatusLineWriter(fileDescriptor: descriptor)
        #expect(writer.isTerminal)
        #expect(writer.width == 30, "asked with TIOCGWINSZ")

        let catalog = MessageCatalog(language: .ja)
        let lent = KioskEvent.outcome(.lent(Fixtures.loan, book: Fixtures.guri, user: Fixtures.haruto))
        writer.show(.ready, message: catalog.message(for: .ready))
        #expect(try pane.screen(untilItShows: ["› カードを スキャンしてね"]) == ["› カードを スキャンしてね"])

        // A long line of Japanese in a 30-column pane: cut within 29 columns (the next character,
        // 」, is two columns wide, so 28), on one line, no wrap.
        writer.show(lent, message: catalog.message(for: lent))
        let cut = "✓ はるとさん、 「ぐりとぐら…"
        #expect(DisplayWidth.of(cut) == 28)
        #expect(try pane.screen(untilItShows: [cut]) == [cut])

        // A shorter line leaves nothing of the longer one behind.
        let duplicate = KioskEvent.duplicate(barcode: "B0042")
        writer.show(duplicate, message: catalog.message(for: duplicate))
        #expect(try pane.screen(untilItShows: ["↻ もう スキャンしたよ"]) == ["↻ もう スキャンしたよ"])

        // Many updates in a row still leave exactly one line: the last.
        for example in MessageCatalogTests.cases {
            writer.show(example.event, message: catalog.message(for: example.event))
        }
        let last = try #require(MessageCatalogTests.cases.last)
        let expected = String(decoding: StatusLine.render(last.event, message: catalog.message(for: last.event),
                                                          width: 30, isTerminal: false), as: UTF8.self)
        let shown = DisplayWidth.truncate(String(expected.dropLast()), toWidth: 29)
        #expect(try pane.screen(untilItShows: [shown]) == [shown])
    }

    @Test func notATerminalGetsPlainAppendedLines() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("status.log").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        let writer = StatusLineWriter(fileDescriptor: descriptor)
        #expect(!writer.isTerminal)
        #expect(writer.width == StatusLineWriter.fallbackWidth)
        writer.show(.ready, message: "Scan your card")
        writer.show(.duplicate(barcode: "B1"), message: "Already scanned")
        close(descriptor)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "› Scan your card\n↻ Already scanned\n")
    }
}
