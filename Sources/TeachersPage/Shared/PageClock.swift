import Foundation
import Lending

/// Times of day as the page shows them, in the library's time zone.
enum PageClock {
    /// `14:05`.
    static func hoursAndMinutes(_ time: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: time)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The first and the last instant of the local day of `now`: `[start, end)`.
    static func day(of now: Date, in zone: TimeZone) -> (start: Date, end: Date) {
        let today = LocalDate(now, in: zone)
        let start = today.startDate(in: zone) ?? now
        let end = today.adding(days: 1).startDate(in: zone) ?? now
        return (start, end)
    }
}
