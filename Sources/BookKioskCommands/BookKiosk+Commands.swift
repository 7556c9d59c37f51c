import CommandCore
import Doctor
import KioskConfiguration

extension BookKiosk {
    /// Every command, in the order the usage lists them: `main` finds a command here by its
    /// name, and the usage text is made from their configurations.
    public static let commands: [any Command.Type] = [
        DemoCommand.self, RunCommand.self, Simulate.self, DecodeCommand.self, DevicesCommand.self,
        ImportCommand.self, LookupCommand.self, ExportCommand.self, ReportCommand.self, ClassesCommand.self, PromoteCommand.self, StaffCommand.self,
        PrintCommand.self, RestoreCommand.self, InitCommand.self,
        BackupCommand.self, CopyCommand.self, ServeCommand.self, SayCommand.self, DoctorCommand.self, HelpCommand.self, VersionCommand.self,
    ]
}

// Each command's name and usage lines, in one place so the usage reads as a whole.

extension DemoCommand: Command {
    static let configuration = CommandConfiguration(commandName: "demo", usage: [
        .init("demo [--language ja|en]", "try the kiosk: a fresh sample library, barcodes typed on the keyboard"),
    ])
}

extension RunCommand: Command {
    static let configuration = CommandConfiguration(commandName: "run", usage: [
        .init("run [--events F]", "the kiosk itself, on the configured scanners"),
    ])
}

extension Simulate: Command {
    static let configuration = CommandConfiguration(commandName: "simulate", usage: [
        .init("simulate [--now T] [--speech DIR]", """
            scans and directives from standard input, the event stream on standard output;
            with --speech, each sentence the kiosk would say as DIR/0001.wav and 0001.txt
            """),
    ])
}

extension DecodeCommand: Command {
    static let configuration = CommandConfiguration(commandName: "decode", usage: [
        .init("decode --evemu F [--layout us|jp]", "the barcodes an evemu recording decodes to, one a line"),
    ])

    init(_ words: [String], places _: Places, console: Console) throws {
        try self.init(words, console: console)
    }
}

extension DevicesCommand: Command {
    static let configuration = CommandConfiguration(commandName: "devices", usage: [
        .init("devices", "list input devices and which look like scanners"),
    ])
}

extension ImportCommand: Command {
    static let configuration = CommandConfiguration(commandName: "import", usage: [
        .init("import books|users F.csv", "add or update Books or Users from a CSV file (all or nothing)"),
    ])
}

extension LookupCommand: Command {
    static let configuration = CommandConfiguration(commandName: "lookup", usage: [
        .init("lookup ISBN… [--json]", "title, reading, authors and publisher of each ISBN from the NDL or openBD (kept for next time)"),
    ])
}

extension ClassesCommand: Command {
    static let configuration = CommandConfiguration(commandName: "classes", usage: [
        .init("classes", "the classes (組) with their grade and how many Users each has"),
        .init("classes add NAME --grade N", "add a class (1 for the youngest grade)"),
        .init("classes grade NAME N", "set a class's grade (none removes it)"),
        .init("classes rename OLD NEW", "rename a class; its Users move with it"),
        .init("classes remove NAME", "remove a class that has no Users"),
    ])
}

extension PromoteCommand: Command {
    static let configuration = CommandConfiguration(commandName: "promote", usage: [
        .init("promote [--map FROM=TO]…", "show the year's promotion (進級): who moves up, who graduates; changes nothing"),
        .init("promote --apply", "carry it out in one go (nothing changes where the plan cannot guess)"),
    ])
}

extension RestoreCommand: Command {
    static let configuration = CommandConfiguration(commandName: "restore", usage: [
        .init("restore FILE [--yes]", "put a backup back in place of the library, checked first, the old one kept beside it"),
    ])
}

extension ExportCommand: Command {
    static let configuration = CommandConfiguration(commandName: "export", usage: [
        .init("export books|users|loans [--out F]", "CSV with the import's columns (UTF-8 for Excel); import it back after editing"),
    ])
}

extension ReportCommand: Command {
    static let configuration = CommandConfiguration(commandName: "report", usage: [
        .init("report overdue [--now T]", "the overdue Loans, as text"),
        .init("report audit", "every staff action and wrong PIN"),
        .init("report popular [--since D] [--class C] [--top N]", "the most lent titles (copies of one ISBN together); this school year by default"),
        .init("report classes [--since D]", "lends per class per month; this school year by default"),
    ])
}

extension StaffCommand: Command {
    static let configuration = CommandConfiguration(commandName: "staff", usage: [
        .init("staff add|pin|remove NAME", "Staff accounts: add one, change a PIN, remove one"),
        .init("staff list", "who may enter staff mode (F12 at the kiosk)"),
        .init("staff password NAME", "a Staff member's password for the teachers' page (8 characters or more)"),
    ])
}

extension PrintCommand: Command {
    static let configuration = CommandConfiguration(commandName: "print", usage: [
        .init("print cards|labels --out F.pdf", """
            library Cards or Book labels as a PDF (--users/--books all|new|CODE,…,
            --sheet NAME, --start-at N, --symbology nw7|code128); print sheets lists the sheets
            """),
        .init("print notices --out F.pdf", "a gentle slip for parents per User with a Book overdue (--class C, --now T)"),
    ])
}

extension BackupCommand: Command {
    static let configuration = CommandConfiguration(commandName: "backup", usage: [
        .init("backup DEST", "a consistent copy of the database, safe while the kiosk runs"),
    ])
}

extension CopyCommand: Command {
    static let configuration = CommandConfiguration(commandName: "copy", usage: [
        .init("copy --from F.sqlite --to URL", "copy a one-box library into a shared PostgreSQL database (all or nothing)"),
    ])

    init(_ words: [String], places _: Places, console: Console) throws {
        try self.init(words, console: console)
    }
}

extension ServeCommand: Command {
    static let configuration = CommandConfiguration(commandName: "serve", usage: [
        .init("serve [--listen ADDRESS:PORT]", "the teachers' page on the school network (default 0.0.0.0:8080), until Ctrl-C"),
    ])
}

extension SayCommand: Command {
    static let configuration = CommandConfiguration(commandName: "say", usage: [
        .init("say TEXT [--out F.wav] [--language ja|en]", "speak one sentence with the configured engine (Open JTalk, espeak-ng), or write it as a WAV"),
    ])
}

extension DoctorCommand: Command {
    public static let configuration = CommandConfiguration(commandName: "doctor", usage: [
        .init("doctor", "check the config, database, scanners, sound, speech and the teachers' page; say what to fix"),
    ])
}
