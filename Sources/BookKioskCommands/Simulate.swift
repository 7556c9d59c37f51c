import CommandCore
import KioskConfiguration
import Foundation
import Feedback
import Kiosk
import Lending

/// `bookkiosk simulate`: scans and directives from standard input, the event stream on
/// standard output, one JSON line per event, in the order the lines came. The clock stands
/// still except where `@at` and `@wait` move it, so a scenario gives the same events every run.
struct Simulate {
    let arguments: Arguments
    let common: CommonOptions
    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        arguments = try Arguments(words, valued: CommonOptions.valued.union(["now"]).union(ScreenFrames.options), flags: [])
        guard arguments.words.isEmpty else {
            throw Arguments.Invalid(description: "simulate reads its scans from standard input and takes no words (got \(arguments.words.joined(separator: " ")))")
        }
        common = try CommonOptions(arguments, places: places)
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let policy = common.configuration.policy
        let repository = try common.openRepository()
        let catalog = MessageCatalog(language: Language(rawValue: common.configuration.language) ?? .default)
        var clock = try currentTime(arguments, timeZone: policy.timeZone)
        let frames = try ScreenFrames.make(arguments, configuration: common.configuration, language: catalog.language, policy: policy, now: clock,
                                           log: { console.error($0) })
        // The first frame that cannot be written stops the frames (not the events) and fails the run.
        var frameFailure: (any Error)?
        func frame(_ write: (ScreenFrames) throws -> Void) {
            guard let frames, frameFailure == nil else { return }
            do { try write(frames) } catch { frameFailure = error }
        }
        let runtime = KioskRuntime(
            policy: policy, repository: repository,
            announce: { event, time in
                console.print(EventStream.line(for: event, message: catalog.message(for: event), at: time,
                                               timeZone: policy.timeZone))
                frame { try $0.event(event, at: time) }
            },
            prompt: { prompt, notice in frame { try $0.prompt(prompt, notice: notice, at: clock) } },
            log: { console.error($0) })
        runtime.useKanjiConversion(log: { console.error($0) })
        runtime.bookNumbering = common.configuration.bookNumbering

        // The day's housekeeping, as `run` does it, on the simulated clock.
        let privacyDays = common.configuration.privacyDays
        runtime.daily = { now in forgetOldBorrowers(in: repository, privacyDays: privacyDays, at: now) }
        runtime.runDailyIfNewDay(at: clock)
        runtime.feed(.started(at: clock))
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            let parsed: SimulationLine
            do {
                parsed = try SimulationLine.parse(line, timeZone: policy.timeZone)
            } catch {
                console.error("line \(lineNumber): \(error.description); the line was skipped")
                continue
            }
            switch parsed {
            case .nothing:
                break
            case .scan(let barcode):
                runtime.advance(to: clock)
                runtime.feed(.scanned(barcode, at: clock))
            case .at(let time):
                runtime.advance(to: time)
                clock = time
                runtime.runDailyIfNewDay(at: clock)
            case .wait(let seconds):
                clock = clock.addingTimeInterval(seconds)
                runtime.advance(to: clock)
                frames?.advance(to: clock)
                runtime.runDailyIfNewDay(at: clock)
            case .scannerLost(let scanner):
                runtime.advance(to: clock)
                runtime.feed(.scannerLost(scanner, at: clock))
            case .scannerBack(let scanner):
                runtime.advance(to: clock)
                runtime.feed(.scannerBack(scanner, at: clock))
            case .keys(let keys):
                runtime.advance(to: clock)
                for key in keys { runtime.feed(.key(key, at: clock)) }
            }
        }
        if let frameFailure { throw frameFailure }
        return .success
    }
}
