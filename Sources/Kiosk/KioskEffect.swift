import Foundation
import Feedback
import Lending
import ScannerInput
import TextInput

/// What the machine asks the runtime to do.
public enum KioskEffect: Sendable, Equatable {
    /// Run the circulation rules for `barcode` in one repository transaction, with `session`
    /// the User whose Session is open, and feed the result back as `circulated` or `failed`.
    case circulate(barcode: String, session: User?, at: Date)
    /// Tell the people and the event stream. `sessionEnds` is when the open Session times out
    /// if nothing more is scanned (nil with no Session open): the screen's countdown shows it
    /// rather than working it out again.
    case announce(KioskEvent, at: Date, sessionEnds: Date? = nil)
    /// Find the Staff member whose PIN this is and feed back `pinChecked`. The PIN goes
    /// nowhere else: not to the log, the event stream or the database.
    case verifyPIN(String, at: Date)
    /// Carry out a staff action for Staff member `by`, recorded in the audit log in the same
    /// transaction, and feed back `staffDone`.
    case staffRequest(StaffRequest, by: String, at: Date)
    /// Keep the PIN lock so a restart does not open it; a failed attempt goes to the audit log.
    case savePINLock(PINLock, failedAttempt: Bool, at: Date)
    /// Show a staff-mode prompt on the status line and the screen (not on the event stream).
    case prompt(StaffPrompt, notice: StaffNotice?, at: Date)
    /// Record entering or leaving staff mode in the audit log.
    case audit(StaffEvent, at: Date)
    /// Keep a Book scanned with no Session while the database server is away in the journal,
    /// to be applied as a return at `at` once the server is back: under `scan`, the id the scan
    /// was noted under (it may have been written), or a new id where it was not noted.
    case keepInJournal(barcode: String, scan: String? = nil, at: Date)
    /// Try the database server again: apply the journal's returns (but those of `skipping`,
    /// resolved already while this input was handled), look up `lends`, and feed back `retried`.
    case retryServer(lends: [UncertainLend], skipping: [String] = [], at: Date)
    /// Forget the journal's entry `scan`: what it came to has been told, or it came to nothing.
    case forgetScan(String, at: Date)
    /// Write a line to the grown-ups' log.
    case log(KioskLogLine, at: Date)
    /// Look up the kanji `kana` may become (kana being composed in a text field) and feed
    /// back `converted`.
    case convert(kana: String, at: Date)
}

/// A staff action the runtime carries out against the repository.
public enum StaffRequest: Sendable, Equatable {
    /// Look a Card up, for lending with override.
    case findCard(String)
    /// Lend the Book scanned to `user`, past `limitReached` and `hasOverdue`.
    case lend(String, to: User)
    case forceReturn(String)
    /// Move the due date of the Book's open Loan on by the Policy's loan days.
    case extend(String)
    case registerBook(Book)
    /// The next free Book number, for a Book that has no label yet (`n` when asked to scan it).
    case newBookNumber
    /// What the library's lookup cache knows of a Book scanned to be registered under its ISBN
    /// barcode (the kiosk has no network: only records the page or an import found before).
    case cachedRecord(barcode: String, isbn: String)
    case registerUser(User)
    case withdraw(String)
    case listOverdue
}

/// What a `StaffRequest` came to.
public enum StaffResult: Sendable, Equatable {
    case cardFound(User)
    /// The action was done and recorded.
    case done(StaffEvent)
    /// The rules answered with this Outcome instead: a refusal the override does not pass
    /// (a withdrawn Book, an inactive User), or the return of a Book that was on loan.
    case outcome(Outcome)
    case notice(StaffNotice)
    case overdue([OverdueLoan])
    /// The number a Book without a label will be registered under.
    case bookNumber(String)
    /// The title a Book scanned to be registered comes with: the lookup cache's, or nil.
    case registering(barcode: String, title: String?)
}
