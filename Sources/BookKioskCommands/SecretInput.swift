import CommandCore
import Foundation

/// Reads a PIN or a password: from the terminal without echo (restored on every exit path,
/// signals included), or one line from standard input when it is not a terminal (for scripts
/// and the installer).
enum SecretInput {
    /// The terminal settings to put back if a signal arrives while echo is off.
    nonisolated(unsafe) private static var savedTerminal: termios?

    /// With `trimmingWhitespace` false (a password, where a space is part of it), a line from
    /// a pipe loses only its line ending, as a line typed on the terminal does.
    static func read(prompt: String, console: Console, trimmingWhitespace: Bool = true) -> String? {
        guard isatty(STDIN_FILENO) == 1 else {
            let line = readLine(strippingNewline: true)
            return trimmingWhitespace ? line?.trimmingCharacters(in: .whitespacesAndNewlines) : line
        }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return readLine(strippingNewline: true) }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL)
        savedTerminal = original
        let restoreAndExit: @convention(c) (Int32) -> Void = { signal in
            if var saved = SecretInput.savedTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
            _exit(128 + signal)
        }
        let previous = [SIGINT, SIGTERM, SIGHUP, SIGQUIT].map { ($0, Glibc.signal($0, restoreAndExit)) }
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &original)
            savedTerminal = nil
            for (number, handler) in previous { Glibc.signal(number, handler) }
        }
        FileHandle.standardError.write(Data(prompt.utf8))
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        return readLine(strippingNewline: true)
    }
}
