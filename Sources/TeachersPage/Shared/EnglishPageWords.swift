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

    public let signInHeading = "Sign in to the teachers' page"
    public let name = "Name"
    public let password = "Password"
    public let signIn = "Sign in"
    public let wrongNameOrPassword = "The name or the password is not right. Please type them again."
    public func nobodyCanSignIn(libraryOptions: String) -> String {
        "Nobody can sign in yet: this library has no Staff member with a page password. On this computer, run `bookkiosk staff add NAME\(libraryOptions)` and answer y when it offers to set the password."
    }
    public func tryAgain(inSeconds seconds: Int) -> String {
        "After several wrong passwords the page waits a little. Please try again in \(seconds) seconds."
    }
    public func locked(until time: String, minutes: Int) -> String {
        "After too many wrong passwords this account is paused until \(time) (about \(minutes) minutes). If it is urgent, another Staff member can set a new password under Settings, which opens it at once."
    }
    public let signInFault = "Signing in is not possible just now (nothing was changed). Please try again in a moment; if it keeps happening, tell whoever looks after the kiosk."
    public let signedOut = "You have signed out."
    public let sessionEnded = "You were signed out after a while without use. Please sign in again."

    public let notFoundHeading = "Not found"
    public let notFound = "This page does not exist. Please choose from the menu above."
    public let forbiddenHeading = "Not accepted"
    public let forbidden = "This request was not accepted (nothing was changed). Please open the page again and retry."
    public let faultHeading = "Something went wrong"
    public func fault(at time: String) -> String {
        "The database could not be used (nothing was changed). Please try again in a moment; if it keeps happening, tell whoever looks after the kiosk that the teachers' page failed at \(time) (the log says more)."
    }

    public let today = "Today"
    public let lentToday = "Lent today"
    public let returnedToday = "Returned today"
    public let booksOut = "Books on loan"
    public let overdueCount = "Overdue"
    public func unsentReturns(_ count: Int) -> String {
        "The kiosk on this computer holds \(count) return(s) the database has not had yet; it sends them by itself once it reaches the server."
    }
    public let thisPageAddress = "This page's address (scan the code to open it on another device)"
    public let qrCodeAlt = "QR code of this page's address"
    public func count(_ number: Int) -> String { number == 1 ? "1 book" : "\(number) books" }

    public let searchUserOrTitle = "Search by name or title"
    public let overdueOnly = "Overdue only"
    public let filter = "Filter"
    public let user = "User"
    public let title = "Title"
    public let dueDate = "Due date"
    public let overdue = "Overdue"
    public let returnBook = "Return"
    public let extend = "Extend"
    public let noLoans = "No loans match."
    public let confirmReturnHeading = "Confirm the return"
    public func confirmReturn(title: String, user: String) -> String { "Mark \"\(title)\", lent to \(user), as returned?" }
    public let returnIt = "Return it"
    public let cancel = "Cancel"
    public func returned(title: String) -> String { "\"\(title)\" is returned." }
    public func extended(title: String, due: String) -> String { "\"\(title)\" is now due \(due)." }
    public let loanGone = "This loan has already been returned."
    public let previousPage = "Previous"
    public let nextPage = "Next"
    public func pageNumber(_ page: Int, of pages: Int, total: Int) -> String { "Page \(page) of \(pages) (\(total) in all)" }

    public let searchBooks = "Search by title, author, barcode or ISBN"
    public let search = "Search"
    public let cover = "Cover"
    public let author = "Author"
    public let state = "State"
    public let lentOut = "On loan"
    public let available = "Available"
    public let withdrawnState = "Withdrawn"
    public let lostState = "Lost"
    public let addBook = "Add a book"
    public let edit = "Edit"
    public let withdraw = "Withdraw"
    public let withdrawIt = "Withdraw it"
    public let lend = "Lend"
    public let barcode = "Barcode"
    public let isbn = "ISBN"
    public let save = "Save"
    public let noBooks = "No books match."
    public let whoHasIt = "Borrowed by"
    public let editBookHeading = "Edit the book"
    public let bookBarcodeHint = "The number on the book's label. The ISBN barcode can serve as well."
    public func withdrawWarning(user: String, due: String) -> String {
        "This book is on loan to \(user) (due \(due)). Withdrawing it marks this loan returned, and the book cannot be lent again. Withdraw it only when you have the book in hand."
    }
    public func withdrawn(title: String) -> String { "\"\(title)\" is withdrawn." }
    public func bookSaved(title: String) -> String { "\"\(title)\" is saved." }
    public func bookNumbered(title: String, barcode: String) -> String { "\"\(title)\" is saved. Its barcode is \(barcode) (print its label under Print)." }
    public func userNumbered(name: String, card: String) -> String { "\(name) is saved. The card number is \(card) (print the card under Print)." }
    public let emptyGetsNumber = "Leave it empty to be given the next free number."
    public func noFreeNumber(_ prefix: String, length: Int) -> String {
        "Every \(length)-digit number starting with \(prefix) is taken. Type a number, or set a longer length in the configuration's numbering."
    }
    public let titleMissing = "Please type the title."
    public let barcodeMissing = "Please type the barcode."
    public let isbnInvalid = "This ISBN is not valid. Type the 13 digits starting 978 (or the 10-digit ISBN) from the back of the book, or leave it empty."
    public func barcodeIsACard(_ code: String) -> String { "\(code) is a library card, so a book cannot use it. Please choose another number." }
    public func barcodeTaken(_ code: String) -> String { "There is already a book \(code). Use its Edit to change it." }
    public let unnamedUser = "(a user with no name)"

    public let lendHeading = "Lend"
    public let chooseUser = "Choose who borrows it"
    public let choose = "Choose"
    public let lendToUser = "Lend a book"
    public let bookToLend = "Barcode or title"
    public let bookToLendHint = "Scan the book's barcode, or type part of its title, and press Search."
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
    public let loanLimitHint = "Leave empty to follow the rules' loan limit."
    public let addUser = "Add a user"
    public let editUserHeading = "Edit the user"
    public let deactivate = "Deactivate"
    public let reactivate = "Reactivate"
    public let remove = "Remove"
    public let inactive = "Deactivated"
    public let active = "Active"
    public let openLoans = "Books on loan"
    public let history = "Books borrowed before"
    public let historyHint = "For privacy, a returned loan forgets its user after a set number of days and is no longer listed here."
    public let lentOn = "Lent"
    public let returnedOn = "Returned"
    public let noHistory = "Nothing recorded."
    public let nameMissing = "Please type the name."
    public let cardMissing = "Please type the card number."
    public let limitInvalid = "The loan limit must be a number from 0 to 99, or empty."
    public func cardIsABook(_ code: String) -> String { "\(code) is a book's barcode, so a card cannot use it. Please choose another number." }
    public func cardTaken(_ code: String) -> String { "There is already a user with card \(code). Use their Edit to change it." }
    public func userSaved(name: String) -> String { "\(name) is saved." }
    public func deactivated(name: String) -> String { "\(name) is deactivated." }
    public func reactivated(name: String) -> String { "\(name) is active again." }
    public func removed(name: String) -> String { "\(name) is removed." }
    public func removeRefused(name: String, count: Int) -> String {
        "\(name) still has \(count == 1 ? "1 book" : "\(count) books") out, so they cannot be removed. Have the books returned first, or deactivate them."
    }
    public let ruleLimit = "as the rules say"
    public let noValue = "none"

    public let rulesHeading = "Lending rules"
    public let loanDays = "Loan days"
    public let closedWeekdays = "Closed weekdays"
    public func weekday(_ day: Weekday) -> String { Language.en.name(of: day) }
    public let closedDates = "Closed dates"
    public let closedDatesHint = "One date a line, written like 2026-12-29."
    public let blockOnOverdue = "Do not lend to someone with an overdue book"
    public let libraryName = "Library name"
    public let rulesSaved = "The lending rules are saved. Every kiosk follows them from its next scan."
    public let loanLimitInvalid = "The loan limit must be a number from 0 to 99."
    public let loanDaysInvalid = "Loan days must be a number from 1 to 365."
    public let allWeekdaysClosed = "Not every weekday can be closed (no due date could be set)."
    public func badDates(_ lines: [String]) -> String {
        "Some lines are not dates: " + lines.joined(separator: ", ") + ". Write them like 2026-12-29."
    }
    public let staffHeading = "Staff accounts"
    public let pin = "PIN"
    public let pinHint = "4 to 12 digits, for staff mode at the kiosk."
    public let passwordHint = "For signing in to this page; at least 8 characters."
    public let addStaff = "Add a Staff member"
    public let newPassword = "New password"
    public let setPassword = "Set the password"
    public let hasPassword = "has a password"
    public let noPassword = "no password (cannot sign in to this page)"
    public func lockedAccount(until time: String) -> String { "paused until \(time)" }
    public func staffAdded(_ name: String) -> String { "\(name) is added." }
    public func passwordSet(_ name: String) -> String { "\(name)'s password is set (and the account is open again if it was paused)." }
    public func staffRemoved(_ name: String) -> String { "\(name)'s account is removed." }
    public let cannotRemoveYourself = "You cannot remove the account you are signed in with."
    public let staffNameMissing = "Please type the name."
    public func staffNameTaken(_ name: String) -> String { "There is already an account for \(name)." }
    public let pinInvalid = "The PIN must be 4 to 12 digits."
    public let pinTaken = "Another Staff member already uses that PIN. Choose a different one."
    public let passwordTooShort = "The password must be at least 8 characters."
    public let noSuchStaff = "There is no Staff account by that name."
    public let time = "Time"
    public let staffMember = "Staff"
    public let action = "Action"
    public let detail = "Detail"


    public func date(_ day: LocalDate) -> String {
        "\(Language.en.shortName(of: day.weekday)) \(day.day) \(Language.shortEnglishMonthName(day.month)) \(day.year)"
    }

    public func dateTime(_ time: Date, in zone: TimeZone) -> String {
        let day = LocalDate(time, in: zone)
        return "\(day.day) \(Language.shortEnglishMonthName(day.month)) \(PageClock.hoursAndMinutes(time, in: zone))"
    }
}
