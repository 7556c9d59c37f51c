import Language
import Lending

/// The commands' words in English.
public struct EnglishCommandWords: CommandWords {
    public init() {}
    public var language: Language { .en }

    public func configurationWarning(_ problem: String) -> String {
        "warning: the configuration's \(problem) — this command does not need that key, so it runs with the key's default; fix it before the kiosk starts"
    }
    public let nothingChanged = "Nothing was changed."

    public let classesUsage = "`bookkiosk classes` lists the classes; `classes add NAME [--grade N]`, `classes grade NAME N|none`, `classes rename OLD NEW` and `classes remove NAME` change them"
    public let gradeUsage = "a grade goes with `classes add NAME --grade N` or `classes grade NAME N` and is a whole number from 1 (the youngest), like 2; `classes grade NAME none` removes it"
    public let classNeedsName = "A class needs a name, like ひよこ組."
    public func classGradeSet(_ name: String, grade: Int?) -> String { "\(name) now has grade \(grade.map(String.init) ?? "none")." }
    public func classGradeUnchanged(_ name: String, grade: Int?) -> String {
        "\(name) has grade \(grade.map(String.init) ?? "none") already; nothing was changed."
    }
    public func classNameTaken(_ name: String) -> String {
        "There is already a class called \(name); `bookkiosk classes grade \(name) N` sets its grade."
    }
    public func classHasUsers(_ name: String, count: Int) -> String {
        "The class \(name) still has \(count) User(s); move them to another class first."
    }
    public func classAdded(_ name: String, grade: Int?) -> String {
        "Added the class \(name)\(grade.map { ", grade \($0)" } ?? " (no grade yet: give it one with `bookkiosk classes grade \(name) N` before promotion)")."
    }
    public func noSuchClass(_ name: String) -> String { "There is no class \(name); `bookkiosk classes` lists them." }
    public func classRenamed(_ old: String, to new: String) -> String { "Renamed \(old) to \(new); its Users moved with it." }
    public func classRemoved(_ name: String) -> String { "Removed the class \(name)." }
    public let noClassesYet = "There are no classes yet. Add one with `bookkiosk classes add ひよこ組 --grade 1`, or import users with a class column."
    public func classLine(_ name: String, grade: Int?, users: Int) -> String {
        "\(name)\tgrade \(grade.map(String.init) ?? "-")\t\(users) user\(users == 1 ? "" : "s")"
    }

    public let restoreUsage = "say which backup to restore: `bookkiosk restore /path/to/backup.sqlite`"
    public func restoreOnPostgres(server: String, file: String) -> String {
        """
        The library is on the PostgreSQL server \(server). Restore a dump made with pg_dump there:
          pg_restore --clean --if-exists --no-owner --dbname '\(server)' \(file)
        (stop the kiosks and the page first, and keep a new dump of the current library beside it).
        """
    }
    public func noBackupFile(_ file: String) -> String { "There is no file \(file). Give the path of a backup made with `bookkiosk backup`." }
    public func backupHolds(_ file: String, _ contents: String) -> String { "\(file) holds \(contents)." }
    public func libraryHolds(_ path: String, _ contents: String) -> String { "The library now (\(path)) holds \(contents)." }
    public let restoreNeedsYes = "Nothing was changed. To replace the library with this backup, run it again with --yes."
    public let restoreQuestion = "Replace the library with this backup? The library as it is now is kept beside it. [y/N]"
    public let restoreLeftAsItWas = "Nothing was changed: the library is as it was."
    public func notRestored(_ file: String, _ error: String) -> String { "\(file) was not restored: \(error). Nothing was changed: the library is as it was." }
    public func restored(_ file: String, _ contents: String, keptAt kept: String) -> String {
        "Restored \(file): the library now holds \(contents). The library as it was is kept at \(kept)."
    }
    public func holdings(books: Int, users: Int, loans: Int, out: Int, lastLoan: String?) -> String {
        "\(books) books, \(users) users, \(loans) loans (\(out) out)" + (lastLoan.map { ", the last Loan made \($0)" } ?? ", no Loans yet")
    }

    public let backupUsage = "say where the copy goes: `bookkiosk backup /path/to/copy.sqlite`"
    public func noDatabase(_ path: String) -> String { "There is no database at \(path) to back up. Give its path with --db." }
    public func backedUp(_ path: String, to destination: String) -> String { "Backed up \(path) to \(destination)." }

    public let staffUsage = "say what to do: `staff add NAME`, `staff pin NAME`, `staff password NAME`, `staff list` or `staff remove NAME`"
    public let staffListTakesNoName = "`staff list` takes no name"
    public func staffNeedsName(_ action: String) -> String { "`staff \(action)` needs the Staff member's name" }
    public let noStaffYet = "No Staff accounts yet. Add one with `bookkiosk staff add NAME`."
    public func noSuchStaff(_ name: String) -> String { "There is no Staff member named \(name). `bookkiosk staff list` shows who there is." }
    public func noSuchStaffToChange(_ name: String) -> String { "There is no Staff member named \(name). Add them with `bookkiosk staff add \(name)`." }
    public func staffRemoved(_ name: String) -> String { "Removed \(name); that PIN no longer opens staff mode." }
    public func staffHasPIN(_ name: String) -> String { "\(name) already has a PIN. To change it, use `bookkiosk staff pin \(name)`." }
    public let pinTaken = "Another Staff member already uses that PIN. Choose a different one."
    public func staffAddedMeanwhile(_ name: String) -> String {
        "\(name) was added meanwhile; nothing changed. To change the PIN, use `bookkiosk staff pin \(name)`."
    }
    public func staffRemovedMeanwhile(_ name: String) -> String { "\(name) was removed meanwhile; nothing changed." }
    public func staffAdded(_ name: String) -> String { "Added \(name). Press F12 at the kiosk and type the PIN to enter staff mode." }
    public func pinChanged(_ name: String) -> String { "Changed the PIN of \(name)." }
    public func pinPrompt(_ name: String) -> String { "PIN for \(name) (4 to 12 digits): " }
    public let pinAgainPrompt = "The same PIN again: "
    public let noPINGiven = "No PIN was given; nothing changed."
    public let pinShape = "A PIN is 4 to 12 digits (0–9); nothing changed."
    public let pinsDiffer = "The two PINs were not the same; nothing changed."

    public let promoteUsage = "`bookkiosk promote` shows the plan; `bookkiosk promote --apply` carries it out; --map FROM=TO says where a class goes"
    public let mapUsage = "--map needs FROM=TO, two class names, like --map ひよこ組=うさぎ組"
    public let promotionBlocked = "Promotion cannot be applied until these are settled."
    public func promoteHow(_ command: String) -> String { "Nothing was changed. Run `\(command)` to carry it out." }
    public let promotionRaced = "The library changed while promoting; nothing was changed. Run it again."
    public func promoted(moved: Int, graduated: Int) -> String { "Promoted: \(moved) moved up, \(graduated) graduated." }
    public let promotionEmpty = "Nothing to promote; nothing was changed."
    public let nothingToPromote = "No User is in a class, so there is nothing to promote. Give classes a grade (`bookkiosk classes`) and Users a class (the users CSV's class column)."
    public func move(from: String, to: String, users: [String]) -> String {
        "\(from) → \(to): \(users.count) user\(users.count == 1 ? "" : "s") (\(users.joined(separator: ", ")))"
    }
    public func graduates(_ count: Int) -> String { "Graduate (inactive, no class): \(count) user\(count == 1 ? "" : "s")" }
    public func graduate(_ name: String, card: String, booksOut: [String]) -> String {
        "  \(name) (\(card))" + (booksOut.isEmpty ? "" : " still has \(booksOut.joined(separator: ", ")): please chase it")
    }
    public func cannotGuess(_ problem: PromotionPlan.Problem) -> String { "Cannot guess: \(problem.description)" }

    public let printUsage = "say what to print: `bookkiosk print cards --out cards.pdf`, `bookkiosk print labels --out labels.pdf`, `bookkiosk print notices --out notices.pdf`, or `bookkiosk print sheets` for the sheets"
    public let booksOptionUsage = "--books chooses Book labels: use it with `print labels`"
    public let usersOptionUsage = "--users chooses Cards: use it with `print cards`"
    public func outUsage(_ what: String) -> String { "say where the PDF goes: --out \(what).pdf (or --out - for standard output)" }
    public func outIsATerminal(_ what: String) -> String {
        "--out - writes the PDF to standard output, which is a terminal here: send it to a printer (`bookkiosk print \(what) --out - | lp -o media=A4 -o print-scaling=none`) or give a file, --out \(what).pdf."
    }
    public func noSuchSheet(_ name: String, sheets: [String]) -> String {
        "there is no sheet called \(name); the sheets are \(sheets.joined(separator: ", ")) (`bookkiosk print sheets` shows their sizes; the config's \"sheets\" adds your own)"
    }
    public func startAtUsage(count: Int, sheet: String) -> String {
        "--start-at needs a label position from 1 to \(count) on \(sheet) (1 is the top left, counting row by row)"
    }
    public let symbologyUsage = "--symbology is nw7 or code128 (leave it out: NW-7 for digits, Code 128 for the rest)"
    public let cardCaption = "Library card"
    public func nothingNewToPrint(cards: Bool, option: String) -> String {
        "There are no new \(cards ? "Cards" : "labels") to print: every one was printed before. `--\(option) all` prints them all again."
    }
    public func nothingToPrint(cards: Bool) -> String { "There are no \(cards ? "Cards" : "labels") to print." }
    public func notPrinted(_ reason: String) -> String { "Nothing was printed: \(reason)" }
    public func notRecordedAsPrinted(_ reason: String) -> String { "\(reason) Nothing was recorded as printed." }
    public func wrote(_ count: Int, cards: Bool, pages: Int, sheet: String, labelsPerSheet: Int, startAt: Int, to out: String?) -> String {
        let noun = cards ? (count == 1 ? "Card" : "Cards") : (count == 1 ? "label" : "labels")
        return "Wrote \(count) \(noun) on \(pages) page\(pages == 1 ? "" : "s") of \(sheet) (\(labelsPerSheet) a sheet)"
            + (startAt > 1 ? ", starting at label \(startAt)" : "") + " to \(out ?? "standard output")."
            + " Print it at 100 % (\"actual size\"), not \"fit to page\"."
    }
    public func notInLibrary(_ barcodes: [String], cards: Bool) -> String {
        "\(barcodes.joined(separator: ", ")) \(barcodes.count == 1 ? "is not" : "are not") \(cards ? "a User's card" : "a Book's barcode") in the library; nothing was printed. Give all, new, or barcodes separated by commas."
    }
    public func noSuchClassToPrint(_ name: String) -> String { "There is no class \(name); `bookkiosk classes` lists them. Nothing was printed." }
    public func noOverdueNotices(inClass: String?, on day: LocalDate) -> String {
        "No User\(inClass.map { " of \($0)" } ?? "") has a Book overdue on \(day): there are no notices to print."
    }
    public func wroteNotices(_ count: Int, pages: Int, to out: String?) -> String {
        "Wrote \(count) notice\(count == 1 ? "" : "s") on \(pages) A4 page\(pages == 1 ? "" : "s") to \(out ?? "standard output"); cut along the dashed lines."
    }
    public let sheetTableHeader = ["sheet", "labels", "label size", "cols × rows", "left / top", "pitch across / down", "paper", ""]

    public let reportUsage = "the reports are `bookkiosk report overdue`, `report audit`, `report popular` and `report classes`"
    public func noOverdue(on day: LocalDate) -> String { "No Loans are overdue on \(day)." }
    public func overdueHeading(on day: LocalDate, count: Int) -> String { "Overdue on \(day): \(count) Loan\(count == 1 ? "" : "s")" }
    public func overdueLine(who: String, what: String, due: LocalDate, days: Int) -> String {
        "  \(who): \(what), due \(due), \(days) day\(days == 1 ? "" : "s") overdue"
    }
    public let unknownUser = "unknown User"
}
