import Lending
import Synchronization

/// Draws the status line on a file descriptor: in place when it is a terminal (its width asked
/// anew on every update, so a resized window is honoured), as appended lines otherwise.
public final class StatusLineWriter: Sendable {
    /// The width assumed when a terminal does not tell its own.
    public static let fallbackWidth = 80

    private let output: OutputDescriptor
    /// Whether the descriptor was a terminal when the writer was made.
    public let isTerminal: Bool
    /// Keeps updates from two threads from interleaving their bytes.
    private let lock = Mutex(())

    /// Does not take ownership of `fileDescriptor`; it is never closed here.
    public init(fileDescriptor: Int32) {
        output = OutputDescriptor(fileDescriptor: fileDescriptor)
        isTerminal = output.isTerminal
    }

    /// The terminal's width now, or `fallbackWidth`.
    public var width: Int { output.terminalWidth ?? StatusLineWriter.fallbackWidth }

    /// Shows `text` with `style`: staff prompts and the barcode being typed, which are not events.
    public func show(_ text: String, style: StatusLine.Style) {
        lock.withLock { _ in
            _ = output.write(StatusLine.render(text, style: style, width: width, isTerminal: isTerminal))
        }
    }

    /// Shows `message` for `event`.
    public func show(_ event: KioskEvent, message: String) {
        lock.withLock { _ in
            _ = output.write(StatusLine.render(event, message: message, width: width, isTerminal: isTerminal))
        }
    }
}
