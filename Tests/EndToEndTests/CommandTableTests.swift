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
        #expect(lines.last == "--db and the configuration's \"database\" also take a postgresql:// URL: several kiosks, one library.")
    }

    @Test func abstractsStartInOneColumn() {
        let short = CommandConfiguration(commandName: "x", usage: [.init("copy --from F.sqlite --to URL", "copy it")])
        #expect(short.usageLines == ["  copy --from F.sqlite --to URL copy it"])
        let long = CommandConfiguration(commandName: "x", usage: [.init("decode --evemu F [--layout us|jp]", "first\nsecond")])
        let indent = String(repeating: " ", count: 32)
        #expect(long.usageLines == ["  decode --evemu F [--layout us|jp]", indent + "first", indent + "second"])
    }
}
