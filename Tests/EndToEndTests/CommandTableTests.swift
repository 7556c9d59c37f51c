import Testing
@testable import BookKioskCommands
@testable import CommandCore

@Suite("The table of commands")
struct CommandTableTests {
    @Test func everyNameFindsOneCommand() {
        let names = BookKiosk.commands.flatMap { [$0.configuration.commandName] + $0.configuration.aliases }
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(BookKiosk.command(named: name) != nil, "\(name)")
        }
        #expect(BookKiosk.command(named: "lend") == nil)
        #expect(BookKiosk.command(named: "-h").map { ObjectIdentifier($0) } == ObjectIdentifier(HelpCommand.self))
    }

    @Test func usageListsEveryCommandInTableOrder() {
        let lines = BookKiosk.usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let listed = lines.filter { $0.hasPrefix("  ") && $0.dropFirst(2).first != " " }
            .map { String($0.dropFirst(2).prefix { $0 != " " }) }
        var seen: [String] = []
        for name in listed where seen.last != name { seen.append(name) }
        #expect(seen == BookKiosk.commands.map { $0.configuration.commandName })
        #expect(lines.first == "BookKiosk: a self-service lending kiosk for a small library.")
        #expect(lines.contains("--db and the configuration's \"database\" also take a postgresql:// URL: several kiosks, one library."))
        // It ends with where the guides are: the source's docs/, the package's, the page's 「使い方」.
        #expect(BookKiosk.usage.hasSuffix("\n\n" + BookKiosk.guides))
        #expect(BookKiosk.guides.contains("docs/ja/") && BookKiosk.guides.contains("/usr/share/bookkiosk/guide/") && BookKiosk.guides.contains("「使い方」"))
    }

    @Test("the usage says which commands take --db and --config, as each declares, and those it names refuse them")
    func commonOptionsLineIsTrue() throws {
        let without = BookKiosk.commands.map { $0.configuration }.filter { !$0.takesCommonOptions }
        #expect(without.map(\.commandName) == ["copy", "help", "version"])
        #expect(BookKiosk.usage.contains("\nEvery command but copy, help and version takes --db PATH (the database) and --config PATH (the JSON configuration).\n"))
        for configuration in without {
            #expect(throws: Arguments.Invalid.self) { try Arguments(["--db", "x.sqlite"], for: configuration) }
        }
        for configuration in BookKiosk.commands.map({ $0.configuration }) where configuration.takesCommonOptions {
            let parsed = try Arguments(["--db", "x.sqlite", "--config", "c.json"], for: configuration)
            #expect(parsed.options["db"] == "x.sqlite" && parsed.options["config"] == "c.json", "\(configuration.commandName)")
        }
    }

    @Test func abstractsStartInOneColumn() {
        let short = CommandConfiguration(commandName: "x", usage: [
            .init("copy", .value("from", "F.sqlite", required: true), .value("to", "URL", required: true), abstract: "copy it"),
        ])
        #expect(short.usageLines == ["  copy --from F.sqlite --to URL copy it"])
        let long = CommandConfiguration(commandName: "x", usage: [
            .init("decode", .value("evemu", "F", required: true), .value("layout", "us|jp"), abstract: "first\nsecond"),
        ])
        let indent = String(repeating: " ", count: 32)
        #expect(long.usageLines == ["  decode --evemu F [--layout us|jp]", indent + "first", indent + "second"])
    }

    @Test("an option is written as the usage shows it", arguments: [
        (CommandOption.value("out", "F.pdf", required: true), "--out F.pdf"),
        (.value("now", "T"), "[--now T]"),
        (.flag("json"), "[--json]"),
        (.flag("apply", required: true), "--apply"),
        (.value("map", "FROM=TO", repeats: true), "[--map FROM=TO]…"),
    ])
    func optionSynopsis(_ option: CommandOption, written: String) {
        #expect(option.synopsis == written)
    }

    @Test("a usage line is its words and then its options; the command takes the options of all its lines once, and --db and --config")
    func usageLineFromOptions() {
        let configuration = CommandConfiguration(commandName: "report", usage: [
            .init("report overdue", .value("now", "T"), abstract: "a"),
            .init("report popular", .value("since", "D"), .value("now", "T"), abstract: "b"),
        ])
        #expect(configuration.usage.map(\.synopsis) == ["report overdue [--now T]", "report popular [--since D] [--now T]"])
        #expect(configuration.options.map(\.name) == ["now", "since", "db", "config"])
        let alone = CommandConfiguration(commandName: "copy", takesCommonOptions: false, usage: [.init("copy", .flag("yes"), abstract: "c")])
        #expect(alone.options.map(\.name) == ["yes"])
    }

    @Test("every command's usage shows each option it accepts, and it accepts each option its usage shows",
          arguments: BookKiosk.commands.map { $0.configuration })
    func usageTellsTheTruth(_ configuration: CommandConfiguration) throws {
        let shown = configuration.usageLines.joined(separator: "\n")
        for usage in configuration.usage {
            #expect(!usage.words.contains("--"), "\(configuration.commandName): options belong in the line's options, not its words")
        }
        let common = Set(CommonOptions.declared.map(\.name))
        for option in configuration.options {
            if !common.contains(option.name) {
                #expect(shown.contains("--\(option.name)"), "\(configuration.commandName) --\(option.name)")
            }
            let words: [String] = switch option.kind {
            case .value: ["--\(option.name)", "x"]
            case .flag: ["--\(option.name)"]
            }
            let parsed = try Arguments(words, for: configuration)
            #expect(parsed.options[option.name] == "x" || parsed.flags.contains(option.name))
        }
        #expect(throws: Arguments.Invalid.self) { try Arguments(["--no-such-option"], for: configuration) }
    }

    @Test("simulate's usage shows the frame options it takes")
    func simulateShowsItsFrames() {
        let line = Simulate.configuration.usageLines.joined(separator: " ")
        for option in ["--now T", "--speech DIR", "--screens DIR", "--screen-size WxH", "--covers DIR", "--library-name NAME"] {
            #expect(line.contains("[\(option)]"), "\(option)")
        }
    }
}
