import Foundation
import Lending
import Testing
@testable import BookKioskCommands
@testable import KioskConfiguration
@testable import CatalogIO

@Suite("Numbers for imported rows without a barcode")
struct ImportNumberingTests {
    @Test("empty cards get the next free numbers after the highest in use, the report names them, nothing collides")
    func usersAreNumbered() throws {
        let repository = InMemoryLendingRepository()
        try repository.transaction { tx in
            try tx.save(User(card: "10000041", name: "まえから"))
            try tx.save(Book(barcode: "10000043", title: "カードの番号に見える本"))
        }
        let csv = "card,name\n,はると\n10000042,さくら\n,ゆうな\n"
        let report = try CatalogImport(kind: .users).run(csv, into: repository, recordedBy: LibraryDesk(staff: "えんちょう", at: Date()))
        #expect(report.added == 3)
        #expect(report.numbered == [
            CatalogImport.Numbered(line: 2, barcode: "10000044", name: "はると"),
            CatalogImport.Numbered(line: 4, barcode: "10000045", name: "ゆうな"),
        ])
        #expect(try repository.transaction { try $0.user(card: "10000044")?.name } == "はると")
    }

    @Test("books take the book prefix and a mod10w21 check digit when the config says so")
    func booksWithCheckDigit() throws {
        let repository = InMemoryLendingRepository()
        let numbering = BarcodeNumbering(prefix: "2", length: 8, checkDigit: .mod10w21)
        let report = try CatalogImport(kind: .books, numbering: numbering).run("barcode,title\n,ぐりとぐら\n", into: repository, recordedBy: LibraryDesk(staff: "えんちょう", at: Date()))
        let given = try #require(report.numbered.first?.barcode)
        #expect(given == "2000001" + String(BarcodeNumbering.mod10w21("2000001")))
        #expect(try repository.transaction { try $0.book(barcode: given)?.title } == "ぐりとぐら")
    }

    @Test("a row without a barcode still needs its title")
    func titleStillRequired() {
        #expect(throws: CatalogImport.Failure.self) {
            try CatalogImport(kind: .books).run("barcode,title\n,\n", into: InMemoryLendingRepository(), recordedBy: LibraryDesk(staff: "えんちょう", at: Date()))
        }
    }

    @Test("the config's libraryName, numbering and sheets are read; bad ones are named")
    func configuration() throws {
        let json = """
        {"libraryName": "ひまわり文庫", "numbering": {"cardPrefix": "5", "bookPrefix": "6", "length": 10, "checkDigit": "mod10w21"},
         "sheets": [{"name": "my-labels", "columns": 3, "rows": 8, "labelWidth": 70, "labelHeight": 33.9, "leftMargin": 0, "topMargin": 12.9}]}
        """
        let config = try Configuration.parse(Data(json.utf8), file: "config.json")
        #expect(config.libraryName == "ひまわり文庫")
        #expect(config.cardNumbering == BarcodeNumbering(prefix: "5", length: 10, checkDigit: .mod10w21))
        #expect(config.bookNumbering.prefix == "6")
        #expect(config.allSheets.last?.name == "my-labels" && config.allSheets.last?.verticalPitch == 33.9)

        let bad = """
        {"numbering": {"cardPrefix": "2", "checkDigit": "luhn"},
         "sheets": [{"name": "too-wide", "columns": 3, "rows": 8, "labelWidth": 80, "labelHeight": 33.9, "leftMargin": 0, "topMargin": 12.9},
                    {"name": "a-one-28368", "columns": 1, "rows": 1, "labelWidth": 80, "labelHeight": 30, "leftMargin": 0, "topMargin": 0, "gap": 2}]}
        """
        do {
            _ = try Configuration.parse(Data(bad.utf8), file: "config.json")
            Issue.record("a bad configuration was accepted")
        } catch {
            let problems = error.problems.joined(separator: "\n")
            #expect(problems.contains("numbering.checkDigit"))
            #expect(problems.contains("sheets[0] (too-wide): the labels reach 240 mm"))
            #expect(problems.contains("sheets[1] (a-one-28368).name: there is already a sheet called a-one-28368"))
            #expect(problems.contains("sheets[1].gap"))
        }
    }
}
