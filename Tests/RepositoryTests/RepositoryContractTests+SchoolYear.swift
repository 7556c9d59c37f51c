import Foundation
import Lending
import Testing

/// Classes, readings and the lend counts that name nobody (the school year).
extension RepositoryContractTests {
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

    @Test("lists of Users go by class grade, then reading, then name; a class filters them and their Loans",
          arguments: RepositoryKind.allCases)
    func listOrder(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                try tx.save(SchoolClass(name: "きりん組", grade: 3))
                try tx.save(SchoolClass(name: "ひよこ組", grade: 1))
                try tx.save(User(card: "C1", name: "渡辺", reading: "わたなべ", className: "ひよこ組"))
                try tx.save(User(card: "C2", name: "青木", reading: "あおき", className: "きりん組"))
                try tx.save(User(card: "C3", name: "伊藤", reading: "いとう", className: "ひよこ組"))
                try tx.save(User(card: "C4", name: "Zed"))
                try tx.save(Book(barcode: "B1", title: "いち", reading: "いち"))
                try tx.save(Book(barcode: "B2", title: "に"))
                _ = try tx.addLoan(book: "B1", user: "C2", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.addLoan(book: "B2", user: "C1", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
            }
            #expect(try repository.read { try $0.users(matching: "", offset: 0, limit: 10) }.items.map(\.card) == ["C3", "C1", "C2", "C4"])
            #expect(try repository.read { try $0.users(matching: "", inClass: "ひよこ組", offset: 0, limit: 10) }
                .items.map(\.card) == ["C3", "C1"])
            #expect(try repository.read { try $0.users(matching: "あおき", offset: 0, limit: 10) }.items.map(\.card) == ["C2"])
            #expect(try repository.read { try $0.loanListings(LoanQuery()) }.items.map(\.book.barcode) == ["B2", "B1"])
            #expect(try repository.read { try $0.loanListings(LoanQuery(className: "きりん組")) }.items.map(\.book.barcode) == ["B1"])
            #expect(try repository.read { try $0.book(barcode: "B1") }?.reading == "いち")
        }
    }

    @Test("open Loans list graded classes youngest first, then classes without a grade, then Users in no class, every window the same slice",
          arguments: RepositoryKind.allCases)
    func loanListingsAcrossClasses(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                try tx.save(SchoolClass(name: "ぞう組", grade: 2))
                try tx.save(SchoolClass(name: "あひる組", grade: nil))
                try tx.save(SchoolClass(name: "りす組", grade: 1))
                try tx.save(User(card: "C1", name: "渡辺", reading: "わたなべ", className: "りす組"))
                try tx.save(User(card: "C2", name: "青木", reading: "あおき", className: "ぞう組"))
                try tx.save(User(card: "C3", name: "伊藤", reading: "いとう", className: "りす組"))
                try tx.save(User(card: "C4", name: "Zed"))
                try tx.save(User(card: "C5", name: "うえだ", className: "あひる組"))
                try tx.save(User(card: "C6", name: "Amy"))
                // Each User's Loans by due date (the 9th before the 5th was lent).
                let lends: [(String, String, Int)] = [("B1", "C1", 9), ("B2", "C1", 5), ("B3", "C2", 7), ("B4", "C3", 8),
                                                      ("B5", "C4", 6), ("B6", "C5", 4), ("B7", "C6", 3), ("B8", "C6", 2)]
                for (book, user, day) in lends {
                    try tx.save(Book(barcode: book, title: "本 \(book)"))
                    _ = try tx.addLoan(book: book, user: user, lentAt: F.t0, due: LocalDate(year: 2026, month: 12, day: day), overrideBy: nil)
                }
            }
            // りす組 (伊藤, 渡辺), ぞう組, あひる組 (no grade), then no class: Amy, Zed.
            let expected = ["B4", "B2", "B1", "B3", "B6", "B8", "B7", "B5"]
            let all = try repository.read { try $0.loanListings(LoanQuery()) }
            #expect(all.items.map(\.book.barcode) == expected)
            #expect(all.total == expected.count)
            for offset in 0...expected.count {
                for limit in 1...3 {
                    let page = try repository.read { try $0.loanListings(LoanQuery(offset: offset, limit: limit)) }
                    #expect(page.items.map(\.book.barcode) == Array(expected.dropFirst(offset).prefix(limit)), "offset \(offset), limit \(limit)")
                    #expect(page.total == expected.count)
                }
            }
            let overdue = try repository.read { try $0.loanListings(LoanQuery(overdueOn: LocalDate(year: 2026, month: 12, day: 6), offset: 1, limit: 2)) }
            #expect(overdue.items.map(\.book.barcode) == ["B6", "B8"])
            #expect(overdue.total == 4)
            let inClass = try repository.read { try $0.loanListings(LoanQuery(className: "りす組", offset: 1, limit: 5)) }
            #expect(inClass.items.map(\.book.barcode) == ["B2", "B1"])
            #expect(inClass.total == 3)
        }
    }

    @Test("every Loan counts itself with its User's class at the time; counts outlive the privacy pass and follow a rename",
          arguments: RepositoryKind.allCases)
    func lendCounts(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            let month = LendCount.month(of: F.t0, in: .current)
            try repository.transaction { tx in
                try tx.save(SchoolClass(name: "ひよこ組", grade: 1))
                var haruto = try #require(try tx.user(card: "C0001"))
                haruto.className = "ひよこ組"
                try tx.save(haruto)
                let first = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.closeLoan(id: first.id, returnedAt: F.t0 + 60)
                _ = try tx.addLoan(book: "B0001", user: "C0001", lentAt: F.t0 + 120, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.addLoan(book: "B0002", user: "C0002", lentAt: F.t0 + 180, due: F.dueFromT0, overrideBy: nil)
            }
            let expected: Set<LendCount> = [LendCount(book: "B0001", className: "ひよこ組", month: month, lends: 2),
                                            LendCount(book: "B0002", className: nil, month: month, lends: 1)]
            #expect(Set(try repository.read { try $0.lendCounts(fromMonth: "2000-01") }) == expected)
            #expect(try repository.anonymizeReturnedLoans(olderThan: F.t0 + 1_000_000) == 1)
            #expect(Set(try repository.read { try $0.lendCounts(fromMonth: "2000-01") }) == expected)
            #expect(try repository.read { try $0.lendCounts(fromMonth: "2999-01") }.isEmpty)
            _ = try repository.transaction { try $0.renameClass("ひよこ組", to: "もも組") }
            #expect(try repository.read { try $0.lendCounts(fromMonth: "2000-01") }.contains { $0.className == "もも組" && $0.lends == 2 })
            try repository.transaction { try $0.replaceLendCounts([LendCount(book: "B0003", className: nil, month: "2026-04", lends: 5)]) }
            #expect(try repository.read { try $0.lendCounts(fromMonth: "2000-01") } == [LendCount(book: "B0003", className: nil, month: "2026-04", lends: 5)])
        }
    }
}
