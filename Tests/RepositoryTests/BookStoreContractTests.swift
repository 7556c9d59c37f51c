import Foundation
import Lending
import Testing

/// The `BookStore` contract, run against every store: Books saved, read by barcode and ISBN and
/// removed; the teachers' page's list of them and its search; the lookup cache.
@Suite("BookStore contract")
struct BookStoreContractTests {
    typealias F = Fixture

    @Test("saving a Book or User again updates the one with that barcode or card", arguments: RepositoryKind.allCases)
    func saveAgainUpdates(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            let renamed = Book(barcode: "B0001", title: "ぐりとぐらのおきゃくさま", author: nil, isbn: nil, status: .lost)
            let limited = User(card: "C0001", name: "はるとくん", loanLimit: 3, isActive: false)
            try repository.transaction { tx in
                try tx.save(renamed)
                try tx.save(limited)
            }
            #expect(try repository.read { try $0.book(barcode: "B0001") } == renamed)
            #expect(try repository.read { try $0.user(card: "C0001") } == limited)
            #expect(try repository.read { try $0.allBooks() }.count == F.books.count)
            #expect(try repository.read { try $0.allUsers() }.count == F.users.count)
            #expect(try repository.read { try $0.books(isbn: F.isbn) } == [F.guri2])

            // And back: optional fields return to nil.
            try repository.transaction { tx in
                try tx.save(F.haruto)
            }
            #expect(try repository.read { try $0.user(card: "C0001") } == F.haruto)
        }
    }

    @Test("Books and Users are listed in barcode and card order", arguments: RepositoryKind.allCases)
    func listingOrder(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                for book in F.books.reversed() { try tx.save(book) }
                for user in F.users.reversed() { try tx.save(user) }
            }
            #expect(try repository.read { try $0.allBooks() } == F.books)
            #expect(try repository.read { try $0.allUsers() } == F.users)
        }
    }

    // Several Books read at once for showing them (the titles of a child's Loans), whatever
    // characters their barcodes hold.
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

    @Test("a Book never lent is removed with its label's printing; one lent before is refused and stays",
          arguments: RepositoryKind.allCases)
    func removeBook(kind: RepositoryKind) throws {
        try kind.withSeededRepository { (repository: any LendingRepository) throws in
            try repository.transaction { tx in
                try tx.recordPrinted(.label, barcodes: ["B0001", "B0003"], at: F.t0)
                let loan = try tx.addLoan(book: "B0003", user: "C0001", lentAt: F.t0, due: F.dueFromT0, overrideBy: nil)
                _ = try tx.closeLoan(id: loan.id, returnedAt: F.t0 + 60)
            }
            #expect(try repository.transaction { try $0.removeBook(barcode: "B0001") })
            #expect(try repository.read { try $0.book(barcode: "B0001") } == nil)
            #expect(try repository.read { try $0.printedTimes(.label) }.keys.sorted() == ["B0003"])
            #expect(throws: LendingStoreError.bookWasLent(book: "B0003")) {
                try repository.transaction { try $0.removeBook(barcode: "B0003") }
            }
            #expect(try repository.read { try $0.book(barcode: "B0003") } != nil)
            #expect(try !repository.transaction { try $0.removeBook(barcode: "B9999") })
        }
    }

    // MARK: The list

    @Test("Books are listed by title then barcode with their open Loan and borrower, one page at a time",
          arguments: RepositoryKind.allCases)
    func bookListingsOrderAndPages(kind: RepositoryKind) throws {
        try F.withLentLibrary(kind) { (repository: any LendingRepository, loans: [Loan]) throws in
            let all = try repository.read { try $0.bookListings(matching: "", offset: 0, limit: 100) }
            // By UTF-8 bytes: digits, then Latin capitals, then kana in 五十音 order.
            #expect(all.items.map(\.book.barcode) == ["B0011", "B0010", "B0005", "B0001", "B0002", "B0004", "B0003"])
            #expect(all.total == 7)
            let guri = try #require(all.items.first { $0.book.barcode == "B0001" })
            #expect(guri == BookListing(book: F.guri1, openLoan: loans[0], borrower: F.haruto))
            let returned = try #require(all.items.first { $0.book.barcode == "B0002" })
            #expect(returned == BookListing(book: F.guri2, openLoan: nil, borrower: nil))

            let page = try repository.read { try $0.bookListings(matching: "", offset: 2, limit: 3) }
            #expect(page == ListingPage(items: Array(all.items[2..<5]), total: 7))
        }
    }

    @Test("Books are found by title, author, barcode or ISBN, A–Z in either case, % and _ as plain characters",
          arguments: RepositoryKind.allCases)
    func bookListingsSearch(kind: RepositoryKind) throws {
        try F.withLentLibrary(kind) { (repository: any LendingRepository, _: [Loan]) throws in
            func found(_ text: String) throws -> [String] {
                let page = try repository.read { try $0.bookListings(matching: text, offset: 0, limit: 100) }
                #expect(page.total == page.items.count)
                return page.items.map(\.book.barcode)
            }
            #expect(try found("ぐり") == ["B0001", "B0002"])
            #expect(try found("りえこ") == ["B0001", "B0002"])
            #expect(try found("97848340") == ["B0001", "B0002"])
            #expect(try found("b0003") == ["B0003"])
            #expect(try found("HUNGRY") == ["B0010"])
            #expect(try found("carle") == ["B0010"])
            #expect(try found("%") == ["B0011"])
            #expect(try found("_").isEmpty)
            #expect(try found("ぐりとぐらのえんそく").isEmpty)
        }
    }

    // MARK: Search as a teacher types it

    // The same in every store: kana, width, case and hyphens folded; names and titles kept exactly
    // as typed; Books listed by their reading.

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

    // MARK: The lookup cache

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
