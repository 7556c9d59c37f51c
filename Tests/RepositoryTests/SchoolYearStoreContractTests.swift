import Foundation
import Lending
import Testing

/// The `SchoolYearStore` contract, run against every store: classes, and the Users in them.
@Suite("SchoolYearStore contract")
struct SchoolYearStoreContractTests {
    typealias F = Fixture

    @Test("classes keep a grade, list youngest first, rename with their Users, and are removed only when empty",
          arguments: RepositoryKind.allCases)
    func classes(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                try tx.save(SchoolClass(name: "きりん組", grade: 3))
                try tx.save(SchoolClass(name: "ひよこ組", grade: 1))
                try tx.save(SchoolClass(name: "あたらしい組"))
                try tx.save(SchoolClass(name: "ひよこ組", grade: 2))
                var haruto = try #require(try tx.user(card: "C0001"))
                haruto.className = "ひよこ組"
                haruto.reading = "はると"
                try tx.save(haruto)
            }
            #expect(try repository.read { try $0.classes() } == [SchoolClass(name: "ひよこ組", grade: 2), SchoolClass(name: "きりん組", grade: 3),
                                                                 SchoolClass(name: "あたらしい組")])
            #expect(try repository.read { try $0.userCountsByClass() } == ["ひよこ組": 1])
            #expect(try repository.read { try $0.user(card: "C0001") }?.reading == "はると")
            #expect(throws: LendingStoreError.classHasUsers(name: "ひよこ組", count: 1)) {
                try repository.transaction { try $0.removeClass("ひよこ組") }
            }
            #expect(throws: LendingStoreError.classExists(name: "きりん組")) {
                try repository.transaction { try $0.renameClass("ひよこ組", to: "きりん組") }
            }
            #expect(try repository.transaction { try $0.renameClass("ひよこ組", to: "もも組") })
            #expect(try repository.read { try $0.user(card: "C0001") }?.className == "もも組")
            #expect(try !repository.transaction { try $0.renameClass("ないよ組", to: "x") })
            #expect(try repository.transaction { try $0.removeClass("あたらしい組") })
            #expect(try !repository.transaction { try $0.removeClass("あたらしい組") })
            #expect(try repository.read { try $0.classes() }.map(\.name) == ["もも組", "きりん組"])
        }
    }

    @Test("a User in a class that does not exist is refused", arguments: RepositoryKind.allCases)
    func unknownClass(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            #expect(throws: (any Error).self) {
                try repository.transaction { try $0.save(User(card: "C9", name: "x", className: "ないよ組")) }
            }
            #expect(try repository.read { try $0.user(card: "C9") } == nil)
        }
    }
}
