import Foundation
import Language
import Lending

/// The page in English (config `"language": "en"`).
public struct EnglishPageWords: PageWords {
    public init() {}

    public let languageCode = "en"
    public let pageTitle = "Teachers' page"
    public let skipToContent = "Skip to content"

    public let home = "Home"
    public let onLoan = "On loan"
    public let books = "Books"
    public let users = "Users"
    public let settings = "Settings"
    public let signOut = "Sign out"
    public func signedInAs(_ staff: String) -> String { staff }

    public let name = "Name"
    public let password = "Password"
    public let signIn = "Sign in"

    public let notFoundHeading = "Not found"
    public let notFound = "This page does not exist. Please choose from the menu above."
    public let forbiddenHeading = "Not accepted"
    public let forbidden = "This request was not accepted (nothing was changed). Please open the page again and retry."
    public let faultHeading = "Something went wrong"
    public func fault(at time: String) -> String {
        "The database could not be used (nothing was changed). Please try again in a moment; if it keeps happening, tell whoever looks after the kiosk that the teachers' page failed at \(time) (the log says more)."
    }

    public let today = "Today"
    public func count(_ number: Int) -> String { number == 1 ? "1 book" : "\(number) books" }

    public let filter = "Filter"
    public let user = "User"
    public let title = "Title"
    public let dueDate = "Due date"
    public let overdue = "Overdue"
    public let returnBook = "Return"
    public let noLoans = "No loans match."
    public let cancel = "Cancel"
    public let previousPage = "Previous"
    public let nextPage = "Next"
    public func pageNumber(_ page: Int, of pages: Int, total: Int) -> String { "Page \(page) of \(pages) (\(total) in all)" }

    public let search = "Search"
    public let state = "State"
    public let lentOut = "On loan"
    public let edit = "Edit"
    public let barcode = "Barcode"
    public let isbn = "ISBN"
    public let save = "Save"
    public let noBooks = "No books match."
    public let emptyGetsNumber = "Leave it empty to be given the next free number."
    public func noFreeNumber(_ prefix: String, length: Int) -> String {
        "Every \(length)-digit number starting with \(prefix) is taken. Type a number, or set a longer length in the configuration's numbering."
    }
    public let barcodeMissing = "Please type the barcode."
    public let unnamedUser = "(a user with no name)"

    public let choose = "Choose"
    public func dueWouldBe(_ due: String) -> String { "It would be due \(due)." }
    public let lendIt = "Lend it"
    public let lendPastRules = "Lend past the rules"
    public func refused(_ refusal: Refusal) -> String {
        switch refusal {
        case .unknownBarcode: "This number is not registered."
        case .cardFirst: "Please choose a user first."
        case .userInactive: "This user is deactivated. Reactivate them on their page to lend to them."
        case .bookNotLendable: "This book cannot be lent (it is withdrawn or lost)."
        case .hasOverdue: "This user has an overdue book, so the rules do not allow another."
        case .limitReached: "This user has reached their loan limit, so the rules do not allow another."
        case .pinWrong, .pinLocked: "The Staff member could not be confirmed."
        }
    }
    public let overrideExplained = "To lend it anyway, press \"Lend past the rules\". It is recorded with your name."
    public func lent(title: String, user: String, due: String) -> String { "\"\(title)\" is lent to \(user), due \(due)." }
    public let noUsersFound = "No users match."

    public let searchUsers = "Search by name or card"
    public let card = "Card"
    public let loanLimit = "Loan limit"
    public let remove = "Remove"
    public let inactive = "Deactivated"
    public let cardMissing = "Please type the card number."
    public let ruleLimit = "as the rules say"
    public let noValue = "none"

    public func weekday(_ day: Weekday) -> String { Language.en.name(of: day) }
    public let action = "Action"


    public func date(_ day: LocalDate) -> String {
        "\(Language.en.shortName(of: day.weekday)) \(day.day) \(Language.shortEnglishMonthName(day.month)) \(day.year)"
    }

    public func dateTime(_ time: Date, in zone: TimeZone) -> String {
        let day = LocalDate(time, in: zone)
        return "\(day.day) \(Language.shortEnglishMonthName(day.month)) \(PageClock.hoursAndMinutes(time, in: zone))"
    }
}
