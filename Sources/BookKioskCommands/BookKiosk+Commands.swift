import CommandCore
import Doctor
import KioskConfiguration

extension BookKiosk {
    /// Every command, in the order the usage lists them: `main` finds a command here by its
    /// name, and the usage text is made from their configurations.
    public static let commands: [any Command.Type] = [
        DemoCommand.self, RunCommand.self, Simulate.self, DecodeCommand.self, DevicesCommand.self,
        ImportCommand.self, ExportCommand.self, ReportCommand.self, StaffCommand.self, PrintCommand.self,
        BackupCommand.self, CopyCommand.self, DoctorCommand.self, HelpCommand.self,
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
        .init("simulate [--now T]", "scans and directives from standard input, the event stream on standard output"),
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

extension ExportCommand: Command {
    static let configuration = CommandConfiguration(commandName: "export", usage: [
        .init("export loans", "every Loan as CSV on standard output"),
    ])
}

extension ReportCommand: Command {
    static let configuration = CommandConfiguration(commandName: "report", usage: [
        .init("report overdue [--now T]", "the overdue Loans, as text"),
        .init("report audit", "every staff action and wrong PIN"),
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

extension DoctorCommand: Command {
    public static let configuration = CommandConfiguration(commandName: "doctor", usage: [
        .init("doctor", "check the config, database, scanners, sound and speech; say what to fix"),
    ])
}
