import BookLookup
import Lending

/// The books and users files' words in English.
public struct EnglishCatalogWords: CatalogWords {
    public init() {}

    public func header(_ column: CatalogColumn) -> String { column.rawValue }
    public func status(_ status: BookStatus) -> String { status.rawValue }
    public func active(_ isActive: Bool) -> String { isActive ? "yes" : "no" }
    public func line(_ number: Int) -> String { "line \(number)" }

    public func syntax(_ reason: CSV.SyntaxError.Reason) -> String {
        switch reason {
        case .quoteInsideField: "a quote (\") in the middle of a field; put the whole field in quotes and write a quote inside it as \"\""
        case .textAfterClosingQuote: "text after a closing quote; put the whole field in quotes"
        case .unclosedQuote: "a quote opened here is never closed"
        }
    }

    private func columns(_ kind: CatalogImport.Kind) -> String { kind.columns.map(header).joined(separator: ", ") }
    private func key(_ kind: CatalogImport.Kind) -> String { kind == .books ? "barcode" : "card" }

    public func lookupProblem(_ problem: LookupProblem) -> String { problem.description }

    public func lookupCommandProblem(_ problem: LookupProblem) -> String {
        switch problem {
        case .unanswered(let isbn, let faults, let notFoundAt):
            "ISBN \(isbn) could not be looked up (\(lookupTrouble(LookupTrouble(faults, notFoundAt: notFoundAt)))). Run `bookkiosk lookup` again later."
        case .invalidISBN, .lookupsOff, .notFound:
            lookupProblem(problem)
        }
    }

    public func lookupTrouble(_ trouble: LookupTrouble) -> String {
        switch trouble {
        case .offline: "this box does not seem to reach the internet"
        case .someUnreached: "one of the services could not be reached"
        case .timedOut(let seconds): "no answer came within \(Int(seconds.rounded())) seconds"
        case .busy: "the service is busy; wait a little"
        case .unreadable: "the service gave an answer that could not be read"
        }
    }
    public func problem(_ problem: ImportProblem) -> String {
        let text: String = switch problem.reason {
        case .syntax(let reason): syntax(reason)
        case .emptyFile(let kind):
            "the file is empty; it needs a header row naming the columns: \(kind.columns.map(header).joined(separator: ","))"
        case .missingColumns(let missing, _):
            "the header has no \(missing.map(header).joined(separator: " or ")) column; it needs at least: \(missing.map(header).joined(separator: ","))"
        case .missingTitleOrISBNColumn:
            "the header has no \(header(.title)) or \(header(.isbn)) column; it needs at least a \(header(.title)) column, or an \(header(.isbn)) column to look the titles up"
        case .tooManyFields(let count, let header): "\(count) fields but the header has \(header); is a comma missing its quotes?"
        case .repeated(let key, let firstLine, let kind): "\(key) is already on line \(firstLine); each \(self.key(kind)) may appear once"
        case .missingName(let key, .books): key.isEmpty ? "the book has no title" : "book \(key) has no title"
        case .missingName(let key, .users): key.isEmpty ? "the user has no name" : "user \(key) has no name"
        case .invalidISBN(let invalid): invalid.description
        case .untitledWithoutLookup(let isbn): "ISBN \(isbn) has no title, and lookups are off here: type its title"
        case .titleNotFound(.notFound(let isbn)): "ISBN \(isbn) was not found at the NDL or openBD: type its title"
        case .titleNotFound(let problem): "\(problem.description): type its title, or import the file again later"
        case .invalidStatus(let text): "status \"\(text)\" is not one of available, withdrawn, lost"
        case .invalidReading(let character, let kind):
            "the reading may hold only kana (ひらがな or カタカナ), spaces and ー, not 「\(character)」 (the reading is in hiragana or katakana, like \(kind == .books ? "ぐりとぐら" : "さとう はると"))"
        case .invalidLimit(let text): "limit \"\(text)\" is not a whole number of 0 or more"
        case .invalidActive(let text): "active \"\(text)\" should be yes or no"
        case .cannotNumber(let rows, let exhausted, let kind): "\(rows) rows have no \(key(kind)) to number, but \(exhausted.description)"
        case .conflict(let conflict): conflict.description
        case .probableTypo(let written, let meant):
            "class 「\(written)」 is not in the library, but 「\(meant)」 is: probably a typo. Write 「\(meant)」, or if 「\(written)」 is really a new class, add it first (`bookkiosk classes add`, or 組 on the page) and import again"
        }
        return problem.line.map { "line \($0): " + text } ?? text
    }

    public func warning(_ warning: ImportWarning) -> String {
        switch warning.reason {
        case .unknownColumn(let name, let kind):
            "line \(warning.line): column \"\(name)\" is not one BookKiosk knows, so it was ignored (known: \(columns(kind)))"
        case .sameNameAsSeveralUsers(let name, let className, let cards):
            "line \(warning.line): \(who(name, className)) has no card, and the library has \(cards.count) users of that name (\(cards.joined(separator: ", "))): "
                + "the row is left out, as it cannot be told which one it is. Add a card column and write the row's card"
        case .sameNameOnOtherLines(let name, let className, let lines, nil):
            "line \(warning.line): \(who(name, className)) has no card and is also on \(lineList(lines)): each row is added as a user of its own. "
                + "If they are one child, keep one row"
        case .sameNameOnOtherLines(let name, let className, let lines, let card?):
            "line \(warning.line): \(who(name, className)) has no card, is also on \(lineList(lines)), and the library has one user of that name (\(card)): "
                + "the row is left out, as it cannot be told which row is \(card). Write \(card) in a card column on that row"
        case .sameTitleInLibrary(let title, let barcodes):
            "line \(warning.line): \(title) has no barcode and the library has it already (\(barcodes.joined(separator: ", "))): it is added as one more copy. "
                + "If this file was imported before, its books are in the library already"
        }
    }

    private func who(_ name: String, _ className: String?) -> String {
        className.map { "\(name) (\($0))" } ?? name
    }

    private func lineList(_ lines: [Int]) -> String {
        (lines.count == 1 ? "line " : "lines ") + lines.map(String.init).joined(separator: ", ")
    }

    public let matchedHeading = "Rows without a card that updated the user of their name (and class) the library has, rather than adding them again:"

    public func encoding(_ encoding: CSVText.Encoding) -> String {
        switch encoding {
        case .utf8: "UTF-8"
        case .utf8WithByteOrderMark: "UTF-8 with a byte-order mark"
        case .shiftJIS: "Shift_JIS (CP932, Excel's plain \"CSV\")"
        }
    }

    public func source(_ failure: ImportSource.Failure) -> String {
        switch failure.reason {
        case .missing: "\(failure.name) does not exist. Check the file name; nothing was imported."
        case .notPermitted: "\(failure.name) cannot be read: you may not read it. Check its permissions; nothing was imported."
        case .isFolder: "\(failure.name) cannot be read (it is a folder; name the CSV file in it); nothing was imported."
        case .unreadable(let detail): "\(failure.name) cannot be read (\(detail)). Check the file name and that you may read it; nothing was imported."
        case .notText: "\(failure.name) is neither UTF-8 nor Shift_JIS text. Save it from Excel as \"CSV UTF-8\" and import it again; nothing was imported."
        }
    }

    public let nothingImported = "Nothing was imported. Fix these lines and import the file again:"

    public func imported(_ file: String, kind: CatalogImport.Kind, added: Int, updated: Int, encoding: CSVText.Encoding) -> String {
        let noun = added == 1 ? String(kind.rawValue.dropLast()) : kind.rawValue
        return "Imported \(file): \(added) \(noun) added, \(updated) updated. Read as \(self.encoding(encoding))."
    }

    public func createdClasses(_ names: [String]) -> String {
        "New classes, with no grade yet (give each one with `bookkiosk classes grade NAME N`): \(names.joined(separator: ", "))"
    }

    public func lookedUpHeading(rows: Int, fromCache: Int) -> String {
        "Titles found by ISBN for \(rows) rows (\(fromCache) from the library's lookup cache; 書誌データ：国立国会図書館サーチ / openBD):"
    }

    public func numberedHeading(_ kind: CatalogImport.Kind) -> String {
        "New \(kind == .books ? "barcodes" : "card numbers") for the rows without one (print them with `bookkiosk print \(kind == .books ? "labels --books" : "cards --users") new`):"
    }

    public let importUsage = "say what to import and from which file: `bookkiosk import books books.csv` or `bookkiosk import users users.csv`"
    public let exportUsage = "say what to export: `bookkiosk export books`, `bookkiosk export users` or `bookkiosk export loans` (add --out F.csv for a file)"
    public func exported(_ what: String, to file: String) -> String { "Exported \(what) to \(file)." }
    public func alreadyExists(_ file: String) -> String { "\(file) already exists; BookKiosk does not overwrite files. Choose a new name or remove it first." }
    public func cannotWrite(_ file: String) -> String { "Could not write \(file); check that its folder exists and can be written." }
}
