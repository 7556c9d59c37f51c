import Foundation
import Testing
@testable import BookKioskCommands
@testable import CommandCore

/// Options declared once with their type: the usage line shows the declaration, the parser
/// accepts it, and the command reads its value back through the same declaration.
@Suite("Options declared once, read typed")
struct TypedOptionTests {
    static let top = Option<Int>("top", "N") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
    static let map = Option<(from: String, to: String)>("map", "FROM=TO", repeats: true) { pair in
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
    static let out = Option<String>("out", "F")
    static let json = Flag("json")
    static let configuration = CommandConfiguration(commandName: "x", takesCommonOptions: false, usage: [
        .init("x", top, map, out, json, abstract: "a"),
    ])

    @Test("a usage line shows a typed option as its declaration says")
    func usageShowsTheDeclaration() {
        #expect(Self.configuration.usage.map(\.synopsis) == ["x [--top N] [--map FROM=TO]… [--out F] [--json]"])
    }

    @Test("each option reads back as its type; one not given is nil, false or empty")
    func readTyped() throws {
        let given = try Arguments(["--top", "3", "--map", "a=b", "--map=c=d", "--out", "f.csv", "--json"], for: Self.configuration)
        #expect(try given.value(of: Self.top, invalid: "top") == 3)
        #expect(try given.values(of: Self.map, invalid: "map").map { "\($0.from)>\($0.to)" } == ["a>b", "c>d"])
        #expect(given[Self.out] == "f.csv")
        #expect(given.contains(Self.out))
        #expect(given[Self.json])
        let none = try Arguments([], for: Self.configuration)
        #expect(try none.value(of: Self.top, invalid: "top") == nil)
        #expect(try none.values(of: Self.map, invalid: "map").isEmpty)
        #expect(none[Self.out] == nil)
        #expect(!none.contains(Self.out))
        #expect(!none[Self.json])
    }

    @Test("a word its declaration cannot read is refused in the command's words, which may quote it")
    func unreadableWord() throws {
        let given = try Arguments(["--top", "0", "--map", "nothing"], for: Self.configuration)
        #expect(throws: Arguments.Invalid(description: "--top needs a number")) {
            try given.value(of: Self.top, invalid: "--top needs a number")
        }
        #expect(throws: Arguments.Invalid(description: "not a number: 0")) {
            try given.value(of: Self.top) { "not a number: \($0)" }
        }
        #expect(throws: Arguments.Invalid(description: "--map is FROM=TO")) {
            try given.values(of: Self.map, invalid: "--map is FROM=TO")
        }
    }

    @Test("every option of the commands is declared once: one declaration per name and placeholder")
    func commandsDeclareEachOptionOnce() {
        let declared = BookKiosk.commands.flatMap { $0.configuration.usage.flatMap(\.options) }
        let placeholders = Dictionary(grouping: declared, by: \.name).mapValues { Set($0.map(\.kind)) }
        // `--out` is a CSV, a PDF or a WAV, each declared once with its own placeholder.
        #expect(placeholders["out"]?.count == 3)
        #expect(placeholders.filter { $0.key != "out" }.allSatisfy { $0.value.count == 1 })
    }
}
