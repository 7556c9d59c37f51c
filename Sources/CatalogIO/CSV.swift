import Foundation

/// A small RFC 4180 reader: comma-separated, fields optionally in double quotes (with `""` for
/// a quote and line breaks allowed inside), LF or CRLF line ends, a UTF-8 byte-order mark ignored.
public struct CSV {
    /// One record and the line of the file it starts on (1-based).
    public struct Record: Equatable {
        public var line: Int
        public var fields: [String]

        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        /// What is wrong with the quotes (worded per language by `CatalogWords`).
        public enum Reason: Sendable, Hashable {
            /// A quote in the middle of an unquoted field.
            case quoteInsideField
            /// Text after a field's closing quote.
            case textAfterClosingQuote
            /// A quote opened on `line` and never closed.
            case unclosedQuote
        }

        public var line: Int
        public var reason: Reason

        public init(line: Int, reason: Reason) {
            self.line = line
            self.reason = reason
        }

        public var description: String { "line \(line): " + EnglishCatalogWords().syntax(reason) }
    }

    /// Splits `text` into records. Blank lines are skipped.
    public static func records(_ text: String) throws(SyntaxError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var fieldWasQuoted = false
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }

        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = ""
            fieldWasQuoted = false
        }

        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if inQuotes {
                if scalar == "\"" {
                    if index < scalars.endIndex, scalars[index] == "\"" {
                        field.unicodeScalars.append("\"")
                        index = scalars.index(after: index)
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\"":
                guard field.isEmpty, !fieldWasQuoted else {
                    throw SyntaxError(line: line, reason: .quoteInsideField)
                }
                inQuotes = true
                fieldWasQuoted = true
                quoteLine = line
            case "\r" where index < scalars.endIndex && scalars[index] == "\n":
                break
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                guard !fieldWasQuoted else {
                    throw SyntaxError(line: line, reason: .textAfterClosingQuote)
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes {
            throw SyntaxError(line: quoteLine, reason: .unclosedQuote)
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }

    /// Quotes a field for writing when it needs it.
    public static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The characters a spreadsheet reads as the start of a formula (CSV injection): OWASP's
    /// `= + - @`, tab and carriage return, and the full-width `＝ ＋ － ＠` that Excel takes as
    /// formula starters under Japanese input.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"]

    /// A cell as written for Excel: one that begins like a formula gets a leading `'`, so the
    /// spreadsheet shows it as text instead of running it. `unguarded` takes it off again.
    public static func guarded(_ field: String) -> String {
        guard let first = field.first, formulaStarts.contains(first) else { return field }
        return "'" + field
    }

    /// A cell as imported: the `'` that `guarded` put before a formula-like start is removed.
    public static func unguarded(_ field: String) -> String {
        guard field.first == "'", let second = field.dropFirst().first, formulaStarts.contains(second) else { return field }
        return String(field.dropFirst())
    }

    /// One CSV line of guarded, escaped fields.
    public static func line(_ fields: [String]) -> String {
        fields.map { escape(guarded($0)) }.joined(separator: ",")
    }

    /// The UTF-8 byte-order mark that makes Excel open a CSV file as UTF-8.
    public static let byteOrderMark = "\u{FEFF}"
}
