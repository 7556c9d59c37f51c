import Foundation
import Lending
import Printing

/// The configuration keys of printing: `libraryName`, `sheets` and `numbering`.
extension Configuration {
    static let sheetKeys = ["name", "title", "paper", "columns", "rows", "labelWidth", "labelHeight",
                            "leftMargin", "topMargin", "horizontalPitch", "verticalPitch"]
    static let numberingKeys = ["cardPrefix", "bookPrefix", "length", "checkDigit"]

    /// The built-in sheets and the config's own, by name.
    public var allSheets: [Sheet] { Sheet.builtIn + sheets }

    static func parseLibraryName(_ value: Any, into config: inout Configuration, problems: inout [String]) {
        guard let name = value as? String, name.count <= 60 else {
            problems.append("libraryName: must be the library's name as text of up to 60 characters, like \"ひまわり文庫\"")
            return
        }
        config.libraryName = name.trimmingCharacters(in: .whitespaces)
    }

    /// `"sheets": [{"name": "my-labels", "columns": 3, "rows": 8, "labelWidth": 70, …}]`, in
    /// millimetres; each checked to fit its page.
    static func parseSheets(_ value: Any, into config: inout Configuration, problems: inout [String]) {
        guard let entries = value as? [Any] else {
            problems.append("sheets: must be a list, like [{\"name\": \"my-labels\", \"columns\": 3, \"rows\": 8, \"labelWidth\": 70, \"labelHeight\": 33.9, \"leftMargin\": 0, \"topMargin\": 12.9}]")
            return
        }
        for (index, entry) in entries.enumerated() {
            let label = "sheets[\(index)]"
            guard let fields = entry as? [String: Any] else {
                problems.append("\(label): must be an object with name, columns, rows, labelWidth, labelHeight, leftMargin and topMargin")
                continue
            }
            var bad: [String] = []
            for key in fields.keys.sorted() where !sheetKeys.contains(key) {
                bad.append("\(label).\(key): is not a key BookKiosk knows; a sheet has \(sheetKeys.joined(separator: ", "))")
            }
            guard let name = fields["name"] as? String, !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                problems.append(contentsOf: bad + ["\(label).name: is required: a short name of letters, digits and -, like \"my-labels\""])
                continue
            }
            let named = "\(label) (\(name))"
            if Sheet.builtIn.contains(where: { $0.name == name }) || config.sheets.contains(where: { $0.name == name }) {
                bad.append("\(named).name: there is already a sheet called \(name); choose another name")
            }
            func count(_ key: String) -> Int? {
                guard let number = wholeNumber(fields[key] as Any), number >= 1, number <= 100 else {
                    bad.append("\(named).\(key): is required: a whole number from 1 to 100")
                    return nil
                }
                return number
            }
            func millimetres(_ key: String, required: Bool = true) -> Double? {
                guard let raw = fields[key] else {
                    if required { bad.append("\(named).\(key): is required: millimetres, like 25.4") }
                    return nil
                }
                guard let value = number(raw), value >= 0, value <= 400 else {
                    bad.append("\(named).\(key): must be millimetres from 0 to 400, like 25.4")
                    return nil
                }
                return value
            }
            var paper = Sheet.Paper.a4
            if let raw = fields["paper"] {
                if let text = raw as? String, let found = Sheet.Paper(rawValue: text.lowercased()) { paper = found } else {
                    bad.append("\(named).paper: must be \"a4\" or \"letter\"")
                }
            }
            let title = fields["title"] as? String ?? name
            let columns = count("columns"), rows = count("rows")
            let width = millimetres("labelWidth"), height = millimetres("labelHeight")
            let left = millimetres("leftMargin"), top = millimetres("topMargin")
            let across = millimetres("horizontalPitch", required: false), down = millimetres("verticalPitch", required: false)
            guard bad.isEmpty, let columns, let rows, let width, let height, let left, let top else {
                problems.append(contentsOf: bad)
                continue
            }
            let sheet = Sheet(name: name, title: title, paper: paper, columns: columns, rows: rows, labelWidth: width,
                              labelHeight: height, leftMargin: left, topMargin: top, horizontalPitch: across, verticalPitch: down)
            let sheetProblems = sheet.problems
            guard sheetProblems.isEmpty else {
                problems.append(contentsOf: sheetProblems.map { "\(named): \($0)" })
                continue
            }
            config.sheets.append(sheet)
        }
    }

    /// `"numbering": {"cardPrefix": "1", "bookPrefix": "2", "length": 8, "checkDigit": "none"}`.
    static func parseNumbering(_ value: Any, into config: inout Configuration, problems: inout [String]) {
        guard let fields = value as? [String: Any] else {
            problems.append("numbering: must be an object, like {\"cardPrefix\": \"1\", \"bookPrefix\": \"2\", \"length\": 8, \"checkDigit\": \"none\"}")
            return
        }
        var bad: [String] = []
        for key in fields.keys.sorted() where !numberingKeys.contains(key) {
            bad.append("numbering.\(key): is not a key BookKiosk knows; numbering has \(numberingKeys.joined(separator: ", "))")
        }
        var cards = config.cardNumbering, books = config.bookNumbering
        func prefix(_ key: String) -> String? {
            guard let raw = fields[key] else { return nil }
            guard let text = raw as? String, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                bad.append("numbering.\(key): must be digits in quotes, like \"1\"")
                return nil
            }
            return text
        }
        if let text = prefix("cardPrefix") { cards.prefix = text }
        if let text = prefix("bookPrefix") { books.prefix = text }
        if let raw = fields["length"] {
            if let length = wholeNumber(raw) { cards.length = length; books.length = length } else {
                bad.append("numbering.length: must be a whole number of digits, like 8")
            }
        }
        if let raw = fields["checkDigit"] {
            if let text = raw as? String, let check = BarcodeNumbering.CheckDigit(rawValue: text) {
                cards.checkDigit = check; books.checkDigit = check
            } else {
                bad.append("numbering.checkDigit: must be \"none\" or \"mod10w21\"")
            }
        }
        if let problem = cards.problem { bad.append("numbering (cards): \(problem)") }
        if let problem = books.problem { bad.append("numbering (books): \(problem)") }
        if cards.prefix.hasPrefix(books.prefix) || books.prefix.hasPrefix(cards.prefix) {
            bad.append("numbering: cardPrefix and bookPrefix must differ at their start (like \"1\" and \"2\"), so a Card's number can never be a Book's")
        }
        guard bad.isEmpty else {
            problems.append(contentsOf: bad)
            return
        }
        config.cardNumbering = cards
        config.bookNumbering = books
    }
}
