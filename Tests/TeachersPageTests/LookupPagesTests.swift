import BookLookup
import Foundation
import HTTPServer
import Language
import Lending
import LendingSQLite
import LookupReplay
import Printing
import Testing
@testable import TeachersPage

/// A lookup that answers from a table and keeps what it was asked.
final class CannedLookup: ISBNLookup, @unchecked Sendable {
    private let lock = NSLock()
    private let answers: [String: LookupAnswer]
    private var asked: [String] = []
    /// Run during each lookup: a test's probe of what the page holds meanwhile.
    let during: (@Sendable () -> Void)?

    init(_ answers: [String: LookupAnswer], during: (@Sendable () -> Void)? = nil) {
        self.answers = answers
        self.during = during
    }

    func lookUp(_ isbn: ISBN) -> LookupAnswer {
        lock.lock()
        asked.append(isbn.digits)
        lock.unlock()
        during?()
        return answers[isbn.digits] ?? .notFound(.notFound(isbn: isbn.digits))
    }

    var questions: [String] {
        lock.lock()
        defer { lock.unlock() }
        return asked
    }
}

/// 絵本を追加's 「調べる」 and the Book's credit to its source.
@Suite struct LookupFormTests {
    static let platinum = BookRecord(isbn: "9784344018471", title: "プラチナデータ", reading: "ぷらちな でーた", authors: ["東野圭吾"],
                                     publisher: "幻冬舎", source: .ndl, foundAt: PageFixture.start)
    static let onigiri = BookRecord(isbn: "9784780802047", title: "おにぎりレシピ101", reading: "おにぎりれしぴいちまるいち",
                                    authors: ["山田玲子"], publisher: "ポット出版", source: .openBD, foundAt: PageFixture.start)
    static let found: [String: LookupAnswer] = [
        platinum.isbn: .found(platinum, origin: .service(.ndl), differing: nil),
        onigiri.isbn: .found(onigiri, origin: .service(.openBD), differing: nil),
    ]

    static func form(_ isbn: String, title: String = "", barcode: String = "", lookup: Bool = true) -> [(String, String)] {
        [("isbn", isbn), ("barcode", barcode), ("title", title), ("reading", ""), ("author", "")] + (lookup ? [("lookup", "1")] : [])
    }

    static func signedIn(_ lookup: (any ISBNLookup)?, language: Language = .ja) throws -> (PageFixture, Browser) {
        let fixture = try PageFixture(language: language, lookup: lookup)
        let browser = Browser(fixture)
        browser.signIn()
        return (fixture, browser)
    }

    @Test("調べる fills the title, its reading and the author, credits the NDL, and saves nothing until 保存")
    func lookUpFillsTheForm() throws {
        let lookup = CannedLookup(Self.found)
        let (fixture, browser) = try Self.signedIn(lookup)
        let form = browser.get("/books/new").text
        #expect(form.contains("name=\"isbn\" id=\"field-isbn\" value=\"\" inputmode=\"numeric\" autocomplete=\"off\" enterkeyhint=\"search\" autofocus"))
        #expect(form.contains(">調べる</button>"))
        let response = browser.post("/books/new", Self.form("978-4-344-01847-1"))
        #expect(response.status == 200)
        #expect(response.text.contains("value=\"プラチナデータ\""))
        #expect(response.text.contains("value=\"ぷらちな でーた\""))
        #expect(response.text.contains("value=\"東野圭吾\""))
        #expect(response.text.contains("value=\"9784344018471\""))
        #expect(response.text.contains("国立国会図書館サーチで見つかりました"))
        #expect(response.text.contains("書誌データ：国立国会図書館サーチ"))
        #expect(try fixture.repository.transaction { try $0.allBooks().count } == 3, "nothing is saved before the teacher saves")
        #expect(lookup.questions == ["9784344018471"])

        let saved = browser.post("/books/new", [("isbn", "9784344018471"), ("barcode", "B100"), ("title", "プラチナデータ"),
                                                ("reading", "ぷらちな でーた"), ("author", "東野圭吾")])
        #expect(saved.status == 303)
        let book = try #require(try fixture.repository.transaction { try $0.book(barcode: "B100") })
        #expect(book.reading == "ぷらちな でーた" && book.author == "東野圭吾" && book.isbn == "9784344018471")
        let page = browser.get("/books/B100").text
        #expect(page.contains("書誌データ：国立国会図書館サーチ"))
        #expect(page.contains("ぷらちな でーた"))
    }

    @Test("a second lookup of the same ISBN is the library's cache's: no request, and it says so")
    func theCacheAnswersTheSecondTime() throws {
        let lookup = CannedLookup(Self.found)
        let (fixture, browser) = try Self.signedIn(lookup)
        browser.get("/books/new")
        _ = browser.post("/books/new", Self.form("9784780802047"))
        let again = browser.post("/books/new", Self.form("9784780802047")).text
        #expect(lookup.questions == ["9784780802047"])
        #expect(again.contains("以前にopenBDで調べた記録から入れました"))
        #expect(again.contains("書誌データ：openBD"))
        #expect(try fixture.repository.transaction { try $0.bookRecord(isbn: "9784780802047") }?.title == "おにぎりレシピ101")
    }

    @Test("a scanner's Enter (an ISBN, no title yet) looks it up rather than refusing the form")
    func enterWithAnISBNLooksItUp() throws {
        let (fixture, browser) = try Self.signedIn(CannedLookup(Self.found))
        browser.get("/books/new")
        let response = browser.post("/books/new", Self.form("9784344018471", lookup: false))
        #expect(response.status == 200)
        #expect(response.text.contains("value=\"プラチナデータ\""))
        #expect(try fixture.repository.transaction { try $0.allBooks().count } == 3)
    }

    @Test("found nowhere, offline, turned off, or a wrong check digit: said plainly, and the form is left to type",
          arguments: [
            (LookupAnswer.notFound(.notFound(isbn: "9784834000825")), "9784834000825", "国立国会図書館サーチにも openBD にも見つかりませんでした", 1),
            (.notFound(.unanswered(isbn: "9784834000825", faults: [ServiceFaultAt(service: .ndl, fault: .transfer(.couldNotConnect("refused")))],
                                   notFoundAt: [])), "9784834000825", "インターネットにつながっていないようです", 1),
            (.notFound(.unanswered(isbn: "9784834000825", faults: [ServiceFaultAt(service: .ndl, fault: .transfer(.timedOut(seconds: 5)))],
                                   notFoundAt: [.openBD])), "9784834000825", "5 秒のうちに答えませんでした", 1),
            (.notFound(.unanswered(isbn: "9784834000825", faults: [ServiceFaultAt(service: .ndl, fault: .busy(status: 503))],
                                   notFoundAt: [])), "9784834000825", "混み合っています", 1),
            (.notFound(.notFound(isbn: "9784344018470")), "9784344018470", "ISBN の最後の数字が合いません", 0),
          ])
    func notFilled(answer: LookupAnswer, isbn: String, said: String, requests: Int) throws {
        let lookup = CannedLookup([isbn: answer])
        let (_, browser) = try Self.signedIn(lookup)
        browser.get("/books/new")
        let response = browser.post("/books/new", Self.form(isbn))
        #expect(response.text.contains(said))
        #expect(response.text.contains("name=\"title\" id=\"field-title\" value=\"\""))
        #expect(lookup.questions.count == requests, "a wrong ISBN is refused before any request")
    }

    @Test("lookups turned off: the cache alone answers, and a book it does not have is to be typed")
    func lookupsOff() throws {
        let (fixture, browser) = try Self.signedIn(nil)
        try fixture.repository.transaction { try $0.save(Self.onigiri) }
        browser.get("/books/new")
        #expect(browser.post("/books/new", Self.form("9784780802047")).text.contains("value=\"おにぎりレシピ101\""))
        #expect(browser.post("/books/new", Self.form("9784344018471")).text.contains("設定で調べる機能を止めてあります"))
    }

    @Test("two sources disagreeing: the NDL's title, and the form says so")
    func disagreeing() throws {
        var other = Self.platinum
        other.title = "プラチナ・データ"
        other.source = .openBD
        let (_, browser) = try Self.signedIn(CannedLookup([Self.platinum.isbn: .found(Self.platinum, origin: .service(.ndl), differing: other)]))
        browser.get("/books/new")
        let text = browser.post("/books/new", Self.form("9784344018471")).text
        #expect(text.contains("value=\"プラチナデータ\""))
        #expect(text.contains("openBDでは書名が「プラチナ・データ」となっています"))
    }

    @Test("in English: Look up, and the credit names NDL Search")
    func english() throws {
        let (_, browser) = try Self.signedIn(CannedLookup(Self.found), language: .en)
        browser.get("/books/new")
        let text = browser.post("/books/new", Self.form("9784344018471")).text
        #expect(text.contains(">Look up</button>"))
        #expect(text.contains("Bibliographic data: NDL Search (国立国会図書館サーチ)"))
    }

    @Test("no lookup runs while the page holds the library's write lock")
    func noLookupInsideATransaction() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-lookup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        let repository = try SQLiteLendingRepository(path: path)
        let writes = WriteProbe(path: path)
        let lookup = CannedLookup(Self.found, during: { writes.tryToWrite() })
        let fixture = try PageFixture(repository: repository, lookup: lookup)
        let browser = Browser(fixture)
        browser.signIn()
        browser.get("/books/new")
        _ = browser.post("/books/new", Self.form("9784344018471"))
        browser.get("/books/scan")
        _ = browser.post("/books/scan", [("isbn", "9784780802047"), ("barcode", "")])
        #expect(lookup.questions == ["9784344018471", "9784780802047"])
        #expect(writes.results == [true, true], "another connection could write while each lookup ran")
    }
}

/// 取り込み of a file of nothing but ISBNs, on the page.
@Suite struct LookupImportPageTests {
    @Test("an ISBN-only books file: the preview says what was looked up and from where, and the import writes the titles found")
    func isbnOnlyFile() throws {
        let lookup = CannedLookup(LookupFormTests.found)
        let (fixture, browser) = try LookupFormTests.signedIn(lookup)
        let file = UploadedFile(field: "csv", fileName: "isbns.csv", contentType: "text/csv",
                                data: Array("9784344018471\n9784780802047\n9784344018471\n".utf8))
        let preview = browser.post("/import", [("kind", "books")], files: [file])
        #expect(preview.status == 200)
        #expect(preview.text.contains("ISBN で調べた書名 3 件(うち 1 件は以前に調べた記録から)"), "the file's second copy is the cache's")
        #expect(preview.text.contains("9784780802047 → おにぎりレシピ101 (openBD)"))
        #expect(preview.text.contains("書誌データ：国立国会図書館サーチ"))
        #expect(try fixture.repository.transaction { try $0.allBooks().count } == 3, "nothing is written by the preview")
        #expect(browser.post("/import/apply").status == 303)
        let books = try fixture.repository.transaction { try $0.allBooks() }
        #expect(books.filter { $0.title == "プラチナデータ" }.count == 2)
        #expect(books.contains { $0.title == "おにぎりレシピ101" && $0.reading == "おにぎりれしぴいちまるいち" })
        #expect(lookup.questions == ["9784344018471", "9784780802047"], "each ISBN asked once, and nothing at the import itself")
    }
}

/// Another connection to a SQLite library that tries to write at once (no busy wait): it
/// cannot while any other connection holds the write lock.
final class WriteProbe: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private var outcomes: [Bool] = []

    init(path: String) {
        self.path = path
    }

    func tryToWrite() {
        let wrote = (try? SQLiteLendingRepository(path: path, busyTimeout: .zero).transaction { tx in
            try tx.save(BookRecord(isbn: "9780000000002", title: "probe", source: .ndl, foundAt: Date(timeIntervalSince1970: 0)))
        }) != nil
        lock.lock()
        outcomes.append(wrote)
        lock.unlock()
    }

    var results: [Bool] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes
    }
}

/// まとめて登録: ISBNs scanned one after another, each a copy at once.
@Suite struct ScanPagesTests {
    static func run(language: Language = .ja) throws -> (PageFixture, Browser, CannedLookup) {
        let lookup = CannedLookup(LookupFormTests.found)
        let (fixture, browser) = try LookupFormTests.signedIn(lookup, language: language)
        browser.get("/books/scan")
        return (fixture, browser, lookup)
    }

    static func scan(_ browser: Browser, _ isbn: String, label: String = "") -> HTTPResponse {
        browser.post("/books/scan", [("isbn", isbn), ("barcode", label)])
    }

    @Test("each ISBN scanned is a copy at once: the next free number or the label scanned, the title found, newest first")
    func scanning() throws {
        let (fixture, browser, lookup) = try Self.run()
        let empty = browser.get("/books/scan").text
        #expect(empty.contains("name=\"isbn\" id=\"field-isbn\" value=\"\" autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\" enterkeyhint=\"go\" autofocus"))
        #expect(empty.contains("まだありません"))
        let first = Self.scan(browser, "9784344018471")
        #expect(first.status == 303 && first.header("Location") == "/books/scan")
        #expect(Self.scan(browser, "978-4-344-01847-1").status == 303)
        #expect(Self.scan(browser, "4-7808-0204-0", label: "300123").status == 303)
        let books = try fixture.repository.transaction { try $0.allBooks() }
        #expect(Set(books.filter { $0.isbn == "9784344018471" }.map(\.barcode)) == ["20000001", "20000002"])
        let labelled = try #require(books.first { $0.barcode == "300123" })
        #expect(labelled.title == "おにぎりレシピ101" && labelled.reading == "おにぎりれしぴいちまるいち" && labelled.author == "山田玲子")
        #expect(lookup.questions == ["9784344018471", "9784780802047"], "the second copy is the cache's")

        let list = browser.get("/books/scan").text
        #expect(list.contains("「おにぎりレシピ101」を 300123 で登録しました。"))
        let positions = ["300123", "20000002", "20000001"].map { list.range(of: "<td title=\"バーコード\">\($0)</td>")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions[0]! < positions[1]! && positions[1]! < positions[2]!, "newest first")
        #expect(list.contains("国立国会図書館サーチ (以前に調べた記録)"))
        #expect(list.contains("href=\"/books/20000001/edit\""))
        #expect(list.contains("<td title=\"書名\" class=\"title\"><a href=\"/books/300123\">おにぎりレシピ101</a></td>"),
                "a title may break anywhere (the stylesheet's td.title), so a long one does not widen the list")
        #expect(list.contains("書誌データ：国立国会図書館サーチ") && list.contains("書誌データ：openBD"))
        #expect(list.contains("ラベルを印刷(3 冊)"))
        let registered = try fixture.audit().filter { if case .registeredBook = $0.action { true } else { false } }
        #expect(registered.count == 3 && registered.allSatisfy { $0.staff == "佐藤" })
    }

    @Test("an ISBN found nowhere waits in the list for its title, and is registered with it")
    func needsATitle() throws {
        let (fixture, browser, _) = try Self.run()
        let response = Self.scan(browser, "9784834000825")
        #expect(response.status == 303)
        let list = browser.get("/books/scan").text
        #expect(list.contains("ISBN 9784834000825 は見つかりませんでした"))
        #expect(list.contains("書名が必要です"))
        #expect(try fixture.repository.transaction { try $0.allBooks().count } == 3)
        #expect(browser.post("/books/scan/title", [("entry", "1"), ("title", "")]).status == 303)
        #expect(browser.get("/books/scan").text.contains("書名を入力してください。"))
        #expect(browser.post("/books/scan/title", [("entry", "1"), ("title", "ぐりとぐら")]).status == 303)
        let book = try #require(try fixture.repository.transaction { try $0.book(barcode: "20000001") })
        #expect(book.title == "ぐりとぐら" && book.isbn == "9784834000825")
        #expect(!browser.get("/books/scan").text.contains("書名が必要です"))
    }

    static let unreached: [ServiceFaultAt] = [
        ServiceFaultAt(service: .ndl, fault: .transfer(.couldNotConnect("Failed to connect to ndlsearch.ndl.go.jp port 443"))),
        ServiceFaultAt(service: .openBD, fault: .transfer(.couldNotConnect("Failed to connect to api.openbd.jp port 443"))),
    ]
    /// The next scan, while both services rest after the failed connections.
    static let resting: [ServiceFaultAt] = unreached.map {
        guard case .transfer(let failure) = $0.fault else { return $0 }
        return ServiceFaultAt(service: $0.service, fault: .resting(until: PageFixture.start.addingTimeInterval(15), reason: .unreachable(failure)))
    }

    @Test("services out of reach, now or in the rest after: headline and row say so in 調べる's words, and name only this page's buttons",
          arguments: [(Language.ja, unreached), (.ja, resting), (.en, unreached), (.en, resting)])
    func outOfReach(language: Language, faults: [ServiceFaultAt]) throws {
        let isbn = "9784834000825"
        let lookup = CannedLookup([isbn: .notFound(.unanswered(isbn: isbn, faults: faults, notFoundAt: []))])
        let (fixture, browser) = try LookupFormTests.signedIn(lookup, language: language)
        browser.get("/books/scan")
        #expect(Self.scan(browser, isbn).status == 303)
        let page = browser.get("/books/scan").text
        let register = language == .ja ? "この書名で登録" : "Register with this title"
        #expect(page.contains(">\(register)</button>"), "the row's button is the one the words name")
        switch language {
        case .ja:
            #expect(page.contains("ISBN \(isbn) を調べられませんでした(インターネットにつながっていないようです)。下の一覧で書名を入力して登録してください。"))
            #expect(page.contains("調べられませんでした(インターネットにつながっていないようです)。書名を入力して「この書名で登録」を押してください。"))
            #expect(!page.contains("見つかりませんでした") && !page.contains("「調べる」") && !page.contains("混み合って"))
        case .en:
            #expect(page.contains("ISBN \(isbn) could not be looked up (this box does not seem to reach the internet). Type its title in the list below"))
            #expect(page.contains("Could not be looked up (this box does not seem to reach the internet). Type its title and press Register with this title."))
            #expect(!page.contains("was not found") && !page.contains("press Look up") && !page.contains("busy"))
        }
        #expect(!page.contains("Failed to connect"))
        #expect(try fixture.repository.transaction { try $0.allBooks().count } == 3)
    }

    @Test("found nowhere: the headline says not found, and the row names its own button", arguments: Language.allCases)
    func foundNowhere(language: Language) throws {
        let (_, browser) = try LookupFormTests.signedIn(CannedLookup([:]), language: language)
        browser.get("/books/scan")
        _ = Self.scan(browser, "9784834000825")
        let page = browser.get("/books/scan").text
        switch language {
        case .ja:
            #expect(page.contains("ISBN 9784834000825 は見つかりませんでした。下の一覧で書名を入力して登録してください。"))
            #expect(page.contains("国立国会図書館サーチにも openBD にも見つかりませんでした。書名を入力して「この書名で登録」を押してください。"))
        case .en:
            #expect(page.contains("ISBN 9784834000825 was not found. Type its title in the list below to register it."))
            #expect(page.contains("Found neither at the National Diet Library nor at openBD. Type its title and press Register with this title."))
        }
    }

    @Test("the label sheets only, each named once in the page's language", arguments: Language.allCases)
    func labelSheets(language: Language) throws {
        let (_, browser, _) = try Self.run(language: language)
        _ = Self.scan(browser, "9784344018471")
        let page = browser.get("/books/scan").text
        let select = try #require(page.range(of: "<select name=\"sheet\" id=\"run-sheet\">").map { page[$0.lowerBound...] })
        let options = String(select[..<select.range(of: "</select>")!.lowerBound])
        let labelSheets = Sheet.builtIn.filter { !$0.holdsCards }
        #expect(options.components(separatedBy: "<option").count - 1 == labelSheets.count)
        for sheet in Sheet.builtIn {
            #expect(options.contains("value=\"\(sheet.name)\"") == !sheet.holdsCards, "\(sheet.name)")
        }
        #expect(options.contains("<option value=\"\(Sheet.defaultLabelSheet)\" selected>"))
        switch language {
        case .ja:
            #expect(options.contains(">A-One 28368(A4・44面)</option>"))
            #expect(!options.contains("labels"))
        case .en:
            #expect(options.contains(">A-One 28368 (A4, 44 labels)</option>"))
        }
        #expect(!options.contains("(44)"))
    }

    @Test("a wrong ISBN is refused before any request, and nothing is registered")
    func wrongISBN() throws {
        let (fixture, browser, lookup) = try Self.run()
        #expect(Self.scan(browser, "9784344018470").status == 303)
        #expect(browser.get("/books/scan").text.contains("ISBN の最後の数字が合いません"))
        #expect(lookup.questions.isEmpty)
        #expect(try fixture.repository.transaction { try $0.allBooks().count } == 3)
    }

    @Test("取り消し removes a copy of the run and records it; one lent since stays")
    func undo() throws {
        let (fixture, browser, _) = try Self.run()
        _ = Self.scan(browser, "9784344018471")
        _ = Self.scan(browser, "9784780802047")
        #expect(browser.post("/books/scan/undo", [("entry", "1")]).status == 303)
        #expect(try fixture.repository.transaction { try $0.book(barcode: "20000001") } == nil)
        let list = browser.get("/books/scan").text
        #expect(list.contains("「プラチナデータ」の登録を取り消しました。"))
        #expect(list.contains("取り消しました</em>"))
        #expect(try fixture.audit().contains { $0.action == .removedBook(book: AuditedBook(barcode: "20000001", title: "プラチナデータ")) })
        try fixture.lend("20000002", to: "U001")
        _ = browser.post("/books/scan/undo", [("entry", "2")])
        #expect(browser.get("/books/scan").text.contains("もう貸し出されたことがあるので、取り消せません"))
        #expect(try fixture.repository.transaction { try $0.book(barcode: "20000002") } != nil)
    }

    @Test("ラベルを印刷 prints exactly the run's copies, and records them as printed")
    func printTheRunsLabels() throws {
        let (fixture, browser, _) = try Self.run()
        _ = Self.scan(browser, "9784344018471")
        _ = Self.scan(browser, "9784780802047")
        _ = Self.scan(browser, "9784344018471")
        _ = browser.post("/books/scan/undo", [("entry", "2")])
        browser.get("/books/scan")
        let pdf = browser.post("/print/labels", [("which", "run"), ("sheet", Sheet.defaultLabelSheet), ("startAt", "1")])
        #expect(pdf.status == 200)
        #expect(pdf.header("Content-Type") == "application/pdf")
        let printed = try fixture.repository.transaction { try $0.printedTimes(.label) }
        #expect(Set(printed.keys) == ["20000001", "20000003"])
    }

    @Test("a new run starts empty; the copies stay")
    func restart() throws {
        let (fixture, browser, _) = try Self.run()
        _ = Self.scan(browser, "9784344018471")
        #expect(browser.post("/books/scan/restart").status == 303)
        #expect(browser.get("/books/scan").text.contains("まだありません"))
        #expect(try fixture.repository.transaction { try $0.book(barcode: "20000001") } != nil)
    }
}

/// The page with the real lookup, against the recorded answers served on 127.0.0.1.
@Suite struct LookupReplayPageTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("lookup-fixtures")

    struct NoPause: LookupClock {
        func now() -> Date { Date() }
        func pause(seconds: Double) {}
    }

    static func service(_ base: String) -> LookupService {
        var settings = LookupSettings()
        settings.ndlSearch = base
        settings.openBD = base
        settings.timeoutSeconds = 2
        return LookupService(settings: settings, clock: NoPause())
    }

    @Test("調べる and まとめて登録 with the NDL's and openBD's recorded answers")
    func recorded() throws {
        let server = try ReplayServer(recordings: Self.fixtures)
        defer { server.stop() }
        let (fixture, browser) = try LookupFormTests.signedIn(Self.service(server.url))
        browser.get("/books/new")
        let form = browser.post("/books/new", LookupFormTests.form("4-12-201795-5")).text
        #expect(form.contains("value=\"9784122017955\""))
        #expect(form.contains("書誌データ：国立国会図書館サーチ"))
        browser.get("/books/scan")
        _ = browser.post("/books/scan", [("isbn", "9784780802047"), ("barcode", "")])
        #expect(try fixture.repository.transaction { try $0.book(barcode: "20000001") }?.title == "おにぎりレシピ101")
        #expect(server.requests(.ndl) == 2 && server.requests(.openbd) == 2)
    }

    @Test("a service that is down (503), an answer that is not XML, nothing listening: said, and nothing lost")
    func faults() throws {
        let server = try ReplayServer(recordings: Self.fixtures, answers: [
            .ndl: ["9784344018471": .status(503, body: "busy"), "9784839931995": .body("this is not XML")],
            .openbd: ["9784344018471": .status(503, body: "busy"), "9784839931995": .body("[null]")],
        ])
        defer { server.stop() }
        let (fixture, browser) = try LookupFormTests.signedIn(Self.service(server.url))
        browser.get("/books/new")
        #expect(browser.post("/books/new", LookupFormTests.form("9784344018471")).text.contains("混み合っています"))
        // The NDL rests after its 503 (it is asked again only later): a fresh lookup for the next fault.
        let (_, unreadable) = try LookupFormTests.signedIn(Self.service(server.url))
        unreadable.get("/books/new")
        #expect(unreadable.post("/books/new", LookupFormTests.form("9784839931995")).text.contains("読めない答えが返りました"))
        let closed = try ReplayServer(recordings: Self.fixtures)
        let nobody = closed.url
        closed.stop()
        let (_, offline) = try LookupFormTests.signedIn(Self.service(nobody))
        offline.get("/books/scan")
        _ = offline.post("/books/scan", [("isbn", "9784344018471"), ("barcode", "")])
        let list = offline.get("/books/scan").text
        #expect(list.contains("インターネットにつながっていないようです"))
        #expect(list.contains("書名が必要です"))
        // The next scan comes while both services rest after the refused connections: the same words, not a busy service.
        _ = offline.post("/books/scan", [("isbn", "9784780802047"), ("barcode", "")])
        let paused = offline.get("/books/scan").text
        #expect(paused.contains("ISBN 9784780802047 を調べられませんでした(インターネットにつながっていないようです)"))
        #expect(paused.components(separatedBy: "調べられませんでした(インターネットにつながっていないようです)。書名を入力して「この書名で登録」").count == 3)
        #expect(!paused.contains("混み合って") && !paused.contains("見つかりませんでした"))
        #expect(try fixture.repository.transaction { try $0.allBooks().count } == 3)
    }
}
