import CommandCore
import Foundation
import Language
import Lending
import Printing
import ScannerInput
import Scene

/// Every command's options, each declared once with the type it is read as: the usage lines
/// (`BookKiosk+Commands.swift`) list these, and the commands read them back through the same
/// values. `--db` and `--config` are every command's (`CommonOptions`).
enum Options {
    // The kiosk: demo, run, simulate, decode.
    static let language = Option<Language>("language", "ja|en", parse: Language.init(rawValue:))
    static let events = Option<String>("events", "F")
    static let covers = Option<String>("covers", "DIR")
    /// A window or a frame no smaller than the screen's layout is made for.
    static let screenSize = Option<PixelSize>("screen-size", "WxH") { text in
        PixelSize(text).flatMap { $0.width >= 320 && $0.height >= 200 ? $0 : nil }
    }
    static let noWindow = Flag("no-window")
    /// A time the command takes as now; read with the configuration's time zone (`currentTime`).
    static let now = Option<String>("now", "T")
    static let write = Flag("write")
    static let speech = Option<String>("speech", "DIR")
    static let screens = Option<String>("screens", "DIR")
    static let screensInMemory = Flag("screens-in-memory")
    static let libraryName = Option<String>("library-name", "NAME")
    static let evemu = Option<String>("evemu", "F", required: true)
    static let layout = Option<KeyboardLayout>("layout", "us|jp") { try? KeyboardLayout(parsing: $0) }

    // The library: lookup, classes, promote, restore, export, report, print, copy, serve, say.
    static let json = Flag("json")
    /// Read beside the words of `classes grade NAME N`, which give a grade the same way.
    static let grade = Option<String>("grade", "N", required: true)
    /// One class's new name (`FROM=TO`), trimmed; both sides needed.
    static let map = Option<(from: String, to: String)>("map", "FROM=TO", repeats: true) { pair in
        let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (parts[0], parts[1])
    }
    static let apply = Flag("apply", required: true)
    static let yes = Flag("yes")
    static let csvOut = Option<String>("out", "F")
    static let pdfOut = Option<String>("out", "F.pdf", required: true)
    static let wavOut = Option<String>("out", "F.wav")
    /// A day, or a month (its first day).
    static let since = Option<LocalDate>("since", "D") { LocalDate($0) ?? LocalDate($0 + "-01") }
    static let className = Option<String>("class", "C")
    static let top = Option<Int>("top", "N") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
    static let users = Option<String>("users", "all|new|CODE,…")
    static let books = Option<String>("books", "all|new|CODE,…")
    static let sheet = Option<String>("sheet", "NAME")
    /// The first place on the sheet; the sheet it is on says how many there are.
    static let startAt = Option<Int>("start-at", "N") { Int($0) }
    static let symbology = Option<Symbology>("symbology", "nw7|code128") { Symbology(rawValue: $0.lowercased()) }
    static let from = Option<String>("from", "F.sqlite", required: true)
    static let to = Option<String>("to", "URL", required: true)
    /// Parsed by `serve`, whose complaint names what is wrong with it.
    static let listen = Option<String>("listen", "ADDRESS:PORT")
}
