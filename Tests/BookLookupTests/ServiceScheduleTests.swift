import BookLookup
import Foundation
import Testing

@Suite("ServiceSchedule: a polite pause between requests, a growing rest after busy answers")
struct ServiceScheduleTests {
    let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("the first request goes at once; the next waits out the pause")
    func pause() {
        var schedule = ServiceSchedule(pause: 1, firstRest: 15, longestRest: 600)
        #expect(schedule.admission(at: t0) == .sendNow)
        schedule.finished(at: t0, .answered)
        #expect(schedule.admission(at: t0.addingTimeInterval(0.25)) == .sendAfter(0.75))
        #expect(schedule.admission(at: t0.addingTimeInterval(1)) == .sendNow)
    }

    @Test("a 429 rests the service at least as long as Retry-After asks; busy answers in a row double the rest")
    func backOff() {
        var schedule = ServiceSchedule(pause: 1, firstRest: 15, longestRest: 600)
        schedule.finished(at: t0, .busy(status: 429, retryAfter: 30))
        #expect(schedule.admission(at: t0.addingTimeInterval(29)) == .resting(until: t0.addingTimeInterval(30), reason: .busy(status: 429)))
        #expect(schedule.admission(at: t0.addingTimeInterval(30)) == .sendNow)
        schedule.finished(at: t0.addingTimeInterval(31), .busy(status: 503, retryAfter: nil))
        #expect(schedule.admission(at: t0.addingTimeInterval(31)) == .resting(until: t0.addingTimeInterval(61), reason: .busy(status: 503)))
        schedule.finished(at: t0.addingTimeInterval(61), .busy(status: 503, retryAfter: 10_000))
        #expect(schedule.admission(at: t0.addingTimeInterval(61)) == .resting(until: t0.addingTimeInterval(661), reason: .busy(status: 503)))
    }

    @Test("an answer ends the rest and the count of troubles")
    func recovery() {
        var schedule = ServiceSchedule(pause: 0, firstRest: 15, longestRest: 600)
        schedule.finished(at: t0, .unreachable(.couldNotConnect("Connection refused")))
        #expect(schedule.troublesInARow == 1)
        schedule.finished(at: t0.addingTimeInterval(15), .answered)
        #expect(schedule.troublesInARow == 0)
        #expect(schedule.admission(at: t0.addingTimeInterval(15)) == .sendNow)
    }
}
