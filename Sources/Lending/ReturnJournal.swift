import Foundation

/// Where a kiosk keeps the Books scanned with no Session while its shared database server was
/// away (DESIGN.md §12): the Book is physically home, so its return is applied, at the time it
/// was scanned, once the server is back. Entries must survive a restart and a power cut.
public protocol ReturnJournal: AnyObject {
    /// Keeps one scan. Durable when it returns.
    func keep(barcode: String, scannedAt time: Date) throws
    /// Every entry not yet applied, oldest first.
    func entries() throws -> [ReturnJournalEntry]
    /// Forgets an entry once it has been applied (or found to need nothing).
    func remove(_ entry: ReturnJournalEntry) throws
}

public struct ReturnJournalEntry: Sendable, Equatable {
    public var id: Int64
    public var barcode: String
    public var scannedAt: Date

    public init(id: Int64, barcode: String, scannedAt: Date) {
        self.id = id
        self.barcode = barcode
        self.scannedAt = scannedAt
    }
}

extension Circulation {
    /// Applies a journalled scan as the return it would have been with no Session, at the
    /// time it was scanned: the Outcome when the Book was on loan (lent before the scan), nil
    /// when there was nothing to return (not on loan, a Card, an unknown barcode). A return
    /// already written at exactly that time (its COMMIT's reply was lost) is answered again,
    /// not written twice.
    public func applyJournalledReturn(_ raw: String, scannedAt time: Date,
                                      in repository: any LendingRepository) throws -> Outcome? {
        let barcode = Barcode.normalize(raw)
        return try repository.transaction { tx -> Outcome? in
            let subject = try Circulation.lookUp(barcode, in: tx)
            let decision = decide(subject, session: nil, sessionLoans: [], at: time)
            if case .return(let loan, _) = decision, loan.lentAt <= time {
                return try carryOut(decision, barcode: barcode, at: time, in: tx)
            }
            guard case .book(let copy) = subject,
                  let done = try tx.allLoans().last(where: { $0.book == copy.book.barcode && $0.returnedAt == time })
            else { return nil }
            let user = try done.user.flatMap { try tx.users(cards: [$0]).first }
            return .returned(done, book: copy.book, user: user, overdueDays: policy.overdueDays(due: done.due, at: time))
        }
    }

    /// Whether the lend of `barcode` to `user` at `time` was written after all (its COMMIT's
    /// reply was lost with the connection): the Loan, looked up before anyone is told.
    public func lendWritten(_ raw: String, to user: User, at time: Date,
                            in repository: any LendingRepository) throws -> Outcome? {
        let barcode = Barcode.normalize(raw)
        return try repository.transaction { tx -> Outcome? in
            let loans = try tx.openLoans(user: user.card).filter { $0.lentAt == time }
            // Looked up, not decided on: no lock.
            let books = try tx.books(barcodes: loans.map(\.book))
            for loan in loans {
                guard let book = books.first(where: { $0.barcode == loan.book }),
                      book.barcode == barcode || book.isbn == Barcode.isbn13(barcode) else { continue }
                return .lent(loan, book: book, user: user)
            }
            return nil
        }
    }
}
