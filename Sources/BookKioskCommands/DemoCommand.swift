import CommandCore
import Doctor
import KioskConfiguration
import Foundation
import Kiosk
import KioskAssembly
import KioskPresenter
import KioskScreen
import Language
import Scene
import ScenePainter
import ScreenWindow
import Lending
import LendingSQLite
import ScannerInput
import StaffPIN

/// `bookkiosk demo`: a ready-to-try kiosk. A fresh sample library (a dozen picture books, a few
/// Users, one Staff member), barcodes typed on the keyboard, the status line and cues.
struct DemoCommand {
    let arguments: Arguments
    let common: CommonOptions
    let language: Language
    let databasePath: String
    let console: Console

    /// The sample Staff member's PIN, printed in the instructions.
    static let staffPIN = "1234"

    init(_ words: [String], places: Places, console: Console) throws {
        arguments = try Arguments(words, for: Self.configuration)
        common = try CommonOptions(arguments, places: places)
        guard arguments.words.isEmpty else { throw Arguments.Invalid(description: commandWords(common.language).demoTakesNoWords) }
        let languageUsage = commandWords(common.language).languageUsage
        guard let language = try arguments.value(of: Options.language, invalid: languageUsage)
                ?? Language(rawValue: common.configuration.language) else {
            throw Arguments.Invalid(description: languageUsage)
        }
        self.language = language
        // The demo never touches the real library: its own file, made afresh each time.
        databasePath = arguments[CommonOptions.databaseOption] ?? places.demoDatabase
        self.console = console
    }

    /// Whether ALSA lists a sound card (`/proc/asound/cards`).
    static func hasSoundCard(cards: String = "/proc/asound/cards") -> Bool {
        guard let text = try? String(contentsOfFile: cards, encoding: .utf8) else { return false }
        return !DoctorCommand.soundCards(in: text).isEmpty
    }

    func run() throws -> BookKiosk.Status {
        var config = common.configuration
        config.language = language.rawValue
        if let covers = arguments[Options.covers] { config.screen.covers = covers }
        // The demo speaks where there is a sound card, unless the configuration says otherwise.
        if !config.speechIsGiven, DemoCommand.hasSoundCard() { config.speech = .on }
        let repository = try freshLibrary(policy: config.policy)
        console.print(instructions(interactive: isatty(STDIN_FILENO) == 1))

        if let window = try openWindow() {
            // The screen in a desktop window; its keys are the keyboard (and a USB scanner's typing).
            let kiosk = try assembleKiosk(config, repository: repository, events: arguments[Options.events], screen: window)
            kiosk.runtime.keyboardTypesScans = true
            StopOnSignal.install()
            try kiosk.run(source: ScreenTickingSource(SDLWindowKeys(window), presenter: kiosk.presenter!))
            kiosk.announcer?.waitUntilQuiet(deadline: Date().addingTimeInterval(2))
            console.print("")
            return .success
        }
        let keyboard: TerminalKeyboard? = isatty(STDIN_FILENO) == 1 ? try? TerminalKeyboard() : nil
        let source: any ScanSource = keyboard ?? TextLineScanSource(fileDescriptor: STDIN_FILENO, scannerName: "keyboard")
        let kiosk = try assembleKiosk(config, repository: repository, events: arguments[Options.events])
        kiosk.runtime.keyboardTypesScans = keyboard != nil
        StopOnSignal.install()
        try kiosk.run(source: source)
        keyboard?.restore()
        kiosk.announcer?.waitUntilQuiet(deadline: Date().addingTimeInterval(2))
        console.print("")
        return .success
    }

    /// The demo's window, when a desktop is there and `--no-window` is not given; nil (and a
    /// log line saying why) when the demo runs in the terminal.
    func openWindow() throws -> SDLWindow? {
        if arguments[Options.noWindow] { return nil }
        guard SDLWindow.desktopIsPresent else {
            kioskLog(say.demoNoDesktop)
            return nil
        }
        let size = try arguments.value(of: Options.screenSize) { say.screenSizeUsage(got: $0) } ?? DemoCommand.windowSize
        do {
            let window = try SDLWindow(title: say.demoWindowTitle, size: size)
            kioskLog(say.demoWindow("\(size)"))
            return window
        } catch {
            kioskLog(say.demoWindowFailed("\(error)"))
            return nil
        }
    }

    /// The window's size unless `--screen-size` says otherwise: a Raspberry Pi display's, which
    /// fits any laptop.
    static let windowSize = PixelSize(width: 1024, height: 600)

    /// Removes any earlier demo database and fills a new one.
    func freshLibrary(policy: Policy) throws -> SQLiteLendingRepository {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: databasePath + suffix)
        }
        let folder = (databasePath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let repository = try SQLiteLendingRepository(path: databasePath)
        let sample = DemoLibrary(language: language)
        let hash = try PINHash.make(DemoCommand.staffPIN)
        let now = Date()
        try repository.transaction { tx in
            for book in sample.books { try tx.save(book) }
            for user in sample.users { try tx.save(user) }
            try tx.save(StaffAccount(name: sample.staffName, pinHash: hash))
            // めい / Mei has a book out since ten days ago: overdue, so she is asked to bring it back.
            let lentAt = now.addingTimeInterval(-10 * 86_400)
            _ = try tx.addLoan(book: sample.overdueBook, user: sample.overdueUser, lentAt: lentAt,
                               due: policy.dueDate(lentAt: lentAt), overrideBy: nil)
        }
        return repository
    }

    /// The demo speaks its own language (`--language`, else the configuration's).
    var say: any CommandWords { commandWords(language) }

    func instructions(interactive: Bool) -> String {
        let sample = DemoLibrary(language: language)
        let cards = sample.users.map { "  \($0.card)  \($0.name)\($0.isActive ? "" : say.inactiveMark)" }
        let books = sample.books.map { "  \($0.barcode)  \($0.title)" + ($0.isbn.map { "  ISBN \($0)" } ?? "") }
        return say.demoInstructions(database: databasePath, typing: say.demoTyping(interactive: interactive),
                                    cards: cards, books: books, pin: DemoCommand.staffPIN)
    }
}

/// The demo's sample library.
struct DemoLibrary {
    let language: Language

    var staffName: String { language == .ja ? "やまだ" : "Ms Yamada" }
    let overdueUser = "C0002"
    let overdueBook = "B0012"

    var users: [User] {
        let names = language == .ja ? ["はると", "めい", "そうた", "ゆい"] : ["Haruto", "Mei", "Sota", "Yui"]
        return [
            User(card: "C0001", name: names[0]),
            User(card: "C0002", name: names[1]),
            User(card: "C0003", name: names[2], loanLimit: 1),
            User(card: "C0004", name: names[3], isActive: false),
        ]
    }

    var books: [Book] {
        let titles: [(ja: String, en: String, isbn: String?)] = [
            ("ぐりとぐら", "Guri and Gura", "9784834000825"),
            ("はらぺこあおむし", "The Very Hungry Caterpillar", nil),
            ("ねないこだれだ", "Who Isn't Asleep?", nil),
            ("しろくまちゃんのほっとけーき", "Little Polar Bear's Pancakes", nil),
            ("きんぎょがにげた", "The Goldfish Got Away", nil),
            ("おおきなかぶ", "The Enormous Turnip", nil),
            ("ももたろう", "Momotaro", nil),
            ("11ぴきのねこ", "Eleven Cats", nil),
            ("からすのパンやさん", "The Crows' Bakery", nil),
            ("だるまさんが", "Mr Daruma", nil),
            ("ぐりとぐら", "Guri and Gura", "9784834000825"),
            ("いないいないばあ", "Peekaboo", nil),
        ]
        return titles.enumerated().map { index, title in
            Book(barcode: String(format: "B%04d", index + 1), title: language == .ja ? title.ja : title.en, isbn: title.isbn)
        }
    }
}
