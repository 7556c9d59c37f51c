import Feedback
import Foundation
import Lending
import LendingSQLite
import ScannerInput
@testable import ScenePainter
import Testing
@testable import BookKioskCommands
@testable import CommandCore
@testable import KioskConfiguration
@testable import Doctor

/// `bookkiosk doctor` run as a person would, in a folder of the test's own with HOME set to
/// it. The scanner check looks at this machine's /dev/input, so these tests assert only the
/// config, database and sound lines; the scanner checks are tested below with a fake input
/// directory.
@Suite("bookkiosk doctor")
struct DoctorTests {
    /// A BookKiosk database with `books` Books, made by the repository and closed again.
    func library(in folder: TemporaryFolder, books: Int = 1) throws -> String {
        let path = folder.path("library.sqlite")
        let repository = try SQLiteLendingRepository(path: path)
        try repository.transaction { transaction in
            for number in 0..<books {
                try transaction.save(Book(barcode: "B\(number)", title: "A picture book with a long title, number \(number)"))
            }
        }
        return path
    }

    /// doctor in English (the checks below read its English words), unless `arguments` name a
    /// configuration of their own.
    func doctor(_ arguments: [String], in folder: TemporaryFolder) throws -> BookKioskBinary.Result {
        let english = arguments.contains("--config") ? [] : ["--config", try folder.write("english.json", #"{"language": "en"}"#)]
        return try BookKioskBinary.run(["doctor"] + arguments + english, in: folder.url)
    }

    func lines(_ result: BookKioskBinary.Result, _ prefix: String) -> [String] {
        result.lines.filter { $0.hasPrefix(prefix) }
    }

    @Test("a good config and database: their lines are ok, and doctor leaves no file behind")
    func goodConfigAndDatabase() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"loanLimit": 3, "language": "en", "player": "none"}"#)
        let database = try library(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))

        let result = try doctor(["--config", config, "--db", database], in: folder)

        #expect(result.lines.contains("ok   config: \(config) is valid (3 keys)"))
        let latest = SQLiteLendingRepository.latestSchemaVersion
        #expect(result.lines.contains("ok   database: \(database) is a BookKiosk database, schema version \(latest) (current)"))
        #expect(result.lines.contains("ok   database: SQLite's integrity check found no damage"))
        #expect(lines(result, "ok   database:").contains { $0.contains(" free on the disk holding \(folder.url.path)") })
        #expect(lines(result, "FAIL config").isEmpty && lines(result, "FAIL database").isEmpty && lines(result, "warn database").isEmpty,
                "\(result.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["config.json", "library.sqlite"])
    }

    @Test("a bad config: a FAIL line naming the key, and exit 1")
    func badConfig() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"loanLimt": 2, "loanDays": 0, "language": "en"}"#)

        let result = try doctor(["--config", config, "--db", folder.path("library.sqlite")], in: folder)

        let failures = lines(result, "FAIL config: ")
        #expect(failures.count == 2, "\(result.output)")
        #expect(failures.contains { $0.contains("loanLimt: is not a key BookKiosk knows") })
        #expect(failures.contains { $0.contains("loanDays: must be a whole number of days") })
        #expect(result.status == 1)
        // The other checks still ran, with the defaults.
        #expect(!lines(result, "ok   sound:").isEmpty || !lines(result, "FAIL sound:").isEmpty)
        #expect(result.output.contains("checks failed"))
    }

    @Test("a --config that does not exist is a failure; a missing default config means the defaults (and Japanese, their language)")
    func missingConfig() throws {
        let folder = try TemporaryFolder()
        let named = try BookKioskBinary.run(["doctor", "--config", folder.path("nowhere.json")], in: folder.url)
        #expect(named.lines.contains { $0.hasPrefix("FAIL 設定: \(folder.path("nowhere.json")) はありません — 場所を確かめるか") }, "\(named.output)")
        #expect(named.status == 1)

        let defaulted = try BookKioskBinary.run(["doctor"], in: folder.url)
        #expect(defaulted.lines.contains { $0.hasPrefix("ok   設定: \(folder.url.path)/.config/bookkiosk/config.json にファイルがないので、既定の設定を使います") },
                "\(defaulted.output)")
        #expect(defaulted.lines.last?.hasSuffix("もう一度 `bookkiosk doctor` を実行してください。") == true
                || defaulted.lines.last?.hasPrefix("だめなところはありません") == true || defaulted.lines.last == "すべての確認が通りました。",
                "\(defaulted.output)")
    }

    @Test("doctor speaks the language of the configuration it checks: every line's area and words in Japanese with ja")
    func japanese() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"language": "ja", "player": "none", "screen": {"output": "none"}, "lookup": false}"#)
        let database = try library(in: folder)
        let result = try BookKioskBinary.run(["doctor", "--config", config, "--db", database], in: folder.url)
        #expect(result.lines.contains("ok   設定: \(config) は正しく書けています(項目 4 個)"), "\(result.output)")
        #expect(result.lines.contains("ok   記録: SQLite の整合性チェックで、こわれたところは見つかりませんでした"))
        #expect(result.lines.contains(#"ok   音: 消音です("player": "none"): 合図の音は鳴りません"#))
        #expect(result.lines.contains(#"ok   画面: 切っています("screen": {"output": "none"}): キオスクは状態の行を出し、合図の音を鳴らします"#))
        #expect(result.lines.contains { $0.hasPrefix("ok   書誌の検索: ISBN での書誌の検索は切っています") })
        // Every line but details other parts of the program give (a device's, a speech engine's) is Japanese.
        let kana = /[\p{Hiragana}\p{Katakana}\p{Han}]/
        for line in result.lines { #expect(line.contains(kana), "an English line: \(line)") }
        let usage = try BookKioskBinary.run(["doctor", "now", "--config", config], in: folder.url)
        #expect(usage.errors.contains("`bookkiosk doctor` には言葉を付けません"))
    }

    enum Foreign: String, CaseIterable, Sendable {
        case textFile, otherProgramsDatabase
    }

    @Test("a file that is not a BookKiosk database: FAIL with its message, and the file untouched", arguments: Foreign.allCases)
    func notALibrary(_ kind: Foreign) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("library.sqlite")
        switch kind {
        case .textFile:
            try folder.write("library.sqlite", "barcode,title\nB1,ぐりとぐら\n")
        case .otherProgramsDatabase:
            let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
            try connection.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let result = try doctor(["--db", path], in: folder)

        let failures = lines(result, "FAIL database: ")
        #expect(failures.count == 1, "\(result.output)")
        #expect(failures.first?.contains("The file \(path) is not a BookKiosk database") == true)
        #expect(failures.first?.contains("check the database path") == true)
        #expect(lines(result, "ok   database:").isEmpty)
        #expect(result.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("a damaged database: FAIL from the integrity check, with what to do")
    func corruptDatabase() throws {
        let folder = try TemporaryFolder()
        let path = try library(in: folder, books: 600)
        // Garbage over a whole page in the middle of the file, clear of page 1 (the header and
        // the schema), so the file still opens as a BookKiosk database.
        let file = try #require(FileHandle(forUpdatingAtPath: path))
        let header = try #require(try file.read(upToCount: 100))
        let pageSize = UInt64(header[16]) << 8 | UInt64(header[17])  // big-endian, SQLite file format §1.3.2
        let size = try file.seekToEnd()
        #expect(size / pageSize >= 8, "the library should span several pages")
        try file.seek(toOffset: (size / pageSize / 2) * pageSize)
        try file.write(contentsOf: Data((0..<Int(pageSize)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
        try file.close()

        let result = try doctor(["--db", path], in: folder)

        let failures = lines(result, "FAIL database: ")
        #expect(failures.count == 1, "\(result.output)")
        #expect(failures.first?.hasPrefix("FAIL database: \(path) is damaged") == true)
        #expect(failures.first?.contains("restore the database from a backup") == true)
        #expect(result.status == 1)
    }

    @Test("a missing database: a warning, and doctor does not create it")
    func missingDatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("data/library.sqlite")

        let result = try doctor(["--db", path], in: folder)

        #expect(result.lines.contains("warn database: \(path) does not exist yet; the kiosk creates it when it first starts (or give the right file with --db)"))
        #expect(lines(result, "FAIL database").isEmpty, "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("data")))
    }

    @Test("an older schema: a warning that it will be upgraded, and it is not upgraded by doctor")
    func olderSchema() throws {
        let folder = try TemporaryFolder()
        let path = try library(in: folder)
        let latest = SQLiteLendingRepository.latestSchemaVersion
        try #require(latest > 1)
        try SQLiteConnection(path: path).execute("PRAGMA user_version = \(latest - 1)")

        let result = try doctor(["--db", path], in: folder)

        #expect(result.lines.contains("warn database: \(path) is a BookKiosk database with schema version \(latest - 1), older than this BookKiosk's \(latest); it will be upgraded when the kiosk starts"))
        let version = try SQLiteConnection(path: path, mode: .readOnly).firstRow("PRAGMA user_version") { $0.int64(0) }
        #expect(version == Int64(latest - 1))
    }

    @Test("a player that is not installed: FAIL naming it")
    func missingPlayer() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"player": "no-such-player-for-doctor -q", "language": "en"}"#)

        let result = try doctor(["--config", config, "--db", folder.path("library.sqlite")], in: folder)

        let failures = lines(result, "FAIL sound: ")
        #expect(failures.count == 1, "\(result.output)")
        #expect(failures.first?.contains("the player “no-such-player-for-doctor”") == true)
        #expect(failures.first?.contains("\"none\" to mute") == true)
        #expect(result.status == 1)
    }

    @Test("\"player\": \"none\" is ok: muted")
    func mutedPlayer() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"player": "none", "language": "en"}"#)

        let result = try doctor(["--config", config, "--db", folder.path("library.sqlite")], in: folder)

        #expect(result.lines.filter { $0.contains(" sound: ") } == [#"ok   sound: muted ("player": "none"): no cues are played"#])
    }

    @Test("doctor takes no words")
    func usage() throws {
        let folder = try TemporaryFolder()
        let result = try doctor(["now"], in: folder)
        #expect(result.status == 2)
        #expect(result.errors.contains("`bookkiosk doctor` takes no words"))
    }
}

/// The checks themselves, pointed at a fake input directory, PATH and sound-card list, so they
/// give the same answers on any machine.
@Suite("doctor checks")
struct DoctorCheckTests {
    /// The doctor of `folder`: PATH is the folder alone, so only its stand-in programs are found.
    func doctor(in folder: TemporaryFolder, path: String? = nil) throws -> DoctorCommand {
        let environment = ["HOME": folder.url.path, "PATH": path ?? folder.url.path]
        var command = try DoctorCommand([], places: Places(environment: environment), console: Console())
        command.inputDirectory = InputDeviceDirectory(devicePath: folder.path("dev/input"), sysfsPath: folder.path("sys/class/input"))
        command.soundCardsPath = folder.path("asound-cards")
        command.say = EnglishDoctorWords()
        return command
    }

    /// An executable shell script named `name` in `folder`.
    func script(_ name: String, _ body: String, in folder: TemporaryFolder) throws {
        let path = try folder.write(name, "#!/bin/sh\n" + body + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    @Test("no input directory: FAIL, saying so and to plug in the scanner")
    func noInputDirectory() throws {
        let folder = try TemporaryFolder()
        let findings = try doctor(in: folder).checkScanners([])
        #expect(findings.count == 1)
        #expect(findings.first?.level == .fail)
        #expect(findings.first?.line(EnglishDoctorWords()).hasPrefix("FAIL scanners: \(folder.path("dev/input")) does not exist") == true)
        #expect(findings.first?.message.contains("plug in the scanner") == true)
    }

    @Test("no scanner configured and nothing that looks like one: FAIL")
    func nothingLooksLikeAScanner() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("dev/input"), withIntermediateDirectories: true)
        let findings = try doctor(in: folder).checkScanners([])
        #expect(findings.map(\.level) == [.fail])
        #expect(findings.first?.message.hasPrefix("no scanner is configured and none of the 0 input devices looks like one") == true)
    }

    @Test("a configured scanner that matches no device: FAIL naming its match")
    func unmatchedScanner() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("dev/input"), withIntermediateDirectories: true)
        let findings = try doctor(in: folder).checkScanners([try ScannerConfiguration(match: "0c2e:0b61", name: "入口")])
        #expect(findings.map(\.level) == [.fail])
        #expect(findings.first?.message.hasPrefix("no input device matches scanner “入口” (match: 0c2e:0b61)") == true)
    }

    @Test("a device that looks like a scanner but cannot be opened as one: FAIL naming it")
    func unopenableDevice() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("dev/input"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("sys/class/input/event7/device/capabilities"), withIntermediateDirectories: true)
        // A plain file where the device node would be: it opens, but is no evdev device.
        try folder.write("dev/input/event7", "")
        try folder.write("sys/class/input/event7/device/name", "Test Barcode Scanner\n")
        // Keys 2…11: the digit row.
        try folder.write("sys/class/input/event7/device/capabilities/key", "ffc\n")

        let findings = try doctor(in: folder).checkScanners([])

        #expect(findings.map(\.level) == [.fail])
        #expect(findings.first?.message.hasPrefix("“Test Barcode Scanner” (\(folder.path("dev/input/event7"))) cannot be opened as an input device") == true)
    }

    @Test("free space: ok, warn under 100 MB, FAIL under 10 MB, with the figure", arguments: [
        (UInt64(5_000_000_000), DoctorCommand.Finding.Level.ok, "5.0 GB free"),
        (UInt64(50_000_000), .warn, "only 50 MB free"),
        (UInt64(5_000_000), .fail, "only 5 MB free"),
    ])
    func freeSpace(bytes: UInt64, level: DoctorCommand.Finding.Level, figure: String) {
        let finding = DoctorCommand.freeSpaceFinding(bytes: bytes, folder: "/var/lib/bookkiosk", EnglishDoctorWords())
        #expect(finding.level == level)
        #expect(finding.message.hasPrefix("\(figure) on the disk holding /var/lib/bookkiosk"))
    }

    @Test("sound cards are read from /proc/asound/cards")
    func soundCards() {
        let two = """
         0 [PCH            ]: HDA-Intel - HDA Intel PCH
                              HDA Intel PCH at 0xf7f10000 irq 32
         1 [Device         ]: USB-Audio - USB Audio Device
                              C-Media Electronics Inc. USB Audio Device at usb-0000:00:14.0-2, full speed
        """
        #expect(DoctorCommand.soundCards(in: two) == ["HDA-Intel - HDA Intel PCH", "USB-Audio - USB Audio Device"])
        #expect(DoctorCommand.soundCards(in: "--- no soundcards ---\n") == [])
    }

    @Test("aplay without a sound card: warn; with one: ok naming it")
    func aplayAndSoundCard() throws {
        let folder = try TemporaryFolder()
        try script("aplay", "exit 0", in: folder)
        let command = try doctor(in: folder)

        let without = command.checkSound(Configuration())
        #expect(without.map(\.level) == [.ok, .warn])
        #expect(without.first?.message == "the player “aplay -q” is \(folder.path("aplay")) and plays the cues")
        #expect(without.last?.message.hasPrefix("no sound card found (\(folder.path("asound-cards")) does not exist)") == true)

        try folder.write("asound-cards", " 0 [Device         ]: USB-Audio - USB Audio Device\n      details\n")
        let with = command.checkSound(Configuration())
        #expect(with.map(\.level) == [.ok, .ok])
        #expect(with.last?.message == "sound card: USB-Audio - USB Audio Device")
    }

    @Test("the player's program is found after NAME=value settings, or by its path")
    func playerProgram() throws {
        #expect(DoctorCommand.program(ofShellCommand: "AUDIODEV=hw:1 aplay -q") == "aplay")
        #expect(DoctorCommand.program(ofShellCommand: "/usr/bin/paplay --volume=30000") == "/usr/bin/paplay")
        #expect(DoctorCommand.program(ofShellCommand: "  ") == nil)
        let folder = try TemporaryFolder()
        var config = Configuration()
        config.player = folder.path("missing-player") + " -q"
        let findings = try doctor(in: folder).checkSound(config)
        #expect(findings.map(\.level) == [.fail])
        #expect(findings.first?.message.hasPrefix("the player “\(folder.path("missing-player"))”") == true)
    }

    @Test("speech: off is ok; on without Open JTalk falls back to espeak-ng with a warning; without either, or with a voice it lacks, is a failure")
    func speech() throws {
        let folder = try TemporaryFolder()
        var config = Configuration()
        #expect(try doctor(in: folder).checkSpeech(config).map(\.level) == [.ok])

        // PATH is the folder alone: neither open_jtalk nor espeak-ng is there.
        config.speech = .on
        let missing = try doctor(in: folder).checkSpeech(config)
        #expect(missing.map(\.level) == [.fail])
        #expect(missing.first?.message.hasPrefix("silent: no speech engine can speak") == true)
        #expect(missing.first?.message.contains("Open JTalk (open_jtalk) is not found on PATH") == true)
        #expect(missing.first?.message.contains("espeak-ng is not found on PATH") == true)

        // A stand-in espeak-ng that has one voice, "ja" (the arguments are -q -v VOICE TEXT).
        try script("espeak-ng", #"[ "$3" = ja ]"#, in: folder)
        let command = try doctor(in: folder)
        let fallback = command.checkSpeech(config)
        #expect(fallback.map(\.level) == [.warn, .ok])
        #expect(fallback.first?.message.hasPrefix("Open JTalk (open_jtalk) is not found on PATH — install it") == true)
        #expect(fallback.last?.message.hasPrefix("espeak-ng speaks (instead of Open JTalk, which cannot speak here)") == true)
        config.speech.voice = "xx"
        let lacking = command.checkSpeech(config)
        #expect(lacking.map(\.level) == [.warn, .fail])
        #expect(lacking.last?.message.hasPrefix("espeak-ng has no voice “xx” (\"voice\")") == true)
    }

    @Test("speech: Open JTalk, where installed, speaks Japanese and says a word for the doctor",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/open_jtalk")
                   && FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng")
                   && FileManager.default.fileExists(atPath: SpeechChoice.debianDictionary + "/sys.dic"), "Open JTalk or espeak-ng is not installed"))
    func speechWithOpenJTalk() throws {
        let folder = try TemporaryFolder()
        var config = Configuration()
        config.speech = .on
        let findings = try doctor(in: folder, path: "/usr/bin").checkSpeech(config)
        #expect(findings.map(\.level) == [.ok], "\(findings)")
        #expect(findings.first?.message.hasPrefix("Open JTalk speaks (the default for Japanese, and installed), with the voice ") == true)
        #expect(findings.first?.message.contains("kiosk/voice/mei_normal.htsvoice") == true, "a checkout's voice is found")
        config.speech.voice = folder.path("nowhere.htsvoice")
        let noVoice = try doctor(in: folder, path: "/usr/bin").checkSpeech(config)
        #expect(noVoice.first?.level == .warn)
        #expect(noVoice.first?.message.hasPrefix("the voice file \(folder.path("nowhere.htsvoice")) (\"speech\": {\"voice\"}) does not exist") == true)
        #expect(noVoice.last?.message.hasPrefix("espeak-ng speaks (instead of Open JTalk") == true)
    }

    @Test("the exit status: warnings alone pass, any failure fails")
    func status() {
        let warn = DoctorCommand.Finding.warn(.sound, "no sound card")
        let fail = DoctorCommand.Finding.fail(.scanners, "none")
        #expect(DoctorCommand.status(of: [.ok(.config, "fine"), warn]) == .success)
        #expect(DoctorCommand.status(of: [warn, fail]) == .failure)
        #expect(DoctorCommand.summary(of: [warn, fail], EnglishDoctorWords()).hasPrefix("1 check failed, 1 warning"))
    }
}

/// The screen's lines: the display card, the font and the covers folder.
@Suite("doctor: the screen")
struct DoctorScreenTests {
    func doctor(in folder: TemporaryFolder) throws -> DoctorCommand {
        var command = try DoctorCommand([], places: Places(environment: ["HOME": folder.url.path, "PATH": folder.url.path]), console: Console())
        command.say = EnglishDoctorWords()
        return command
    }

    @Test("no display device: with \"auto\" a warning that the kiosk goes on without a screen; with \"drm\" a failure")
    func missingDevice() throws {
        let folder = try TemporaryFolder()
        var screen = ScreenConfiguration()
        screen.device = folder.path("dri/card0")
        let auto = try doctor(in: folder).checkDisplay(screen)
        #expect(auto.map(\.level) == [.warn])
        #expect(auto.first?.line(EnglishDoctorWords()).hasPrefix("warn screen: no screen: \(folder.path("dri")) does not exist: no graphics driver") == true)
        #expect(auto.first?.message.contains("the kiosk shows its status line and plays its cues") == true)

        screen.output = .drm
        try FileManager.default.createDirectory(atPath: folder.path("dri"), withIntermediateDirectories: true)
        let drm = try doctor(in: folder).checkDisplay(screen)
        #expect(drm.map(\.level) == [.fail])
        #expect(drm.first?.message.hasPrefix("\(folder.path("dri/card0")) does not exist — no graphics card is there at all") == true)
    }

    @Test("a device that is not a display card: a line saying it cannot set modes")
    func notACard() throws {
        let folder = try TemporaryFolder()
        var screen = ScreenConfiguration()
        screen.device = try folder.write("card0", "")
        let findings = try doctor(in: folder).checkDisplay(screen)
        #expect(findings.map(\.level) == [.warn])
        #expect(findings.first?.message.contains("cannot set display modes") == true, "\(findings)")
    }

    @Test("\"output\": \"none\": one ok line, nothing else checked")
    func off() throws {
        let folder = try TemporaryFolder()
        var screen = ScreenConfiguration()
        screen.output = .none
        #expect(try doctor(in: folder).checkScreen(screen).map { $0.line(EnglishDoctorWords()) } == [
            "ok   screen: off (\"screen\": {\"output\": \"none\"}): the kiosk shows its status line and plays its cues",
        ])
    }

    @Test("a font name fontconfig does not know: a warning naming the fallback and the package")
    func wrongFont() throws {
        let findings = try doctor(in: TemporaryFolder()).checkFont("Motoya L Maruberi")
        #expect(findings.map(\.level) == [.warn])
        #expect(findings.first?.message.hasPrefix("fontconfig has no font “Motoya L Maruberi”, so the screen is drawn with ") == true)
        #expect(findings.first?.message.contains("sudo apt install fonts-motoya-l-maruberi") == true)
        #expect(findings.first?.message.contains("“MotoyaLMaru”") == true)
    }

    @Test("the font's three cases, from fontconfig's answer", arguments: [
        (FontCheck(requested: "MotoyaLMaru", matchedFamily: "MotoyaLMaru", file: "/f/MTLmr3m.ttf", coversJapanese: true),
         DoctorCommand.Finding.Level.ok, "the font “MotoyaLMaru” is /f/MTLmr3m.ttf and draws Japanese"),
        (FontCheck(requested: "DejaVu Sans", matchedFamily: "DejaVu Sans", file: "/f/DejaVuSans.ttf", coversJapanese: false),
         .warn, "the font “DejaVu Sans” (/f/DejaVuSans.ttf) cannot draw Japanese"),
        (FontCheck(requested: "Nope", matchedFamily: nil, file: nil, coversJapanese: false),
         .warn, "fontconfig has no font “Nope”, so the screen is drawn with no font at all instead"),
    ])
    func fontCases(check: FontCheck, level: DoctorCommand.Finding.Level, start: String) {
        let findings = DoctorCommand.fontFinding(check, EnglishDoctorWords())
        #expect(findings.map(\.level) == [level])
        #expect(findings.first?.message.hasPrefix(start) == true, "\(findings)")
    }

    @Test(
        "the installed MotoyaLMaru is a Japanese font",
        .enabled(if: FontCheck.resolve("MotoyaLMaru").matchesRequest, "fonts-motoya-l-maruberi is not installed")
    )
    func installedFont() throws {
        let findings = try doctor(in: TemporaryFolder()).checkFont("MotoyaLMaru")
        #expect(findings.map(\.level) == [.ok], "\(findings)")
    }

    @Test("covers: none is fine, a folder is counted, a file in its place is a warning")
    func covers() throws {
        let folder = try TemporaryFolder()
        let command = try doctor(in: folder)
        #expect(command.checkCovers(folder.path("covers")).first?.message.hasPrefix("no covers folder \(folder.path("covers")): books are shown without covers") == true)
        try FileManager.default.createDirectory(atPath: folder.path("covers"), withIntermediateDirectories: true)
        try folder.write("covers/B0042.png", "")
        try folder.write("covers/9784834000825.JPG", "")
        try folder.write("covers/notes.txt", "")
        #expect(command.checkCovers(folder.path("covers")).map { $0.line(EnglishDoctorWords()) } == ["ok   screen: 2 covers in \(folder.path("covers"))"])
        let file = try folder.write("cover-file", "")
        #expect(command.checkCovers(file).map(\.level) == [.warn])
    }
}
