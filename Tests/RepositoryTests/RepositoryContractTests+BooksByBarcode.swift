import Foundation
import Lending
import Testing

/// `books(barcodes:)`: several Books read at once for showing them (the titles of a child's
/// Loans), whatever characters their barcodes hold.
extension RepositoryContractTests {
    @Test("books(barcodes:) gives the Books that exist, odd characters included, and nothing for none",
          arguments: RepositoryKind.allCases)
    func booksByBarcodes(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            let odd = ["B0001", #"B"2,\x"#, "B{3}"]
            try repository.transaction { tx in
                for (index, barcode) in odd.enumerated() {
                    try tx.save(Book(barcode: barcode, title: "ほん \(index)"))
                }
            }
            let found = try repository.transaction { try $0.books(barcodes: odd + ["B9999"]) }
            #expect(Set(found.map(\.barcode)) == Set(odd))
            #expect(found.first { $0.barcode == #"B"2,\x"# }?.title == "ほん 1")
            #expect(try repository.transaction { try $0.books(barcodes: []) }.isEmpty)
        }
    }
}
