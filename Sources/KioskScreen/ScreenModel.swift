import Foundation
import Feedback
import Lending

/// What the kiosk's screen shows, folded from the events the event stream carries, the staff
/// prompts and the time: what to show, never how (that is `ScreenLayout`'s). A pure value: time
/// comes in as an argument, and the same inputs always give the same model.
public struct ScreenModel: Sendable, Equatable {
    /// The screen's main content.
    public enum Face: Sendable, Equatable {
        /// Waiting for a Card. `farewell` is the child whose Session just ended.
        case waiting(farewell: User?)
        /// A Session is open: the child's name and slots (in `session`).
        case session
        case lent(LentBook)
        case returned(ReturnedBook)
        case refused(RefusedScan)
        /// Staff mode: the step's prompt and what the last step came to.
        case staff(StaffScreen)
        case scannerLost(scanner: String)
        /// A fault the kiosk survived (a locked or full database).
        case trouble(KioskFault)
    }

    /// A Book just lent, with the due strip's days from today to the due date.
    public struct LentBook: Sendable, Equatable {
        public var book: String
        public var isbn: String?
        public var title: String
        /// The borrower.
        public var user: User
        public var due: LocalDate
        /// Today to the due day, each with whether the library is closed.
        public var days: [StripDay]
        /// Whether a Staff member lent it past a rule.
        public var isOverride: Bool
    }

    /// One day of the due strip.
    public struct StripDay: Sendable, Equatable {
        public var date: LocalDate
        public var isClosed: Bool
    }

    public struct ReturnedBook: Sendable, Equatable {
        public var book: String
        public var isbn: String?
        public var title: String
        /// The borrower, when known.
        public var user: User?
        /// The Refusal this return lifted: the Session's child can borrow again now.
        public var lifted: Refusal?
    }

    public struct RefusedScan: Sendable, Equatable {
        public var reason: Refusal
        /// The child, when known.
        public var user: User?
        public var book: String?
        public var isbn: String?
        public var title: String?
        /// For `pinLocked`: seconds until PIN entry opens again.
        public var retryAfterSeconds: Int?
        /// The event as the catalog words it (the sentence under the picture).
        public var event: KioskEvent
        /// For `hasOverdue`: the Book to bring back first, shown big (the one scanned, small).
        public var overdue: UserLoans.Entry?

        public init(reason: Refusal, user: User? = nil, book: String? = nil, isbn: String? = nil, title: String? = nil,
                    retryAfterSeconds: Int? = nil, event: KioskEvent, overdue: UserLoans.Entry? = nil) {
            self.reason = reason
            self.user = user
            self.book = book
            self.isbn = isbn
            self.title = title
            self.retryAfterSeconds = retryAfterSeconds
            self.event = event
            self.overdue = overdue
        }
    }

    public struct StaffScreen: Sendable, Equatable {
        public var prompt: StaffPrompt
        public var notice: StaffNotice?
        /// The Staff member, once the PIN said who it is.
        public var staff: String?

        public init(prompt: StaffPrompt, notice: StaffNotice?, staff: String?) {
            self.prompt = prompt
            self.notice = notice
            self.staff = staff
        }
    }

    /// The open Session: who, their Loans, and when it times out.
    public struct Session: Sendable, Equatable {
        public var user: User
        /// The child's open Loans, and (`lendRefusal`) whether they may borrow now.
        public var loans: UserLoans
        /// When the Session ends if nothing is scanned.
        public var deadline: Date

        public var card: String { user.card }
        public var name: String { user.name }
    }

    /// A small line at the foot of the screen that changes nothing else.
    public enum Hint: Sendable, Equatable {
        /// The same barcode again within the debounce window.
        case alreadyScanned
        /// A Scanner came back.
        case scannerBack
        /// A barcode being typed on the keyboard (the demo).
        case typing(String)
    }

    public private(set) var policy: Policy
    public private(set) var face: Face = .waiting(farewell: nil)
    public private(set) var session: Session?
    public private(set) var hint: Hint?
    /// The time the model was last brought to.
    public private(set) var now: Date
    /// When the current face goes back to waiting by itself (an answer given with no Session
    /// open); nil when it stays until the next event.
    public private(set) var faceExpiry: Date?
    /// The Staff member in staff mode, once known.
    private var staffName: String?

    /// Seconds an answer given outside a Session stays before the waiting screen returns.
    public static let answerSeconds: Double = 12

    public init(policy: Policy, now: Date) {
        self.policy = policy
        self.now = now
    }

    /// Follows the library's rules as changed in the database (closed days, loan limit).
    public mutating func follow(_ policy: Policy) {
        self.policy = policy
    }

    /// Today, in the library's time zone.
    public var today: LocalDate { LocalDate(now, in: policy.timeZone) }

    /// Whether staff mode is on the screen.
    public var isStaffMode: Bool {
        if case .staff = face { return true }
        return false
    }

    /// Whether the face is the waiting screen, the Session or an answer to a child's scan (the
    /// faces a Session's countdown belongs to).
    public var isChildsAnswer: Bool {
        switch face {
        case .waiting, .session, .lent, .returned, .refused: true
        case .staff, .scannerLost, .trouble: false
        }
    }

    /// Seconds left in the Session, rounded up to whole seconds (what the bar shows); nil
    /// when no Session is open.
    public var sessionSecondsLeft: Int? {
        guard let session else { return nil }
        return max(0, Int(session.deadline.timeIntervalSince(now).rounded(.up)))
    }

    /// The Session's remaining time as a fraction of the whole, in whole seconds.
    public var sessionFractionLeft: Double? {
        guard let seconds = sessionSecondsLeft, policy.sessionTimeoutSeconds > 0 else { return nil }
        return min(1, Double(seconds) / policy.sessionTimeoutSeconds)
    }

    /// When the picture next changes by time alone: the Session bar's next whole second, an
    /// answer going back to waiting, or midnight for the date on the waiting screen. Nil when
    /// nothing changes until something happens (an idle kiosk draws nothing).
    public var nextDeadline: Date? {
        var deadlines: [Date] = []
        if let session, let seconds = sessionSecondsLeft, seconds > 0, isChildsAnswer {
            deadlines.append(session.deadline.addingTimeInterval(-Double(seconds - 1)))
        }
        if let faceExpiry { deadlines.append(faceExpiry) }
        if case .waiting = face, let midnight = today.adding(days: 1).startDate(in: policy.timeZone) {
            deadlines.append(midnight)
        }
        return deadlines.min()
    }

    // MARK: Folding

    /// Brings the model to `time`: the bar shrinks, an answer given outside a Session goes
    /// back to waiting.
    public mutating func advance(to time: Date) {
        now = max(now, time)
        if let expiry = faceExpiry, now >= expiry {
            faceExpiry = nil
            face = session == nil ? .waiting(farewell: nil) : .session
            hint = nil
        }
    }

    /// Folds one event of the event stream, which happened at `time`. `sessionEnds` is when
    /// the open Session times out, as the kiosk's machine decided it; the event stream does not
    /// carry it, so a model folded from the stream alone (nil) counts the timeout from `time`.
    public mutating func apply(_ event: KioskEvent, at time: Date, sessionEnds: Date? = nil) {
        advance(to: time)
        let deadline = sessionEnds ?? time.addingTimeInterval(policy.sessionTimeoutSeconds)
        if case .duplicate = event {
            // The machine counts every read as activity, so the Session's time starts again;
            // nothing on the screen jumps, a quiet line says it was seen.
            if var session { session.deadline = deadline; self.session = session }
            hint = .alreadyScanned
            return
        }
        hint = nil
        faceExpiry = nil
        switch event {
        case .ready:
            session = nil
            staffName = nil
            face = .waiting(farewell: nil)
        case .outcome(let outcome):
            apply(outcome, event: event, at: time, deadline: deadline)
        case .deferred:
            // A return scanned while the server was away, written now it is back: the child has
            // long gone, so nothing on the screen changes for it.
            break
        case .duplicate:
            break
        case .sessionClosed:
            // The answer to the scan that closed it follows at once and takes the screen.
            session = nil
        case .sessionEnded(let user):
            session = nil
            // An unplugged scanner, a fault or staff mode stays on the screen until it is over.
            if isChildsAnswer { face = .waiting(farewell: user) }
        case .staff(let staffEvent):
            apply(staffEvent)
        case .pinRefused(let refusal, let retryAfterSeconds):
            if refusal == .pinLocked {
                staffName = nil
                face = .refused(RefusedScan(reason: refusal, retryAfterSeconds: retryAfterSeconds, event: event))
                expireAnswer(at: time)
            } else {
                face = .staff(StaffScreen(prompt: .pin(typed: 0), notice: .wrongPIN, staff: nil))
            }
        case .scannerLost(let scanner):
            face = .scannerLost(scanner: scanner)
        case .scannerBack:
            face = session == nil ? .waiting(farewell: nil) : .session
            hint = .scannerBack
        case .error(let fault):
            face = .trouble(fault)
        }
    }

    /// Shows a staff-mode prompt (`idle` ends staff mode on the screen).
    public mutating func apply(_ prompt: StaffPrompt, notice: StaffNotice?, at time: Date) {
        advance(to: time)
        hint = nil
        faceExpiry = nil
        switch prompt {
        case .idle:
            staffName = nil
            face = session == nil ? .waiting(farewell: nil) : .session
        case .menu(let staff, _):
            staffName = staff
            session = nil
            face = .staff(StaffScreen(prompt: prompt, notice: notice, staff: staff))
        default:
            session = nil
            face = .staff(StaffScreen(prompt: prompt, notice: notice, staff: staffName))
        }
    }

    /// Shows a barcode being typed on the keyboard (the demo); empty clears it.
    public mutating func apply(typing typed: String, at time: Date) {
        advance(to: time)
        hint = typed.isEmpty ? nil : .typing(typed)
    }

    private mutating func apply(_ outcome: Outcome, event: KioskEvent, at time: Date, deadline: Date) {
        if case .staff(var screen) = face {
            // In staff mode an answer shows as the step's notice; the prompt that follows keeps it.
            screen.notice = .outcome(outcome)
            face = .staff(screen)
            return
        }
        switch outcome {
        case .greeted(let user, let loans):
            session = Session(user: user, loans: loans ?? session(of: user)?.loans
                                  ?? UserLoans(loans: [], remaining: user.loanLimit ?? policy.loanLimit),
                              deadline: deadline)
            face = .session
        case .lent(let loan, let book, let user, let loans):
            update(user, loans: loans, deadline: deadline)
            face = .lent(LentBook(book: book.barcode, isbn: book.isbn, title: book.title, user: user, due: loan.due,
                                  days: stripDays(to: loan.due), isOverride: loan.overrideBy != nil))
        case .returned(_, let book, let user, _, let loans):
            if let user { update(user, loans: loans, deadline: deadline) }
            touchSession(deadline: deadline)
            face = .returned(ReturnedBook(book: book.barcode, isbn: book.isbn, title: book.title, user: user,
                                          lifted: loans?.liftedRefusal))
        case .refused(let refusal, _, let user, let book):
            touchSession(deadline: deadline)
            let child = user ?? session?.user
            let overdue = refusal == .hasOverdue ? child.flatMap { session(of: $0)?.loans.firstOverdue } : nil
            face = .refused(RefusedScan(reason: refusal, user: child, book: book?.barcode,
                                        isbn: book?.isbn, title: book?.title, event: event, overdue: overdue))
        }
        expireAnswer(at: time)
    }

    private mutating func apply(_ event: StaffEvent) {
        switch event.action {
        case .entered:
            staffName = event.staff
            session = nil
            face = .staff(StaffScreen(prompt: .menu(staff: event.staff ?? ""), notice: nil, staff: event.staff))
        case .left:
            staffName = nil
            face = .waiting(farewell: nil)
        case .override, .forcedReturn, .extended, .registeredBook, .registeredUser, .withdrew:
            let prompt: StaffPrompt
            if case .staff(let screen) = face { prompt = screen.prompt } else { prompt = .menu(staff: event.staff ?? "") }
            face = .staff(StaffScreen(prompt: prompt, notice: .done(event), staff: event.staff ?? staffName))
        }
    }

    /// The Session's Loans change when its own User lends or returns; another child's return
    /// in the middle of a Session changes nothing of it.
    private mutating func update(_ user: User, loans: UserLoans?, deadline: Date) {
        guard var session, session.card == user.card else { return }
        session.user = user
        if let loans { session.loans = loans }
        session.deadline = deadline
        self.session = session
    }

    private mutating func touchSession(deadline: Date) {
        guard var session else { return }
        session.deadline = deadline
        self.session = session
    }

    private func session(of user: User) -> Session? {
        session?.card == user.card ? session : nil
    }

    /// An answer given with no Session open goes back to waiting after a while.
    private mutating func expireAnswer(at time: Date) {
        faceExpiry = session == nil ? time.addingTimeInterval(ScreenModel.answerSeconds) : nil
    }

    /// Today to `due`, each day marked closed or open.
    func stripDays(to due: LocalDate) -> [StripDay] {
        let count = max(0, today.days(to: due))
        return (0...count).map { offset in
            let date = today.adding(days: offset)
            return StripDay(date: date, isClosed: policy.isClosed(date))
        }
    }
}
