import Foundation
import Lending
import Testing

extension RepositoryContractTests {
    static let platina = BookRecord(isbn: "9784344018471", title: "プラチナデータ", reading: "ぷらちな でーた", authors: ["東野圭吾"],
                                    publisher: "幻冬舎", source: .ndl, foundAt: Date(timeIntervalSince1970: 1_790_000_000))
    static let onigiri = BookRecord(isbn: "9784780802047", title: "おにぎりレシピ101", reading: nil, authors: [],
                                    publisher: nil, source: .openBD, foundAt: Date(timeIntervalSince1970: 1_790_000_100.5))

    @Test("the lookup cache keeps a record per ISBN, every field, and replaces it when found again", arguments: RepositoryKind.allCases)
    func bookRecords(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            #expect(try repository.read { try $0.bookRecord(isbn: Self.platina.isbn) } == nil)
            try repository.transaction { tx in
                try tx.save(Self.platina)
                try tx.save(Self.onigiri)
            }
            #expect(try repository.read { try $0.bookRecord(isbn: Self.platina.isbn) } == Self.platina)
            #expect(try repository.read { try $0.bookRecord(isbn: Self.onigiri.isbn) } == Self.onigiri)
            var again = Self.platina
            again.authors = ["東野圭吾", "誰か"]
            again.reading = nil
            try repository.transaction { try $0.save(again) }
            #expect(try repository.read { try $0.allBookRecords() } == [again, Self.onigiri])
        }
    }
}
