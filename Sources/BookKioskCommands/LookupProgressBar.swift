import CommandCore
import Foundation

/// The import's progress while it looks titles up, on standard error when that is a terminal:
/// one line redrawn in place, `[#####.....] 12/40 9784834000825`, cleared at the end. Nothing
/// when standard error is a file or a pipe (the report says what was found).
struct LookupProgressBar {
    let console: Console
    static let width = 24

    var isTerminal: Bool { isatty(console.errors) == 1 }

    func show(done: Int, total: Int, isbn: String) {
        guard isTerminal, total > 0 else { return }
        guard !isbn.isEmpty else {
            console.write(error: "\r\u{1B}[K")
            return
        }
        console.write(error: "\r\u{1B}[K" + LookupProgressBar.line(done: done, total: total, isbn: isbn))
    }

    /// The bar's text (pure).
    static func line(done: Int, total: Int, isbn: String) -> String {
        let filled = total == 0 ? 0 : min(width, done * width / total)
        return "looking up [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            + "] \(done)/\(total) \(isbn)"
    }
}
