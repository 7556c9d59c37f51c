import Foundation
import Lending
import Testing

/// The `CoverStore` contract, run against every store: cover photos taken on the teachers' page.
@Suite("CoverStore contract")
struct CoverStoreContractTests {
    typealias F = Fixture

    /// A cover's bytes as the page keeps them: every byte value, so nothing is lost as text.
    static func photo(of barcode: String, savedAt: Double = 1_790_000_000.25) -> BookCover {
        BookCover(barcode: barcode, image: [0xFF, 0xD8, 0xFF, 0x00] + (0...255).map(UInt8.init) + [0x5C, 0x27, 0x22, 0xFF, 0xD9],
                  format: .jpeg, savedAt: Date(timeIntervalSince1970: savedAt))
    }

    @Test("a Book's cover photo is kept byte for byte, replaced by a new one, listed for copy, and removed with its Book",
          arguments: RepositoryKind.allCases)
    func coverPhotos(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            try repository.transaction { tx in
                try tx.save(Book(barcode: "B0001", title: "ぐりとぐら"))
                try tx.save(Book(barcode: "B\"2", title: "はらぺこあおむし"))
            }
            #expect(try repository.transaction { try $0.cover(barcode: "B0001") } == nil)
            #expect(try repository.transaction { try $0.coverTimes(barcodes: ["B0001"]) }.isEmpty)
            let first = Self.photo(of: "B0001"), odd = Self.photo(of: "B\"2", savedAt: 1_790_000_500)
            try repository.transaction { tx in
                try tx.save(first)
                try tx.save(odd)
            }
            #expect(try repository.transaction { try $0.cover(barcode: "B0001") } == first)
            #expect(try repository.transaction { try $0.coverTimes(barcodes: ["B0001", "B\"2", "B0009", "B0001"]) }
                == ["B0001": first.savedAt, "B\"2": odd.savedAt])
            // The list of Books says which have a photo and when it was saved, as does a search.
            try repository.transaction { try $0.save(Book(barcode: "B0009", title: "そらまめくんのベッド")) }
            let listed = try repository.transaction { try $0.bookListings(matching: "", offset: 0, limit: 10) }.items
            #expect(listed.map(\.book.barcode) == ["B0001", "B0009", "B\"2"])
            #expect(listed.map(\.coverSavedAt) == [first.savedAt, nil, odd.savedAt])
            let found = try repository.transaction { try $0.bookListings(matching: "あおむし", offset: 0, limit: 10) }.items
            #expect(found.map(\.coverSavedAt) == [odd.savedAt])
            var again = Self.photo(of: "B0001", savedAt: 1_790_001_000)
            again.image = [0x89, 0x50, 0x4E, 0x47]
            again.format = .png
            try repository.transaction { try $0.save(again) }
            #expect(try repository.transaction { try $0.cover(barcode: "B0001") } == again)
            #expect(try repository.transaction { try $0.coveredBarcodes() } == ["B\"2", "B0001"])
            #expect(try repository.transaction { try $0.removeBook(barcode: "B0001") })
            #expect(try repository.transaction { try $0.cover(barcode: "B0001") } == nil)
            #expect(try repository.transaction { try $0.coveredBarcodes() } == ["B\"2"])
        }
    }
}
