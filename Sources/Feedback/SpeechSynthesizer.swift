import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Makes the audio of one clause. The kiosk's is `EngineSynthesizer`; tests bring their own.
public protocol SpeechSynthesizer: Sendable {
    /// What makes this synthesizer's audio differ from another's (engine, version, voice,
    /// speed): part of every cached clause's key.
    var identity: String { get }
    /// The clause's audio as the engine makes it (untrimmed, at its own loudness).
    func synthesize(_ clause: String) throws(SpeechFailure) -> SpeechAudio
}

/// Runs the engine's program for each clause: Open JTalk reads the clause on standard input,
/// espeak-ng as an argument; both write the WAV to standard output, so nothing touches the
/// disk. Driving the command line (rather than linking Open JTalk's libraries) keeps a crash or
/// a hang of the engine in its own process, which the kiosk can kill and outlive, and Debian
/// ships Open JTalk as a program only (no -dev package of its library).
public struct EngineSynthesizer: SpeechSynthesizer {
    public let voice: SpeechVoice
    public let identity: String

    /// Reads the engine's version once (Open JTalk's banner, `espeak-ng --version`) and the
    /// voice file's size and time, for `identity` (with the arguments: speed, volume).
    public init(voice: SpeechVoice) {
        self.voice = voice
        let version = EngineSynthesizer.version(of: voice)
        var voiceIdentity = voice.voice
        if let attributes = try? FileManager.default.attributesOfItem(atPath: voice.voice) {
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            voiceIdentity += " \(size) \(Int(time))"
        }
        identity = "\(voice.engine.rawValue) \(version) | \(voiceIdentity) | \(voice.arguments.joined(separator: " "))"
    }

    public func synthesize(_ clause: String) throws(SpeechFailure) -> SpeechAudio {
        var arguments = voice.arguments
        var input: String?
        switch voice.engine {
        case .openJTalk:
            input = clause + "\n"
        case .espeakNG:
            // A leading space keeps text such as "-1 book" from being read as an option.
            arguments.append(clause.hasPrefix("-") ? " " + clause : clause)
        }
        let result = try EngineSynthesizer.run(voice.program, arguments, input: input, niceness: EngineSynthesizer.niceness)
        guard result.status == 0, !result.output.isEmpty else {
            let said = CuePlayer.oneLine(result.error)
            throw SpeechFailure("\(voice.engine.program) could not say “\(clause)” (exit \(result.status)\(said))")
        }
        return try SpeechAudio(wav: result.output)
    }

    /// Open JTalk's own analysis of `text` (`-ot`): each word's pronunciation in katakana, in
    /// order (`山田` → `ヤマダ`), pauses (`、`) left out. What will be said, for a check
    /// without a speaker. Nil for espeak-ng.
    public func pronunciation(of text: String) throws(SpeechFailure) -> [String]? {
        guard voice.engine == .openJTalk else { return nil }
        let arguments = ["-x", voice.dictionary ?? SpeechChoice.debianDictionary, "-m", voice.voice,
                         "-ow", "/dev/null", "-ot", "/dev/stdout"]
        let result = try EngineSynthesizer.run(voice.program, arguments, input: text + "\n")
        let trace = String(decoding: result.output, as: UTF8.self)
        return EngineSynthesizer.pronunciations(inTrace: trace)
    }

    /// The pronunciation column (the tenth) of the `[Text analysis result]` lines of an
    /// Open JTalk trace, pauses left out.
    static func pronunciations(inTrace trace: String) -> [String] {
        var words: [String] = []
        var inAnalysis = false
        for line in trace.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") { inAnalysis = line == "[Text analysis result]"; continue }
            guard inAnalysis, !line.isEmpty else { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > 9 else { continue }
            let spoken = fields[9].replacingOccurrences(of: "’", with: "")
            if spoken != "、" { words.append(spoken) }
        }
        return words
    }

    struct Run {
        var status: Int32
        var output: [UInt8]
        var error: String
    }

    /// The engine runs this much nicer than the kiosk, so making a voice never takes the
    /// processor from answering a scan or drawing the screen.
    static let niceness = 10
    static let nicePath = "/usr/bin/nice"

    /// An engine that takes longer than this over one clause is stopped (SIGTERM): a hung
    /// engine must not keep the kiosk silent for good.
    static let longestRunSeconds = 20.0

    /// Runs `program` with `arguments`, `input` on its standard input, and reads all it writes;
    /// stops it after `longestRunSeconds`.
    static func run(_ program: String, _ arguments: [String], input: String?, niceness: Int = 0) throws(SpeechFailure) -> Run {
        let process = Process()
        if niceness > 0, FileManager.default.isExecutableFile(atPath: nicePath) {
            process.executableURL = URL(fileURLWithPath: nicePath)
            process.arguments = ["-n", String(niceness), program] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
        }
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
        do {
            try process.run()
        } catch {
            throw SpeechFailure("\(program) could not be started: \(error.localizedDescription)")
        }
        // Cancelled as soon as the engine has been waited for, so the id is still its own.
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { _ = kill(pid, SIGTERM) }
        DispatchQueue.global().asyncAfter(deadline: .now() + longestRunSeconds, execute: watchdog)
        defer { watchdog.cancel() }
        if let input {
            // A clause is far smaller than a pipe's buffer: writing cannot block.
            standardInput.fileHandleForWriting.write(Data(input.utf8))
            try? standardInput.fileHandleForWriting.close()
        }
        // Standard error is read on its own thread, so a chatty engine cannot fill that pipe
        // while this one waits on standard output.
        let errorText = ErrorText()
        let reader = Thread {
            errorText.set(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        reader.start()
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: bytes, error: errorText.wait())
    }

    /// What the engine wrote on standard error, handed from its reading thread.
    private final class ErrorText: @unchecked Sendable {
        private let condition = NSCondition()
        private var text: String?

        func set(_ value: String) {
            condition.lock()
            text = value
            condition.broadcast()
            condition.unlock()
        }

        func wait() -> String {
            condition.lock()
            defer { condition.unlock() }
            while text == nil { condition.wait() }
            return text ?? ""
        }
    }

    /// The engine's version: the first `Version` line Open JTalk prints when run without
    /// input, or espeak-ng's `--version` line; "unknown" when neither says.
    static func version(of voice: SpeechVoice) -> String {
        let arguments = voice.engine == .openJTalk ? [] : ["--version"]
        guard let result = try? run(voice.program, arguments, input: voice.engine == .openJTalk ? "" : nil) else { return "unknown" }
        let text = String(decoding: result.output, as: UTF8.self) + result.error
        let line = text.split(separator: "\n").first { $0.contains("Version") || $0.contains("text-to-speech") }
        return line.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }
}
