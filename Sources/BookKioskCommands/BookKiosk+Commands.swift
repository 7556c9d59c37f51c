import CommandCore
import Doctor
import KioskConfiguration

extension BookKiosk {
    /// Every command, in the order the usage lists them: `main` finds a command here by its
    /// name, and the usage text is made from their configurations. A constant of types, never
    /// changed, so safe to share; metatypes of a protocol are not `Sendable` to the compiler.
    public nonisolated(unsafe) static let commands: [any Command.Type] = [
        DemoCommand.self, RunCommand.self, Simulate.self, DecodeCommand.self, DevicesCommand.self,
        ImportCommand.self, LookupCommand.self, ExportCommand.self, ReportCommand.self, ClassesCommand.self, PromoteCommand.self, StaffCommand.self,
        PrintCommand.self, RestoreCommand.self, InitCommand.self,
        BackupCommand.self, CopyCommand.self, ServeCommand.self, SayCommand.self, DoctorCommand.self, HelpCommand.self, VersionCommand.self,
    ]
}

// Each command's name and usage lines, in one place so the usage reads as a whole.

extension DemoCommand: Command {
    static let configuration = CommandConfiguration(commandName: "demo", usage: [
        .init("demo", Options.language, Options.events, Options.covers, Options.screenSize, Options.noWindow,
              abstract: "try the kiosk: a fresh sample library, barcodes typed on the keyboard"),
    ])
}

extension RunCommand: Command {
    static let configuration = CommandConfiguration(commandName: "run", usage: [
        .init("run", Options.events, abstract: "the kiosk itself, on the configured scanners"),
    ])
}

extension Simulate: Command {
    static let configuration = CommandConfiguration(commandName: "simulate", usage: [
        .init("simulate", Options.now, Options.write, Options.speech, Options.screens, Options.screensInMemory,
              Options.screenSize, Options.covers, Options.libraryName, abstract: """
            scans and directives from standard input, the event stream on standard output;
            on a copy of the library, which stays as it was; with --write, in the library itself;
            with --speech, each sentence the kiosk would say as DIR/0001.wav and 0001.txt;
            with --screens, the screen after each event as DIR/0001-EVENT.png;
            with --screens-in-memory, painted as into the display's buffer, no files
            """),
    ])
}

extension DecodeCommand: Command {
    static let configuration = CommandConfiguration(commandName: "decode", usage: [
        .init("decode", Options.evemu, Options.layout,
              abstract: "the barcodes an evemu recording decodes to, one a line"),
    ])

    init(_ words: [String], places _: Places, console: Console) throws {
        try self.init(words, console: console)
    }
}

extension DevicesCommand: Command {
    static let configuration = CommandConfiguration(commandName: "devices", usage: [
        .init("devices", abstract: "list input devices and which look like scanners"),
    ])
}

extension ImportCommand: Command {
    static let configuration = CommandConfiguration(commandName: "import", usage: [
        .init("import books|users F.csv", abstract: "add or update Books or Users from a CSV file (all or nothing)"),
    ])
}

extension LookupCommand: Command {
    static let configuration = CommandConfiguration(commandName: "lookup", usage: [
        .init("lookup ISBN…", Options.json,
              abstract: "title, reading, authors and publisher of each ISBN from the NDL or openBD (kept for next time)"),
    ])
}

extension ClassesCommand: Command {
    static let configuration = CommandConfiguration(commandName: "classes", usage: [
        .init("classes", abstract: "the classes (組) with their grade and how many Users each has"),
        .init("classes add NAME", Options.grade, abstract: "add a class (1 for the youngest grade)"),
        .init("classes grade NAME N", abstract: "set a class's grade (none removes it)"),
        .init("classes rename OLD NEW", abstract: "rename a class; its Users move with it"),
        .init("classes remove NAME", abstract: "remove a class that has no Users"),
    ])
}

extension PromoteCommand: Command {
    static let configuration = CommandConfiguration(commandName: "promote", usage: [
        .init("promote", Options.map, Options.now,
              abstract: "show the year's promotion (進級): who moves up, who graduates; changes nothing"),
        .init("promote", Options.apply, Options.map, Options.now,
              abstract: "carry it out in one go (nothing changes where the plan cannot guess)"),
    ])
}

extension RestoreCommand: Command {
    static let configuration = CommandConfiguration(commandName: "restore", usage: [
        .init("restore FILE", Options.yes, abstract: "put a backup back in place of the library, checked first, the old one kept beside it"),
    ])
}

extension ExportCommand: Command {
    static let configuration = CommandConfiguration(commandName: "export", usage: [
        .init("export books|users|loans", Options.csvOut,
              abstract: "CSV with the import's columns (UTF-8 for Excel); import it back after editing"),
    ])
}

extension ReportCommand: Command {
    static let configuration = CommandConfiguration(commandName: "report", usage: [
        .init("report overdue", Options.now, abstract: "the overdue Loans, as text"),
        .init("report audit", abstract: "every staff action and wrong PIN"),
        .init("report popular", Options.since, Options.className, Options.top,
              abstract: "the most lent titles (copies of one ISBN together); this school year by default"),
        .init("report classes", Options.since, abstract: "lends per class per month; this school year by default"),
    ])
}

extension StaffCommand: Command {
    static let configuration = CommandConfiguration(commandName: "staff", usage: [
        .init("staff add|pin|remove NAME", abstract: "Staff accounts: add one, change a PIN, remove one"),
        .init("staff list", abstract: "who may enter staff mode (F12 at the kiosk)"),
        .init("staff password NAME", abstract: "a Staff member's password for the teachers' page (8 characters or more)"),
    ])
}

extension PrintCommand: Command {
    static let configuration = CommandConfiguration(commandName: "print", usage: [
        .init("print cards", Options.pdfOut, Options.users, Options.sheet,
              Options.startAt, Options.symbology, abstract: "library Cards as a PDF"),
        .init("print labels", Options.pdfOut, Options.books, Options.sheet,
              Options.startAt, Options.symbology, abstract: "Book labels as a PDF"),
        .init("print notices", Options.pdfOut, Options.className, Options.now,
              abstract: "a gentle slip for parents per User with a Book overdue"),
        .init("print sheets", abstract: "the sheets cards and labels can be printed on"),
    ])
}

extension BackupCommand: Command {
    static let configuration = CommandConfiguration(commandName: "backup", usage: [
        .init("backup DEST", abstract: "a consistent copy of the database, safe while the kiosk runs"),
    ])
}

extension CopyCommand: Command {
    static let configuration = CommandConfiguration(commandName: "copy", takesCommonOptions: false, usage: [
        .init("copy", Options.from, Options.to,
              abstract: "copy a one-box library into a shared PostgreSQL database (all or nothing)"),
    ])
}

extension ServeCommand: Command {
    static let configuration = CommandConfiguration(commandName: "serve", usage: [
        .init("serve", Options.listen,
              abstract: "the teachers' page on the school network (default 0.0.0.0:8080), until Ctrl-C"),
    ])
}

extension SayCommand: Command {
    static let configuration = CommandConfiguration(commandName: "say", usage: [
        .init("say TEXT", Options.wavOut, Options.language,
              abstract: "speak one sentence with the configured engine (Open JTalk, espeak-ng), or write it as a WAV"),
    ])
}

// Its configuration is in Doctor, where its options are read.
extension DoctorCommand: Command {}
