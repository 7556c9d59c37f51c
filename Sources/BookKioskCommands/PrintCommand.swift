import CommandCore
import KioskConfiguration
import Foundation
import Lending
import Printing
import Scene
import ScenePainter

/// `bookkiosk print cards|labels|sheets`: library Cards and Book labels as a PDF to print at
/// 100 % on a sheet of labels, and the list of sheets.
struct PrintCommand {
    enum What: String {
        case cards, labels, sheets, notices
    }

    let what: What
    let arguments: Arguments
    let common: CommonOptions
    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.count == 1, let what = What(rawValue: arguments.words[0]) else {
            throw Arguments.Invalid(description: "say what to print: `bookkiosk print cards --out cards.pdf`, `bookkiosk print labels --out labels.pdf`, `bookkiosk print notices --out notices.pdf`, or `bookkiosk print sheets` for the sheets")
        }
        self.what = what
        if what != .labels, arguments.options["books"] != nil {
            throw Arguments.Invalid(description: "--books chooses Book labels: use it with `print labels`")
        }
        if what != .cards, arguments.options["users"] != nil {
            throw Arguments.Invalid(description: "--users chooses Cards: use it with `print cards`")
        }
        common = try CommonOptions(arguments, places: places)
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let configuration = common.configuration
        if what == .sheets {
            for line in Self.sheetTable(configuration.allSheets) { console.print(line) }
            return .success
        }
        guard let out = arguments.options["out"], !out.isEmpty else {
            throw Arguments.Invalid(description: "say where the PDF goes: --out \(what.rawValue).pdf (or --out - for standard output)")
        }
        if out == "-", isatty(console.output) == 1 {
            throw CommandFailure("--out - writes the PDF to standard output, which is a terminal here: send it to a printer (`bookkiosk print \(what.rawValue) --out - | lp -o media=A4 -o print-scaling=none`) or give a file, --out \(what.rawValue).pdf.")
        }
        if what == .notices { return try printNotices(to: out) }
        let sheetName = arguments.options["sheet"] ?? (what == .cards ? Sheet.defaultCardSheet : Sheet.defaultLabelSheet)
        guard let sheet = configuration.allSheets.first(where: { $0.name == sheetName }) else {
            throw Arguments.Invalid(description: "there is no sheet called \(sheetName); the sheets are \(configuration.allSheets.map(\.name).joined(separator: ", ")) (`bookkiosk print sheets` shows their sizes; the config's \"sheets\" adds your own)")
        }
        var startAt = 1
        if let text = arguments.options["start-at"] {
            guard let number = Int(text), (1...sheet.count).contains(number) else {
                throw Arguments.Invalid(description: "--start-at needs a label position from 1 to \(sheet.count) on \(sheet.name) (1 is the top left, counting row by row)")
            }
            startAt = number
        }
        var symbology: Symbology?
        if let text = arguments.options["symbology"] {
            guard let chosen = Symbology(rawValue: text.lowercased()) else {
                throw Arguments.Invalid(description: "--symbology is nw7 or code128 (leave it out: NW-7 for digits, Code 128 for the rest)")
            }
            symbology = chosen
        }
        let language = configuration.language
        let layout = PageLayout(sheet: sheet, startAt: startAt, libraryName: configuration.libraryName,
                                cardCaption: language == "en" ? "Library card" : "としょかんカード", symbology: symbology)

        let repository = try common.openRepository()
        let kind: PrintedKind = what == .cards ? .card : .label
        let selection = arguments.options[what == .cards ? "users" : "books"] ?? "new"
        let chosen = try repository.transaction { tx in
            try choose(selection, kind: kind, in: tx)
        }
        guard !chosen.isEmpty else {
            let noun = what == .cards ? "Cards" : "labels"
            console.error(selection == "new"
                ? "There are no new \(noun) to print: every one was printed before. `--\(what == .cards ? "users" : "books") all` prints them all again."
                : "There are no \(noun) to print.")
            return .success
        }
        let laidOut = Result { () throws(PrintRefusal) -> [Scene] in
            switch what {
            case .cards: try layout.cards(chosen.map(CardFace.init))
            case .labels: try layout.labels(chosen.map { BookLabel(title: $0.name, barcode: $0.barcode) })
            case .sheets, .notices: []
            }
        }
        guard case .success(let pages) = laidOut else {
            if case .failure(let refusal) = laidOut { throw CommandFailure("Nothing was printed: \(refusal.description)") }
            return .failure
        }
        let painter = ScenePainter()
        let written = Result { () throws(PaintingError) in
            if out == "-" {
                console.write(bytes: try painter.pdfData(pages))
            } else {
                try painter.writePDF(pages, to: out)
            }
        }
        if case .failure(let failure) = written {
            throw CommandFailure("\(failure.description) Nothing was recorded as printed.")
        }
        try repository.transaction { tx in
            try tx.recordPrinted(kind, barcodes: chosen.map(\.barcode), at: Date())
        }
        let noun = what == .cards ? (chosen.count == 1 ? "Card" : "Cards") : (chosen.count == 1 ? "label" : "labels")
        let message = "Wrote \(chosen.count) \(noun) on \(pages.count) page\(pages.count == 1 ? "" : "s") of \(sheet.name) (\(sheet.title))"
            + (startAt > 1 ? ", starting at label \(startAt)" : "") + " to \(out == "-" ? "standard output" : out)."
            + " Print it at 100 % (\"actual size\"), not \"fit to page\"."
        if out == "-" { console.error(message) } else { console.print(message) }
        return .success
    }

    /// `all`, `new`, or a comma-separated list of barcodes (`PrintChoice.choose`).
    private func choose(_ selection: String, kind: PrintedKind, in tx: any LendingTransaction) throws -> [PrintChoice] {
        let chosen: PrintChoice.Selection = switch selection {
        case "all": .all
        case "new": .new
        default: .barcodes(selection.split(separator: ",").map { Barcode.normalize(String($0)) }.filter { !$0.isEmpty })
        }
        switch try PrintChoice.choose(chosen, kind: kind, in: tx) {
        case .success(let choices):
            return choices
        case .failure(let unknown):
            let what = kind == .card ? "a User's card" : "a Book's barcode"
            throw CommandFailure("\(unknown.barcodes.joined(separator: ", ")) \(unknown.barcodes.count == 1 ? "is not" : "are not") \(what) in the library; nothing was printed. Give all, new, or barcodes separated by commas.")
        }
    }

    /// The sheets, one a line, with their sizes.
    static func sheetTable(_ sheets: [Sheet]) -> [String] {
        let rows = sheets.map { sheet in
            [sheet.name, "\(sheet.count)", sheet.labelSizeText, "\(sheet.columns) × \(sheet.rows)",
             "\(millimetres(sheet.leftMargin)) / \(millimetres(sheet.topMargin)) mm",
             "\(millimetres(sheet.horizontalPitch)) / \(millimetres(sheet.verticalPitch)) mm", sheet.paper.name, sheet.title]
        }
        let header = ["sheet", "labels", "label size", "cols × rows", "left / top", "pitch across / down", "paper", ""]
        let table = [header] + rows
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }

    private static func millimetres(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
