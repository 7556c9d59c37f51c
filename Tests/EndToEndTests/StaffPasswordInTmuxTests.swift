@testable import Feedback
import Foundation
import Lending
import LendingSQLite
import StaffPIN
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `bookkiosk staff password NAME` on a terminal, as a person types it: the real binary in a
/// tmux pane (kept after the command ends), keys sent with `send-keys`.
@Suite(.enabled(if: tmuxPath != nil, "tmux is not installed"))
final class StaffPasswordInTmuxTests {
    let folder: TemporaryFolder
    let socket: String
    let output: String
    let common: [String]

    init() throws {
        folder = try TemporaryFolder()
        socket = folder.path("tmux.sock")
        output = folder.path("tmux.out")
        common = ["--db", folder.path("library.sqlite"), "--config", try folder.write("config.json", #"{"timeZone": "UTC", "language": "en"}"#)]
        let added = try BookKioskBinary.run(["staff", "add", "Tanaka"] + common, input: "8642\n", in: folder.url)
        #expect(added.status == 0, "\(added.errors)")
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Starts `bookkiosk staff ACTION NAME` in a pane that stays when it ends.
    func start(_ action: String = "password", _ name: String = "Tanaka") throws {
        let configuration = try folder.write("tmux.conf", "set -g remain-on-exit on\n")
        let arguments = (["staff", action, name] + common).map { "'\($0)'" }.joined(separator: " ")
        let command = "HOME='\(folder.url.path)' '\(BookKioskBinary.url.path)' \(arguments)"
        try tmux(["-f", configuration, "new-session", "-d", "-s", "password", "-x", "150", "-y", "20", command])
    }

    /// Runs tmux; spawned with only descriptors 0–2, so the server it forks holds none of ours.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let command = ["/bin/sh", "-c", "TERM=xterm-256color; unset TMUX; exec \"$@\" > \"$0\"", output,
                       try #require(tmuxPath), "-S", socket] + arguments
        let pid = try CuePlayer.spawn(command, standardErrorPath: output + ".err").get()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    /// The pane's text once it contains `text` (at most 3000 captures).
    func pane(untilItShows text: String) throws -> String {
        var last = ""
        for _ in 0..<3000 {
            last = try tmux(["capture-pane", "-p", "-t", "password"])
            if last.contains(text) { break }
        }
        return last
    }

    func type(_ line: String) throws {
        try tmux(["send-keys", "-t", "password", "-l", line])
        try tmux(["send-keys", "-t", "password", "Enter"])
    }

    func storedHash(_ name: String = "Tanaka") throws -> String? {
        try SQLiteLendingRepository(path: folder.path("library.sqlite")).transaction { try $0.passwordHash(staff: name) }
    }

    @Test func thePasswordIsAskedTwiceAndNeverShown() throws {
        try start()
        #expect(try pane(untilItShows: "Page password for Tanaka (at least 8 characters):").contains("Page password for Tanaka"))
        try type("sakura-gumi 2026")
        #expect(try pane(untilItShows: "The same password again:").contains("The same password again:"))
        try type("sakura-gumi 2026")
        let screen = try pane(untilItShows: "Set the page password of Tanaka")
        #expect(screen.contains("Set the page password of Tanaka"))
        #expect(!screen.contains("sakura"))
        #expect(PagePassword.verify("sakura-gumi 2026", against: try #require(try storedHash())))
    }

    @Test func twoDifferentPasswordsChangeNothing() throws {
        try start()
        _ = try pane(untilItShows: "Page password for Tanaka")
        try type("sakura-gumi 2026")
        _ = try pane(untilItShows: "The same password again:")
        try type("sakura-gumi 2027")
        let screen = try pane(untilItShows: "not the same")
        #expect(screen.contains("The two passwords were not the same; nothing changed."))
        #expect(try storedHash() == nil)
    }

    @Test func addingStaffOnATerminalOffersThePagePassword() throws {
        try start("add", "Suzuki")
        _ = try pane(untilItShows: "PIN for Suzuki")
        try type("2468")
        _ = try pane(untilItShows: "The same PIN again")
        try type("2468")
        _ = try pane(untilItShows: "a password for the teachers' page now? [y/N]")
        try type("y")
        _ = try pane(untilItShows: "Page password for Suzuki")
        try type("himawari-2026")
        _ = try pane(untilItShows: "The same password again:")
        try type("himawari-2026")
        let screen = try pane(untilItShows: "Set the page password of Suzuki")
        #expect(screen.contains("Added Suzuki."))
        #expect(screen.contains("Set the page password of Suzuki"))
        #expect(!screen.contains("himawari") && !screen.contains("2468"))
        #expect(PagePassword.verify("himawari-2026", against: try #require(try storedHash("Suzuki"))))
    }

    @Test func decliningTheOfferAddsTheAccountWithoutAPassword() throws {
        try start("add", "Suzuki")
        _ = try pane(untilItShows: "PIN for Suzuki")
        try type("2468")
        _ = try pane(untilItShows: "The same PIN again")
        try type("2468")
        _ = try pane(untilItShows: "[y/N]")
        try type("")
        let screen = try pane(untilItShows: "set one later")
        #expect(screen.contains("No page password yet; set one later with `bookkiosk staff password Suzuki`."))
        #expect(try storedHash("Suzuki") == nil)
        let accounts = try SQLiteLendingRepository(path: folder.path("library.sqlite")).transaction { try $0.staffAccounts() }
        #expect(accounts.map(\.name) == ["Suzuki", "Tanaka"])
    }
}
