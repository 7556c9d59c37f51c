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
        common = try CommonOptions(arguments, places: places)
        let say = commandWords(common.language)
        guard arguments.words.count == 1, let what = What(rawValue: arguments.words[0]) else {
            throw Arguments.Invalid(description: say.printUsage)
        }
        self.what = what
        if what != .labels, arguments.contains(Options.books) {
            throw Arguments.Invalid(description: say.booksOptionUsage)
        }
        if what != .cards, arguments.contains(Options.users) {
            throw Arguments.Invalid(description: say.usersOptionUsage)
        }
        self.console = console
    }

    var say: any CommandWords { commandWords(common.language) }

    func run() throws -> BookKiosk.Status {
        let configuration = common.configuration
        if what == .sheets {
            for line in Self.sheetTable(configuration.allSheets, header: say.sheetTableHeader) { console.print(line) }
            return .success
        }
        guard let out = arguments[Options.pdfOut], !out.isEmpty else {
            throw Arguments.Invalid(description: say.outUsage(what.rawValue))
        }
        if out == "-", isatty(console.output) == 1 {
            throw CommandFailure(say.outIsATerminal(what.rawValue))
        }
        if what == .notices { return try printNotices(to: out) }
        let sheetName = arguments[Options.sheet] ?? (what == .cards ? Sheet.defaultCardSheet : Sheet.defaultLabelSheet)
        guard let sheet = configuration.allSheets.first(where: { $0.name == sheetName }) else {
            throw Arguments.Invalid(description: say.noSuchSheet(sheetName, sheets: configuration.allSheets.map(\.name)))
        }
        let startAtUsage = say.startAtUsage(count: sheet.count, sheet: sheet.name)
        var startAt = 1
        if let number = try arguments.value(of: Options.startAt, invalid: startAtUsage) {
            guard (1...sheet.count).contains(number) else { throw Arguments.Invalid(description: startAtUsage) }
            startAt = number
        }
        let symbology = try arguments.value(of: Options.symbology, invalid: say.symbologyUsage)
        let layout = PageLayout(sheet: sheet, startAt: startAt, libraryName: configuration.libraryName,
                                cardCaption: say.cardCaption, symbology: symbology)

        let repository = try common.openRepository()
        let kind: PrintedKind = what == .cards ? .card : .label
        let selection = arguments[what == .cards ? Options.users : Options.books] ?? "new"
        let chosen = try repository.transaction { tx in
            try choose(selection, kind: kind, in: tx)
        }
        guard !chosen.isEmpty else {
            console.error(selection == "new"
                ? say.nothingNewToPrint(cards: what == .cards, option: what == .cards ? "users" : "books")
                : say.nothingToPrint(cards: what == .cards))
            return .success
        }
        let laidOut: Result<[Scene], PrintRefusal> = switch what {
            case .cards: layout.cards(chosen.map(CardFace.init))
            case .labels: layout.labels(chosen.map { BookLabel(title: $0.name, barcode: $0.barcode) })
            case .sheets, .notices: .success([])
        }
        guard case .success(let pages) = laidOut else {
            if case .failure(let refusal) = laidOut { throw CommandFailure(say.notPrinted(refusal.description)) }
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
            throw CommandFailure(say.notRecordedAsPrinted(failure.description))
        }
        try repository.transaction { tx in
            try tx.recordPrinted(kind, barcodes: chosen.map(\.barcode), at: Date())
        }
        let message = say.wrote(chosen.count, cards: what == .cards, pages: pages.count, sheet: sheet.product, labelsPerSheet: sheet.count,
                                startAt: startAt, to: out == "-" ? nil : out)
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
            throw CommandFailure(say.notInLibrary(unknown.barcodes, cards: kind == .card))
        }
    }

    /// The sheets, one a line, with their sizes.
    static func sheetTable(_ sheets: [Sheet], header: [String] = EnglishCommandWords().sheetTableHeader) -> [String] {
        let rows = sheets.map { sheet in
            [sheet.name, "\(sheet.count)", sheet.labelSizeText, "\(sheet.columns) × \(sheet.rows)",
             "\(millimetres(sheet.leftMargin)) / \(millimetres(sheet.topMargin)) mm",
             "\(millimetres(sheet.horizontalPitch)) / \(millimetres(sheet.verticalPitch)) mm", sheet.paper.name, sheet.title]
        }
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
