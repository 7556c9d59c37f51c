import Foundation
import Lending
import Testing
@testable import CatalogIO

/// A users file without cards, imported twice, updates its children instead of adding them
/// again; where it cannot tell two children apart it says so and writes neither.
@Suite("Rows without a card matched to the library's Users")
struct CardlessMatchingTests {
    struct SameChildCase: CustomTestStringConvertible, Sendable {
        var row: User
        var stored: User
        var comparingClass: Bool
        var same: Bool
        var testDescription: String { "\(row.name)/\(row.reading ?? "-")/\(row.className ?? "-") vs \(stored.name)/\(stored.reading ?? "-")/\(stored.className ?? "-") → \(same)" }
    }

    static func user(_ name: String, reading: String? = nil, in className: String? = nil) -> User {
        User(card: "", name: name, reading: reading, className: className)
    }

    static let sameChildCases: [SameChildCase] = [
        SameChildCase(row: user("伊藤 蓮", in: "ひよこ組"), stored: user("伊藤 蓮", in: "ひよこ組"), comparingClass: true, same: true),
        // Spaces and width do not make another child.
        SameChildCase(row: user("伊藤　蓮", in: "ひよこ組"), stored: user("伊藤蓮", in: "ひよこ組"), comparingClass: true, same: true),
        SameChildCase(row: user("ｲﾄｳ ﾚﾝ", in: "ひよこ組"), stored: user("イトウ レン", in: "ひよこ組"), comparingClass: true, same: true),
        // Another class is another child.
        SameChildCase(row: user("伊藤 蓮", in: "ひよこ組"), stored: user("伊藤 蓮", in: "うさぎ組"), comparingClass: true, same: false),
        SameChildCase(row: user("伊藤 蓮", in: nil), stored: user("伊藤 蓮", in: "うさぎ組"), comparingClass: true, same: false),
        // A file without a class column keeps the stored class: any class matches.
        SameChildCase(row: user("伊藤 蓮"), stored: user("伊藤 蓮", in: "うさぎ組"), comparingClass: false, same: true),
        // The reading, where both have one, matches a name written another way.
        SameChildCase(row: user("斉藤 ゆい", reading: "さいとう ゆい", in: "ひよこ組"),
                      stored: user("齋藤 ゆい", reading: "さいとう ゆい", in: "ひよこ組"), comparingClass: true, same: true),
        SameChildCase(row: user("斉藤 ゆい", reading: "さいとう ゆい", in: "ひよこ組"),
                      stored: user("齋藤 ゆい", in: "ひよこ組"), comparingClass: true, same: false),
        SameChildCase(row: user("伊藤 蓮", reading: "いとう れん"), stored: user("伊藤 蓮", reading: "いとう はす"), comparingClass: false, same: true),
        SameChildCase(row: user("佐藤 陽翔"), stored: user("佐藤 陽菜"), comparingClass: false, same: false),
    ]

    @Test("which rows name the same child", arguments: sameChildCases)
    func sameChild(_ example: SameChildCase) {
        #expect(CardlessMatching.isSameChild(example.row, example.stored, comparingClass: example.comparingClass) == example.same)
    }

    struct DecisionCase: CustomTestStringConvertible, Sendable {
        var label: String
        var rows: [CardlessMatching.Row]
        var stored: [User]
        var expected: [CardlessMatching.Decision]
        var testDescription: String { label }
    }

    static func row(_ line: Int, _ name: String, card: String = "", in className: String? = "ひよこ組") -> CardlessMatching.Row {
        CardlessMatching.Row(line: line, user: User(card: card, name: name, className: className))
    }

    static func stored(_ card: String, _ name: String, in className: String? = "ひよこ組") -> User {
        User(card: card, name: name, className: className)
    }

    static let decisionCases: [DecisionCase] = [
        DecisionCase(label: "one stored child of the name: updated", rows: [row(2, "伊藤 蓮")], stored: [stored("10000005", "伊藤 蓮")],
                     expected: [.init(outcome: .update(card: "10000005"))]),
        DecisionCase(label: "no stored child of the name: added", rows: [row(2, "伊藤 蓮")], stored: [stored("10000005", "伊藤 蓮", in: "うさぎ組")],
                     expected: [.init(outcome: .add)]),
        DecisionCase(label: "two stored children of the name: left out, both cards named",
                     rows: [row(2, "伊藤 蓮")], stored: [stored("10000007", "伊藤 蓮"), stored("10000005", "伊藤 蓮")],
                     expected: [.init(outcome: .leftOut, warning: ImportWarning(line: 2,
                         .sameNameAsSeveralUsers(name: "伊藤 蓮", className: "ひよこ組", cards: ["10000005", "10000007"])))]),
        DecisionCase(label: "two rows of one name, none stored: both added, each warned",
                     rows: [row(2, "伊藤 蓮"), row(3, "伊藤 蓮")], stored: [],
                     expected: [
                         .init(outcome: .add, warning: ImportWarning(line: 2, .sameNameOnOtherLines(name: "伊藤 蓮", className: "ひよこ組", lines: [3], storedCard: nil))),
                         .init(outcome: .add, warning: ImportWarning(line: 3, .sameNameOnOtherLines(name: "伊藤 蓮", className: "ひよこ組", lines: [2], storedCard: nil))),
                     ]),
        DecisionCase(label: "two rows of one name, one stored: both left out",
                     rows: [row(2, "伊藤 蓮"), row(3, "伊藤 蓮")], stored: [stored("10000005", "伊藤 蓮")],
                     expected: [
                         .init(outcome: .leftOut, warning: ImportWarning(line: 2, .sameNameOnOtherLines(name: "伊藤 蓮", className: "ひよこ組", lines: [3], storedCard: "10000005"))),
                         .init(outcome: .leftOut, warning: ImportWarning(line: 3, .sameNameOnOtherLines(name: "伊藤 蓮", className: "ひよこ組", lines: [2], storedCard: "10000005"))),
                     ]),
        DecisionCase(label: "a carded row updates the stored child: the cardless row of that name is another, added with a warning",
                     rows: [row(2, "伊藤 蓮", card: "10000005"), row(3, "伊藤 蓮")], stored: [stored("10000005", "伊藤 蓮")],
                     expected: [.init(outcome: .add, warning: ImportWarning(line: 3,
                         .sameNameOnOtherLines(name: "伊藤 蓮", className: "ひよこ組", lines: [2], storedCard: nil)))]),
    ]

    @Test("what becomes of each row without a card", arguments: decisionCases)
    func decisions(_ example: DecisionCase) {
        let matching = CardlessMatching(rows: example.rows, stored: example.stored, comparingClass: true)
        #expect(matching.decisions().map(\.1) == example.expected)
    }

    static let file = "名前,よみがな,組\n伊藤 蓮,いとう れん,ひよこ組\n佐藤 ゆい,さとう ゆい,ひよこ組\n"

    @Test("the same file without cards imported twice: the second updates both children, the preview says so")
    func importedTwice() throws {
        let repository = InMemoryLendingRepository()
        let desk = LibraryDesk(staff: "えんちょう", at: Date())
        let first = try CatalogImport(kind: .users).run(Self.file, into: repository, recordedBy: desk)
        #expect(first.added == 2 && first.numbered.count == 2)
        let preview = try CatalogImport(kind: .users).preview(Self.file, in: repository)
        #expect(preview.added.isEmpty)
        #expect(preview.updated.map(\.key) == first.numbered.map(\.barcode))
        #expect(preview.matched.map(\.card) == first.numbered.map(\.barcode))
        #expect(preview.numbered.isEmpty)
        let second = try CatalogImport(kind: .users).run(Self.file, into: repository, recordedBy: desk)
        #expect(second.added == 0 && second.updated == 2)
        #expect(second.matched == preview.matched)
        #expect(try repository.transaction { try $0.allUsers() }.count == 2)
    }

    @Test("a library that already doubled a child: the row is left out with a warning naming both cards, nothing is added")
    func alreadyDoubled() throws {
        let repository = InMemoryLendingRepository()
        try repository.transaction { tx in
            try tx.save(SchoolClass(name: "ひよこ組"))
            try tx.save(User(card: "10000005", name: "伊藤 蓮", className: "ひよこ組"))
            try tx.save(User(card: "10000007", name: "伊藤 蓮", className: "ひよこ組"))
        }
        let report = try CatalogImport(kind: .users).run("名前,組\n伊藤 蓮,ひよこ組\n", into: repository, recordedBy: LibraryDesk(staff: "えんちょう", at: Date()))
        #expect(report.added == 0 && report.updated == 0)
        #expect(report.warnings == [ImportWarning(line: 2, .sameNameAsSeveralUsers(name: "伊藤 蓮", className: "ひよこ組", cards: ["10000005", "10000007"]))])
        #expect(JapaneseCatalogWords().warning(report.warnings[0]).contains("同じ名前の利用者が 2 人います(10000005・10000007)"))
        #expect(try repository.transaction { try $0.allUsers() }.count == 2)
    }

    @Test("a books file without barcodes imported twice adds copies again, and says which titles the library has")
    func booksWithoutBarcodes() throws {
        let repository = InMemoryLendingRepository()
        let desk = LibraryDesk(staff: "えんちょう", at: Date())
        let file = "書名\nぐりとぐら\nはらぺこあおむし\n"
        let first = try CatalogImport(kind: .books).run(file, into: repository, recordedBy: desk)
        #expect(first.added == 2 && first.warnings.isEmpty)
        let preview = try CatalogImport(kind: .books).preview(file, in: repository)
        #expect(preview.added.count == 2, "copies of one title are many Books: a barcodeless row is a new copy")
        #expect(preview.warnings == [
            ImportWarning(line: 2, .sameTitleInLibrary(title: "ぐりとぐら", barcodes: [first.numbered[0].barcode])),
            ImportWarning(line: 3, .sameTitleInLibrary(title: "はらぺこあおむし", barcodes: [first.numbered[1].barcode])),
        ])
    }

    @Test("`bookkiosk import users` of a file without cards, twice: the second run adds nobody and names the children it updated")
    func commandImportedTwice() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"timeZone": "UTC", "language": "ja"}"#)
        let common = ["--db", folder.path("library.sqlite"), "--config", config]
        let file = try folder.write("users.csv", Self.file)
        let first = try BookKioskBinary.run(["import", "users", file] + common, in: folder.url)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("利用者を 2 件追加、0 件更新"), "\(first.output)")
        let second = try BookKioskBinary.run(["import", "users", file] + common, in: folder.url)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.contains("利用者を 0 件追加、2 件更新"), "\(second.output)")
        #expect(second.output.contains(JapaneseCatalogWords().matchedHeading), "\(second.output)")
        #expect(second.output.contains("2行目: 10000001 伊藤 蓮"), "\(second.output)")
        let export = try BookKioskBinary.run(["export", "users"] + common, in: folder.url)
        #expect(export.lines.count == 3, "a header and two children: \(export.output)")
    }
}
