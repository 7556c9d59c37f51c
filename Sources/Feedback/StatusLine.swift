import Lending

/// The status line: one line that tells the kiosk's state and the last Outcome.
///
/// On a terminal it is redrawn in place (carriage return, erase line, colour, symbol, message,
/// cut to the terminal's width so it never wraps); elsewhere (a file, a pipe, the journal) each
/// update is a plain appended line without escape sequences.
public enum StatusLine {
    /// How an event looks on the status line.
    public struct Style: Sendable, Equatable {
        /// One column wide in every terminal (East Asian Width N), so the line measures true.
        public var symbol: String
        /// The SGR parameters of its colour, e.g. `"1;32"` for bold green.
        public var colour: String
    }

    public static func style(for event: KioskEvent) -> Style {
        switch event {
        case .ready: Style(symbol: "›", colour: "1")
        case .outcome(.greeted): Style(symbol: "☺", colour: "1;34")
        case .outcome(.lent): Style(symbol: "✓", colour: "1;32")
        case .outcome(.returned): Style(symbol: "↩", colour: "1;36")
        case .outcome(.refused), .pinRefused: Style(symbol: "✗", colour: "1;33")
        case .duplicate: Style(symbol: "↻", colour: "2")
        case .sessionEnded, .sessionClosed: Style(symbol: "›", colour: "0")
        case .staff: Style(symbol: "✦", colour: "1;35")
        case .scannerLost: Style(symbol: "⊘", colour: "1;31")
        case .scannerBack: Style(symbol: "⟳", colour: "1;32")
        case .error: Style(symbol: "!", colour: "1;31")
        case .deferred(let outcome): style(for: .outcome(outcome))
        }
    }

    /// The bytes that show `message` for `event`. On a terminal of `width` columns the line
    /// replaces the current one and takes at most `width - 1` columns (the last stays free, so
    /// no terminal wraps); otherwise it is `symbol message` and a line break.
    public static func render(_ event: KioskEvent, message: String, width: Int, isTerminal: Bool) -> [UInt8] {
        render(message, style: style(for: event), width: width, isTerminal: isTerminal)
    }

    /// The style of staff-mode prompts.
    public static let staffPromptStyle = Style(symbol: "✦", colour: "1;35")
    /// The style of the idle prompt and of a barcode being typed.
    public static let promptStyle = Style(symbol: "›", colour: "1")

    /// The bytes that show `message` with `style`, as for an event.
    public static func render(_ message: String, style: Style, width: Int, isTerminal: Bool) -> [UInt8] {
        let text = style.symbol + " " + printable(message)
        guard isTerminal else { return Array((text + "\n").utf8) }
        let shown = DisplayWidth.truncate(text, toWidth: max(width - 1, 1))
        return Array((eraseLine + "\u{1B}[\(style.colour)m" + shown + resetAttributes).utf8)
    }

    /// Carriage return, then erase the whole line.
    static let eraseLine = "\r\u{1B}[2K"
    static let resetAttributes = "\u{1B}[0m"

    /// `text` with every control character and line separator made a space, so a title with
    /// a tab, a line break or an escape sequence cannot move the cursor or change colours.
    static func printable(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                result.unicodeScalars.append(" ")
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
