import BookLookup
import Foundation
import Lending

extension EnglishPageWords {
    public var lookUp: String { "Look up" }

    public var coverPhoto: String { "Cover photo" }
    public var coverPhotoExplained: String {
        "On an iPad or a phone this opens the camera: take the front of the book straight on. On a PC, choose a JPEG or PNG picture. Once saved it shows on the page and on the kiosk's screen at once."
    }
    public var coverPhotoFolderWins: String { "The covers folder has a picture of this book, so that one is shown." }
    public var coverPhotoFile: String { "Photo" }
    public var coverPhotoSave: String { "Save the photo" }
    public var coverPhotoNoFile: String { "Take a photo or choose a picture file." }
    public func coverPhotoSaved(title: String, width: Int, height: Int) -> String {
        "Saved the cover photo of “\(title)” (\(width)×\(height) pixels)."
    }
    public func coverPhotoNotAPicture(_ fileName: String) -> String {
        "“\(fileName)” is not a photo, so it was not saved. Choose a JPEG or PNG picture, or take one with the camera."
    }
    public func coverPhotoUnreadable(_ fileName: String, reason: String) -> String {
        "“\(fileName)” could not be read as a picture (\(reason)). Take it again or choose another file."
    }
    public var isbnLookupHint: String {
        "The 13 digits starting 978 (or the 10-digit ISBN) on the back of the book. Scan or type it and press Look up: the title, reading and author fill themselves."
    }
    public var bookReadingHint: String { "How the title reads, in hiragana or katakana (katakana is stored as hiragana). Lists are sorted by it." }

    public func lookupFound(_ source: BookRecordSource, fromCache: Bool) -> String {
        fromCache ? "Filled in from an earlier lookup at \(sourceName(source)). Check it and press Save."
                  : "Found at \(sourceName(source)). Check it and press Save."
    }

    public func lookupDiffering(_ other: BookRecordSource, title: String) -> String {
        "\(sourceName(other)) gives the title as \"\(title)\"; the National Diet Library's is filled in."
    }

    public func lookupProblem(_ problem: LookupProblem) -> String {
        switch problem {
        case .invalidISBN(.checkDigit):
            return "The last digit of this ISBN does not match the others: it may have been misread. Please check the number on the back of the book."
        case .invalidISBN:
            return isbnInvalid
        case .lookupsOff:
            return "This book cannot be looked up (lookups are turned off in the configuration). Please type its title."
        case .notFound(let isbn):
            return "ISBN \(isbn) was found neither at the National Diet Library nor at openBD. Please type its title."
        case .unanswered(let isbn, let faults, let notFoundAt):
            return "ISBN \(isbn) could not be looked up (\(catalogWords.lookupTrouble(LookupTrouble(faults, notFoundAt: notFoundAt)))). Please type its title, or press \(lookUp) again later."
        }
    }

    public var lookupNeedsISBN: String { "Type the ISBN or scan the barcode on the back of the book, then press Look up." }

    public func attribution(_ source: BookRecordSource) -> String { "Bibliographic data: \(sourceName(source))" }

    public func sourceName(_ source: BookRecordSource) -> String {
        switch source {
        case .ndl: "NDL Search (国立国会図書館サーチ)"
        case .openBD: "openBD"
        }
    }

    public var addMany: String { "Add many" }
    public var addManyExplained: String {
        "Scan the ISBN on the back of each book, one after another, with a barcode scanner paired with the iPad. Each one is registered at once with the next free number and the title found. "
            + "For a book that already has a number label, scan the label into Label number after its ISBN. When you are done, print the labels."
    }
    public var scanISBN: String { "ISBN" }
    public var scanLabel: String { "Label number" }
    public var scanLabelHint: String { "Leave it empty for the next free number." }
    public var scanRegister: String { "Register" }
    public var scanNothing: String { "Please scan or type an ISBN." }
    public func scanAdded(title: String, barcode: String) -> String { "\"\(title)\" is registered as \(barcode)." }
    public func scanNeedsTitle(_ problem: LookupProblem) -> String {
        switch problem {
        case .invalidISBN: lookupProblem(problem)
        case .lookupsOff(let isbn): "ISBN \(isbn) was not looked up (lookups are turned off in the configuration). Type its title in the list below to register it."
        case .notFound(let isbn): "ISBN \(isbn) was not found. Type its title in the list below to register it."
        case .unanswered(let isbn, let faults, let notFoundAt):
            "ISBN \(isbn) could not be looked up (\(catalogWords.lookupTrouble(LookupTrouble(faults, notFoundAt: notFoundAt)))). Type its title in the list below to register it."
        }
    }
    public func scanProblem(_ problem: LookupProblem) -> String {
        let register = "Type its title and press \(scanAddWithTitle)."
        return switch problem {
        case .invalidISBN: lookupProblem(problem)
        case .lookupsOff: "Not looked up: lookups are turned off in the configuration. " + register
        case .notFound: "Found neither at the National Diet Library nor at openBD. " + register
        case .unanswered(_, let faults, let notFoundAt):
            "Could not be looked up (\(catalogWords.lookupTrouble(LookupTrouble(faults, notFoundAt: notFoundAt)))). " + register
        }
    }
    public var scanListHeading: String { "Books registered in this run (newest first)" }
    public var scanListEmpty: String { "None yet. Scan an ISBN and it shows here." }
    public var scanSource: String { "Data from" }
    public var scanFromCache: String { "(an earlier lookup)" }
    public var needsTitle: String { "Needs a title" }
    public var scanAddWithTitle: String { "Register with this title" }
    public var undo: String { "Undo" }
    public var undone: String { "Undone" }
    public func scanUndone(title: String) -> String { "\"\(title)\" is no longer registered." }
    public func scanWasLent(title: String) -> String { "\"\(title)\" has been lent already, so it cannot be undone. Withdraw it instead." }
    public var scanUnknownEntry: String { "That row is no longer in the list." }
    public func printRunLabels(_ count: Int) -> String { "Print labels (\(count))" }
    public var printRunLabelsExplained: String { "The labels of the books registered in this run only, as a PDF for a label sheet." }
    public var scanRestart: String { "Clear the list and start again" }
    public var scanRestarted: String { "The list is cleared. The books registered stay registered." }

    public func importLookedUp(_ count: Int, fromCache: Int) -> String {
        "Titles looked up by ISBN: \(count)" + (fromCache > 0 ? " (\(fromCache) from earlier lookups)" : "")
    }
}
