import Foundation
import Lending

/// The JSON Lines event stream of DESIGN.md §5: one object per event, the contract for tests,
/// `simulate` and external displays.
///
/// Keys come in a fixed order: `event`, the event's own fields, then `time` and `message`.
public enum EventStream {
    /// The line for `event`, without a line break. `message` is the text shown for it; `time`
    /// is written in ISO 8601 with `timeZone`'s offset at that instant.
    public static func line(for event: KioskEvent, message: String, at time: Date,
                            timeZone: TimeZone) -> String {
        if case .deferred(let outcome) = event {
            return line(for: .outcome(outcome), message: message, at: time, timeZone: timeZone, deferred: true)
        }
        return line(for: event, message: message, at: time, timeZone: timeZone, deferred: false)
    }

    private static func line(for event: KioskEvent, message: String, at time: Date, timeZone: TimeZone,
                             deferred: Bool) -> String {
        var object = JSONObjectWriter()
        object.add("event", name(of: event))
        switch event {
        case .ready:
            break
        case .outcome(.greeted(let user, let loans)):
            object.add("user", user.card)
            object.add("name", user.name)
            object.add("reading", ifPresent: user.reading)
            add(loans, to: &object)
        case .outcome(.lent(let loan, let book, let user, let loans)):
            object.add("user", user.card)
            object.add("book", book.barcode)
            object.add("title", book.title)
            object.add("due", loan.due.description)
            add(loans, to: &object)
        case .outcome(.returned(let loan, let book, let user, let overdueDays, let loans)):
            object.add("user", ifPresent: user?.card ?? loan.user)
            object.add("book", book.barcode)
            object.add("title", book.title)
            object.add("overdueDays", overdueDays)
            add(loans, to: &object)
        case .outcome(.refused(let refusal, let barcode, let user, let book)):
            object.add("reason", refusal.rawValue)
            object.add("user", ifPresent: user?.card)
            object.add("book", ifPresent: book?.barcode)
            object.add("barcode", barcode)
        case .pinRefused(let refusal, let retryAfterSeconds):
            object.add("reason", refusal.rawValue)
            object.add("retryAfterSeconds", ifPresent: retryAfterSeconds)
        case .duplicate(let barcode):
            object.add("barcode", barcode)
        case .sessionEnded(let user):
            object.add("user", user.card)
        case .sessionClosed(let user, let barcode):
            object.add("user", user.card)
            object.add("barcode", barcode)
        case .staff(let staff):
            object.add("action", staff.action.rawValue)
            object.add("staff", ifPresent: staff.staff)
            object.add("user", ifPresent: staff.user?.card ?? staff.loan?.user)
            object.add("book", ifPresent: staff.book?.barcode ?? staff.loan?.book)
            object.add("due", ifPresent: staff.loan?.due.description)
            // What was registered, as it was typed.
            if staff.action == .registeredBook { object.add("title", ifPresent: staff.book?.title) }
            if staff.action == .registeredUser { object.add("name", ifPresent: staff.user?.name) }
        case .scannerLost(let scanner), .scannerBack(let scanner):
            object.add("scanner", scanner)
        case .error(let fault):
            object.add("fault", fault.kind.rawValue)
            object.add("detail", fault.detail)
        case .deferred:
            // Unwrapped by `line(for:message:at:timeZone:)` before it gets here.
            break
        }
        if deferred { object.add("deferred", true) }
        object.add("time", iso8601(time, in: timeZone))
        object.add("message", message)
        return object.text
    }

    /// `loans` (the User's open Loans: `book`, `title`, `isbn` when the Book has one, `due`,
    /// `overdue: true` when it is), `remaining` (how many more the loan limit allows),
    /// `lendRefusal` (why the User may not borrow now, if so) and `liftedRefusal` (on a return
    /// that let them borrow again), when they are known.
    private static func add(_ loans: UserLoans?, to object: inout JSONObjectWriter) {
        guard let loans else { return }
        let entries = loans.loans.map { entry in
            var member = JSONObjectWriter()
            member.add("book", entry.book)
            member.add("title", entry.title)
            member.add("isbn", ifPresent: entry.isbn)
            member.add("due", entry.due.description)
            if entry.isOverdue { member.add("overdue", true) }
            return member.text
        }
        object.add("loans", json: "[" + entries.joined(separator: ",") + "]")
        object.add("remaining", loans.remaining)
        object.add("lendRefusal", ifPresent: loans.lendRefusal?.rawValue)
        object.add("liftedRefusal", ifPresent: loans.liftedRefusal?.rawValue)
    }

    /// The `event` field's value.
    public static func name(of event: KioskEvent) -> String {
        switch event {
        case .ready: "ready"
        case .outcome(.greeted): "greeted"
        case .outcome(.lent): "lent"
        case .outcome(.returned): "returned"
        case .outcome(.refused), .pinRefused: "refused"
        case .duplicate: "duplicate"
        case .sessionEnded: "sessionEnded"
        case .sessionClosed: "sessionClosed"
        case .staff: "staff"
        case .scannerLost: "scannerLost"
        case .scannerBack: "scannerBack"
        case .error: "error"
        case .deferred(let outcome): name(of: .outcome(outcome))
        }
    }

    /// `2026-12-01T09:00:00+09:00`: whole seconds, the zone's offset at `date`, `Z` for UTC.
    public static func iso8601(_ date: Date, in timeZone: TimeZone) -> String {
        let stamp: String, offset: Int
        if let wall = LocalDate.wallClock(date, in: timeZone) {
            // Every scan's line has one: counted and written without a Calendar or String(format:).
            stamp = wall.day.description + "T" + twoDigits(wall.second / 3600) + ":" + twoDigits(wall.second / 60 % 60)
                + ":" + twoDigits(wall.second % 60)
            offset = wall.offset
        } else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            stamp = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year!, parts.month!, parts.day!,
                           parts.hour!, parts.minute!, parts.second!)
            offset = timeZone.secondsFromGMT(for: date)
        }
        if offset == 0 { return stamp + "Z" }
        let minutes = abs(offset) / 60
        return stamp + (offset < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    private static func twoDigits(_ value: Int) -> String {
        LocalDate.zeroPadded(value, width: 2)
    }
}
