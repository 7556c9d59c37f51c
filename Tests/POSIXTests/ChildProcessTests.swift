import Foundation
import POSIX
import Testing

@Suite struct ChildProcessTests {
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).log").path

    @Test func linesGoInAndComeBackAndTheExitStatusIsKept() throws {
        defer { unlink(errors) }
        let cat = try ChildProcess(executable: "/bin/cat", arguments: [], environment: [:], errorsTo: errors)
        try cat.write(Array("one\ntwo\n".utf8))
        #expect(cat.readLine(timeout: 20) == "one")
        #expect(cat.readLine(timeout: 20) == "two")
        #expect(!cat.hasEnded)
        #expect(cat.wait() == .exited(0))
        #expect(cat.hasEnded)
        #expect(cat.readLine(timeout: 20) == nil)
        #expect(throws: Errno.badFileDescriptor) { try cat.write(Array("three\n".utf8)) }
    }

    @Test func standardErrorGoesToItsFileAndTheEnvironmentIsExactlyTheOneGiven() throws {
        defer { unlink(errors) }
        let shell = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "echo \"$ONLY:$HOME\"; echo oops >&2; exit 3"],
                                     environment: ["ONLY": "this"], errorsTo: errors, truncatingErrors: true)
        #expect(shell.readToEnd(timeout: 20) == "this:\n")
        #expect(shell.wait() == .exited(3))
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "oops\n")
    }

    @Test func aSignalledChildIsToldApartAndWritingToItFailsWithBrokenPipe() throws {
        defer { unlink(errors) }
        let sleeper = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "read line; read line"], environment: [:], errorsTo: errors)
        #expect(sleeper.readLine(timeout: 0) == nil)
        sleeper.signal(SIGKILL)
        #expect(sleeper.wait() == .signalled(SIGKILL))
        let gone = try ChildProcess(executable: "/bin/true", arguments: [], environment: [:], errorsTo: errors)
        #expect(gone.readToEnd(timeout: 20) == "")
        #expect(throws: Errno.brokenPipe) { try gone.write(Array(repeating: UInt8(ascii: "x"), count: 1 << 20)) }
        #expect(gone.wait() == .exited(0))
    }

    @Test func aMissingProgramIsAnErrnoNotACrash() {
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try ChildProcess(executable: "/nonexistent/bookkiosk", arguments: [], environment: [:], errorsTo: errors)
        }
    }
}
