import CommandCore
import Foundation

/// Parses `--now`, or takes the real time.
func currentTime(_ arguments: Arguments, timeZone: TimeZone) throws -> Date {
    guard let text = arguments[Options.now] else { return Date() }
    guard let date = SimulationLine.parseTime(text, timeZone: timeZone) else {
        throw Arguments.Invalid(description: "--now needs a time like 2026-12-01T09:00:00 or 2026-12-01T09:00:00+09:00")
    }
    return date
}
