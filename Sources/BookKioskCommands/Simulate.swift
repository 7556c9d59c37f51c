import CommandCore
import KioskConfiguration
import Foundation
import Feedback
import Kiosk
import KioskAssembly
import Language
import Lending

/// `bookkiosk simulate`: scans and directives from standard input, the event stream on
/// standard output, one JSON line per event, in the order the lines came. The clock stands
/// still except where `@at` and `@wait` move it, so a scenario gives the same events every run.
/// It lends and returns in a copy of the library unless told `--write` (`SimulatedLibrary`).
struct Simulate {
    let arguments: Arguments
    let common: CommonOptions
    let console: Console
    let journalPath: String
    let places: Places

    init(_ words: [String], places: Places, console: Console) throws {
        arguments = try Arguments(words, for: Self.configuration)
        common = try CommonOptions(arguments, places: places)
        guard arguments.words.isEmpty else {
            throw Arguments.Invalid(description: commandWords(common.language).simulateTakesNoWords(got: arguments.words.joined(separator: " ")))
        }
        self.console = console
        journalPath = places.returnJournal
        self.places = places
    }

    /// The kiosk `run` assembles, fed from standard input on a clock the input moves: events
    /// to standard output (not the status line or the speaker), frames to `--screens`.
    func run() throws -> BookKiosk.Status {
        let say = commandWords(common.language)
        let config = common.configuration
        let policy = config.policy
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bookkiosk-simulate-\(UUID().uuidString)").path
        let library = SimulatedLibrary.choose(write: arguments[Options.write], setup: common, scratch: scratch)
        console.error(library.firstLine(say))
        if let folder = library.scratch {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        defer { if let folder = library.scratch { try? FileManager.default.removeItem(atPath: folder) } }
        // A shared server that is away is waited for, as `run` does: returns go to the journal.
        guard let repository = try library.open(common, connectLater: true) else { return .failure }
        var clock = try currentTime(arguments, timeZone: policy.timeZone)
        let frames = try ScreenFrames.make(arguments)
        let settings = config.kioskSettings(announces: false, journal: common.postgresURL == nil ? nil : journalPath,
                                            covers: arguments[Options.covers], libraryName: arguments[Options.libraryName])
        let kiosk: KioskAssembly
        do {
            kiosk = try KioskAssembly(settings: settings, repository: repository, screen: frames?.output, now: clock,
                                      log: { [console] in console.error($0) })
        } catch {
            throw CommandFailure(say.kioskNotStarted("\(error)"))
        }
        // The first frame that cannot be written stops the frames (not the events) and fails the run.
        var frameFailure: (any Error)?
        func frame(_ write: (ScreenFrames) throws -> Void) {
            guard let frames, frameFailure == nil else { return }
            do { try write(frames) } catch { frameFailure = error }
        }
        let speech = try arguments[Options.speech].map {
            try SpeechFiles(folder: $0, config: config, language: settings.feedback.language, places: places, console: console, say: say)
        }
        kiosk.onEvent { event, time in
            console.print(kiosk.eventLine(for: event, at: time))
            frame { try $0.written(after: event) }
            speech?.write(after: event)
        }
        kiosk.onPrompt { _, _, _ in frame { try $0.writtenAfterPrompt() } }

        kiosk.start(at: clock)
        let runtime = kiosk.runtime
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            let parsed: SimulationLine
            do {
                parsed = try SimulationLine.parse(line, timeZone: policy.timeZone)
            } catch {
                console.error(say.lineSkipped(lineNumber, problem: error.description))
                continue
            }
            switch parsed {
            case .nothing:
                break
            case .scan(let barcode):
                kiosk.advance(to: clock)
                runtime.feed(.scanned(barcode, at: clock))
            case .at(let time):
                clock = time
                kiosk.advance(to: time)
            case .wait(let seconds):
                clock = clock.addingTimeInterval(seconds)
                kiosk.advance(to: clock)
            case .scannerLost(let scanner):
                kiosk.advance(to: clock)
                runtime.feed(.scannerLost(scanner, at: clock))
            case .scannerBack(let scanner):
                kiosk.advance(to: clock)
                runtime.feed(.scannerBack(scanner, at: clock))
            case .keys(let keys):
                kiosk.advance(to: clock)
                for key in keys { runtime.feed(.key(key, at: clock)) }
            }
        }
        if let frameFailure { throw frameFailure }
        if let failure = speech?.failure { throw failure }
        return .success
    }
}

/// `simulate --speech DIR`: each sentence the kiosk would say, as `0001.wav` with its text
/// beside it in `0001.txt`, numbered in the order they are said, made with the configured
/// engine (as `bookkiosk say` makes them). A sentence that cannot be made is reported and
/// the simulation goes on.
final class SpeechFiles {
    let folder: URL
    let speaker: Speaker
    let catalog: MessageCatalog
    let console: Console
    let say: any CommandWords
    private(set) var count = 0
    private(set) var failure: CommandFailure?

    init(folder: String, config: Configuration, language: Language, places: Places, console: Console, say: any CommandWords) throws {
        self.folder = URL(fileURLWithPath: folder)
        self.say = say
        do {
            try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(say.speechFolderNotMade(folder, Configuration.describe(error)))
        }
        (speaker, _) = try config.speaker(language: language, places: places, console: console, say: say)
        catalog = MessageCatalog(language: language)
        self.console = console
    }

    func write(after event: KioskEvent) {
        guard Announcer.isSpoken(event), failure == nil else { return }
        let utterance = Utterance(speaking: catalog.spokenText(for: event))
        count += 1
        let name = String(format: "%04d", count)
        do {
            let audio = try speaker.audio(for: utterance)
            try Data(audio.wav).write(to: folder.appendingPathComponent(name + ".wav"))
            try Data((utterance.text + "\n").utf8).write(to: folder.appendingPathComponent(name + ".txt"))
        } catch {
            console.error(say.speechNotWritten(name, text: utterance.text, "\(error)"))
            if error is CocoaError { failure = CommandFailure(say.speechFolderNotWritable(folder.path, Configuration.describe(error))) }
        }
    }
}
