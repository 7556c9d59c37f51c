import Foundation
import Lending
import Testing

/// Search as a teacher types it, the same in every store: kana, width, case and hyphens folded;
/// names and titles kept exactly as typed; Books listed by their reading.
extension RepositoryContractTests {
    static let harutoKatakana = User(card: "C0010", name: "ハルト")
    static let halfWidth = Book(barcode: "B0020", title: "ｸﾞﾘとぐら ﾃﾞﾗｯｸｽ")
    static let akachan = Book(barcode: "B0021", title: "赤ちゃんの本", reading: "あかちゃんのほん")
    static let zoo = Book(barcode: "B0022", title: "動物園", reading: "どうぶつえん")

    @Test("ハルト finds はると and はると finds ハルト; ｸﾞﾘ finds ぐり; a hyphenated ISBN finds its Book; names are kept as typed",
          arguments: RepositoryKind.allCases)
    func searchFoldsKanaWidthAndHyphens(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                try tx.save(Self.harutoKatakana)
                try tx.save(Self.halfWidth)
            }
            func users(_ text: String) throws -> [String] {
                try repository.read { try $0.users(matching: text, inClass: nil, offset: 0, limit: 50) }.items.map(\.card)
            }
            func books(_ text: String) throws -> [String] {
                try repository.read { try $0.bookListings(matching: text, offset: 0, limit: 50) }.items.map(\.book.barcode).sorted()
            }
            #expect(try users("ハルト").sorted() == ["C0001", "C0010"])
            #expect(try users("はると").sorted() == ["C0001", "C0010"])
            #expect(try users("ﾊﾙﾄ").sorted() == ["C0001", "C0010"])
            #expect(try books("978-4-8340-0082-5") == ["B0001", "B0002"])
            #expect(try books("ｸﾞﾘ") == ["B0001", "B0002", "B0020"])
            #expect(try books("グリ") == ["B0001", "B0002", "B0020"])
            #expect(try books("でらっくす") == ["B0020"])
            #expect(try books("ｂ０００５") == ["B0005"])
            // Stored exactly as typed: only search folds.
            #expect(try repository.read { try $0.user(card: "C0010") }?.name == "ハルト")
            #expect(try repository.read { try $0.book(barcode: "B0020") }?.title == "ｸﾞﾘとぐら ﾃﾞﾗｯｸｽ")
        }
    }

    @Test("Books are found by their reading and listed by it (五十音順) where they have one", arguments: RepositoryKind.allCases)
    func booksSortByReading(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                try tx.save(Self.zoo)
                try tx.save(Self.akachan)
            }
            let titles = try repository.read { try $0.bookListings(matching: "", offset: 0, limit: 50) }.items.map(\.book.title)
            // あかちゃん… (赤ちゃんの本) before おつきさま…, どうぶつえん (動物園) before はらぺこ…
            #expect(titles == ["赤ちゃんの本", "おつきさまこんばんは", "ぐりとぐら", "ぐりとぐら", "ちぎれたほん", "動物園", "はらぺこあおむし"])
            #expect(try repository.read { try $0.bookListings(matching: "ドウブツ", offset: 0, limit: 50) }.items.map(\.book.barcode) == ["B0022"])
        }
    }
}
