import Foundation

/// A kiosk's journal of scans whose end the shared database server may not have seen
/// (DESIGN.md §12), kept on the kiosk's own disk so that a restart, a kill or a power cut loses
/// none of them:
/// - every scan is noted before its transaction (`begin`), with the id it carries into the
///   database, and forgotten once it has been told (`finish`); one still noted after a crash of
///   the server or of the kiosk is looked up by its id when the server is back, and told
///   `"deferred": true` if it changed a Loan;
/// - a Book scanned with no Session while the server is away is a return owed (`keep`): the
///   Book is physically home, so it is applied at the time it was scanned once the server is
///   back, exactly once (its id is written with the Loan it closes).
///
/// **The bound.** At most `capacity` returns are owed at once. Past it a Book scanned with no
/// Session while the server is away is not kept: the child hears that the kiosk cannot take it
/// now (keep the Book and call a teacher), and the log says why. Scans noted but not yet told
/// are bounded the same way; past that a scan is carried out without a note (a lend whose
/// answer is then lost with the server cannot be looked up).
public protocol ReturnJournal: AnyObject {
    /// Notes a scan before its transaction. Survives a kill of the kiosk.
    func begin(_ scan: JournalledScan) throws
    /// Keeps `scan` as a return owed (a note of the same id becomes one). Durable when it
    /// returns, power cut included. Throws `ReturnJournalFull` at the bound.
    func keep(_ scan: JournalledScan) throws
    /// Forgets a scan once it has been told, or found to need nothing.
    func finish(scan id: String) throws
    /// Every scan noted or kept, oldest first.
    func entries() throws -> [JournalledScan]
    /// The most returns owed at once.
    var capacity: Int { get }
}

/// One scan in the journal.
public struct JournalledScan: Sendable, Equatable {
    public enum Kind: String, Sendable, Hashable {
        /// Noted before its transaction; whether it changed anything is looked up.
        case noted
        /// A Book with no Session while the server was away: applied as a return.
        case returnOwed
    }

    /// The scan's own id, written with the Loan it changes.
    public var id: String
    /// The barcode, as the kiosk handed it to the rules (normalized).
    public var barcode: String
    /// The Card of the Session it was scanned in; nil with none.
    public var card: String?
    public var scannedAt: Date
    public var kind: Kind

    public init(id: String, barcode: String, card: String? = nil, scannedAt: Date, kind: Kind) {
        self.id = id
        self.barcode = barcode
        self.card = card
        self.scannedAt = scannedAt
        self.kind = kind
    }

    /// A new id for a scan: random, so no two kiosks ever share one.
    public static func newID() -> String { UUID().uuidString.lowercased() }
}

/// The journal holds `capacity` returns owed already.
public struct ReturnJournalFull: Error, CustomStringConvertible, Sendable {
    public var capacity: Int
    public init(capacity: Int) { self.capacity = capacity }
    public var description: String {
        "the return journal already holds \(capacity) returns waiting for the database server, its bound; this Book was not kept — the child keeps it and a teacher returns it when the server is back"
    }
}

extension Circulation {
    /// What journalled scans came to, in one transaction once the server answers, each as
    /// `resolve(_:in:)` says; the Outcomes in the order of `scans`. The Books are locked in
    /// barcode order (the lock order of `PostgresLendingRepository`), each Book's scans taken in
    /// the order they were scanned; a scan that may name an ISBN (several copies, locked in one
    /// statement) should be resolved in a batch of its own. The body only reads and writes the
    /// store, so a rerun (40001, 40P01) is harmless.
    public func resolve(_ scans: [JournalledScan], in repository: any LendingRepository) throws -> [Outcome?] {
        let order = scans.indices.sorted { left, right in
            let a = Array(scans[left].barcode.utf8), b = Array(scans[right].barcode.utf8)
            return a == b ? scans[left].scannedAt < scans[right].scannedAt : a.lexicographicallyPrecedes(b)
        }
        return try repository.transaction { tx -> [Outcome?] in
            var outcomes = [Outcome?](repeating: nil, count: scans.count)
            for index in order { outcomes[index] = try resolve(scans[index], in: tx) }
            return outcomes
        }
    }

    /// What a journalled scan came to, in one transaction once the server answers.
    public func resolve(_ scan: JournalledScan, in repository: any LendingRepository) throws -> Outcome? {
        try resolve([scan], in: repository)[0]
    }

    /// What a journalled scan came to: the change written under its id when there is one (a
    /// COMMIT whose reply was lost, or a scan told but killed before it was forgotten), told as
    /// it stands; else, for a return owed, the return it would have been with no Session at the
    /// time it was scanned, written now under its id. Nil when there is nothing to tell: a
    /// noted scan that changed nothing, a Book not on loan then, or one whose Loan another
    /// kiosk took back first (that kiosk told it).
    func resolve(_ scan: JournalledScan, in tx: any LendingTransaction) throws -> Outcome? {
        let time = scan.scannedAt
        if let recording = tx as? any ScanRecordingTransaction {
            if let (change, loan) = try recording.change(byScan: scan.id) {
                return try outcome(of: change, loan, in: tx)
            }
        }
        guard scan.kind == .returnOwed else { return nil }
        let barcode = Barcode.normalize(scan.barcode)
        let subject = try Circulation.lookUp(barcode, in: tx)
        let decision = decide(subject, session: nil, sessionLoans: [], at: time)
        // Only the Loan that was open when the Book came back: one lent after it (at another
        // kiosk, meanwhile) is not this return's.
        if case .return(let loan, _) = decision, loan.lentAt <= time {
            return try carryOut(decision, barcode: barcode, at: time, in: tx, scan: scan.id)
        }
        // A store that keeps no scans: a return already written at exactly that time (its
        // COMMIT's reply was lost) is answered again, not written twice.
        guard !(tx is any ScanRecordingTransaction), case .book(let copy) = subject,
              let done = try tx.allLoans().last(where: { $0.book == copy.book.barcode && $0.returnedAt == time })
        else { return nil }
        return try outcome(of: .returned, done, in: tx)
    }

    /// Whether the lend of `barcode` to `user` at `time` was written after all (its COMMIT's
    /// reply was lost with the connection): the Loan, looked up before anyone is told. For a
    /// kiosk with no journal; one with a journal looks its scans up by their ids (`resolve`).
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
