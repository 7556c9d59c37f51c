import Language
import Lending

/// The kiosk's sentences in English.
public struct EnglishPhrasebook: Phrasebook {
    public init() {}

    public func called(_ user: User) -> String {
        user.name
    }

    public func shownName(_ user: User) -> ShownName {
        ShownName(read: user.name)
    }

    public var scanCard: String { "Scan your card" }

    public func greeting(_ name: String, lendRefusal: Refusal?, overdueTitle: String?) -> String {
        guard let lendRefusal else { return "Hello, \(name)! Scan a book" }
        let whatToDo = cannotBorrow(lendRefusal, title: overdueTitle)
        return "\(name), " + whatToDo.prefix(1).lowercased() + whatToDo.dropFirst()
    }

    public func cannotBorrow(_ lendRefusal: Refusal, title: String?) -> String {
        switch lendRefusal {
        case .limitReached:
            return "You have all the books you can borrow. If you have one to bring back, scan it"
        default:
            let what = title.map { "“\($0)”" } ?? "your book"
            return "Please bring back \(what) first"
        }
    }

    public var canBorrowAgain: String { "Now you can borrow again" }

    public func lent(_ name: String, title: String, due: String) -> String {
        "\(name), you borrowed “\(title)”. Please bring it back by \(due)"
    }

    public func returned(_ name: String?, title: String, lifted: Refusal?) -> String {
        let who = name.map { ", \($0)" } ?? ""
        let again = lifted == nil ? "" : " " + canBorrowAgain
        return "Thank you for bringing back “\(title)”\(who)!\(again)"
    }

    public func refused(_ refusal: Refusal, name: String?, title: String?, retryAfterSeconds: Int?) -> String {
        let who = name.map { "\($0), " } ?? ""
        switch refusal {
        case .unknownBarcode:
            return "I don't know this barcode. Please show it to a teacher"
        case .cardFirst:
            if let title { return "To borrow “\(title)”, scan your card first" }
            return "Scan your card first"
        case .userInactive:
            return capitalized("\(who)this card can't be used right now. Please ask a teacher")
        case .bookNotLendable:
            let what = title.map { "“\($0)”" } ?? "This book"
            return "\(what) can't be borrowed right now. Please give it to a teacher"
        case .hasOverdue:
            return capitalized("\(who)please bring back the books you have first")
        case .limitReached:
            return capitalized("\(who)you have all the books you can borrow. Bring one back, then borrow again")
        case .pinWrong:
            return "Wrong PIN. Please try again"
        case .pinLocked:
            if let retryAfterSeconds {
                return "PIN entry is locked. Please try again in \(retryAfterSeconds) seconds"
            }
            return "PIN entry is locked. Please try again later"
        }
    }

    public var alreadyScanned: String { "Already scanned" }

    public func farewell(_ name: String) -> String {
        "Bye, \(name)! \(scanCard)"
    }

    public var scannerLost: String { "The scanner is not connected. Please call a teacher" }
    public var scannerBack: String { "The scanner is back. \(scanCard)" }
    public var serverAway: String { "Please wait a moment and call a teacher. Books to return can be left here" }
    public var returnNotKept: String { "Please wait a moment. Keep this book for now and call a teacher" }
    public var fault: String { "Please wait a moment and call a teacher. Don't worry, nothing is lost" }

    // MARK: Spoken

    public func spokenDate(_ date: LocalDate) -> String {
        Language.en.dueDateText(date)
    }

    private func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
