import Foundation

/// The Loans of the library, as one transaction reads and writes them: lending, returning and
/// moving a due date, the open Loans a decision rests on, and what the teachers' page lists
/// and counts of them.
public protocol LoanStore: AnyObject {
    /// The Book's open Loan, if it is on loan.
    func openLoan(book: String) throws -> Loan?
    /// The User's open Loans, oldest first.
    func openLoans(user: String) throws -> [Loan]
    /// Every open Loan, oldest first.
    func openLoans() throws -> [Loan]
    /// Every Loan, open and returned, oldest first.
    func allLoans() throws -> [Loan]

    /// Records a new open Loan. Throws `LendingStoreError.alreadyOnLoan` when the Book has an
    /// open Loan: the store enforces one open Loan per Book whatever the caller checked.
    func addLoan(book: String, user: String, lentAt: Date, due: LocalDate, overrideBy: String?) throws -> Loan
    /// Marks the open Loan `id` returned at `returnedAt`; returns it as stored.
    func closeLoan(id: Int64, returnedAt: Date) throws -> Loan
    /// Moves the due date of the open Loan `id`; returns it as stored.
    func setDue(loanID id: Int64, due: LocalDate) throws -> Loan

    // MARK: Lists for the teachers' page

    /// Open Loans with their Book and User, matching `query`, ordered by the User's name, then
    /// card, then due date, then Loan id; one page of them and the total that match.
    func loanListings(_ query: LoanQuery) throws -> ListingPage<LoanListing>
    /// The User's Loans that still name them, open and returned, newest first.
    func loans(user card: String) throws -> [Loan]
    /// Lends and returns in `[from, to)`, open Loans now, and open Loans due before `today`.
    func circulationSummary(from: Date, to: Date, today: LocalDate) throws -> CirculationSummary
}
