import Foundation
import Lending
import Testing

/// The printing part of the LendingRepository contract: what was printed, and when.
extension RepositoryContractTests {
    @Test("printed Cards and labels are remembered by kind with the last time; a rollback forgets them",
          arguments: RepositoryKind.allCases)
    func printedTimes(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            #expect(try repository.transaction { try $0.printedTimes(.card) }.isEmpty)
            try repository.transaction { try $0.recordPrinted(.card, barcodes: ["10000001", "10000002"], at: F.t0) }
            try repository.transaction { try $0.recordPrinted(.label, barcodes: ["20000001"], at: F.t0 + 60) }
            #expect(try repository.transaction { try $0.printedTimes(.card) } == ["10000001": F.t0, "10000002": F.t0])
            #expect(try repository.transaction { try $0.printedTimes(.label) } == ["20000001": F.t0 + 60])

            // Printed again: the later time is kept.
            try repository.transaction { try $0.recordPrinted(.card, barcodes: ["10000002"], at: F.t0 + 3600) }
            #expect(try repository.transaction { try $0.printedTimes(.card) }["10000002"] == F.t0 + 3600)

            struct Abandoned: Error {}
            #expect(throws: Abandoned.self) {
                try repository.transaction { tx in
                    try tx.recordPrinted(.label, barcodes: ["20000009"], at: F.t0)
                    throw Abandoned()
                }
            }
            #expect(try repository.transaction { try $0.printedTimes(.label) }.keys.sorted() == ["20000001"])
        }
    }
}
