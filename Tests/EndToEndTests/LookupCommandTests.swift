import Foundation
import Lending
import LendingSQLite
import LookupReplay
import Testing

/// `bookkiosk lookup` and `bookkiosk import books` with titles looked up, through the real
/// binary, against a local server replaying the NDL's and openBD's recorded answers.
@Suite("bookkiosk lookup and import by ISBN")
struct LookupCommandTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("lookup-fixtures")

    func lookup(_ arguments: [String], in folder: TemporaryFolder, server: ReplayServer) throws -> BookKioskBinary.Result {
        try BookKioskBinary.run(["lookup", "--db", folder.path("library.sqlite")] + arguments, in: folder.url, lookupURL: server.url)
    }

    @Test("--json: one object a line with the six keys; not found says why; exit 1 unless all were found; the second time from the cache")
    func json() throws {
        let folder = try TemporaryFolder()
        let server = try ReplayServer(recordings: Self.recordings)
        defer { server.stop() }
        let result = try lookup(["--json", "978-4-344-01847-1", "9784780802047", "9784834000825"], in: folder, server: server)
        #expect(result.status == 1, "\(result.errors)")
        let objects = try result.events()
        #expect(objects.count == 3)
        #expect(objects[0]["isbn"] as? String == "9784344018471")
        #expect(objects[0]["title"] as? String == "プラチナデータ")
        #expect(objects[0]["reading"] as? String == "ぷらちな でーた")
        #expect(objects[0]["authors"] as? [String] == ["東野圭吾"])
        #expect(objects[0]["publisher"] as? String == "幻冬舎")
        #expect(objects[0]["source"] as? String == "ndl")
        #expect(Set(objects[0].keys) == ["isbn", "title", "reading", "authors", "publisher", "source"])
        #expect(objects[1]["source"] as? String == "openbd")
        #expect(objects[1]["title"] as? String == "おにぎりレシピ101")
        #expect(objects[2]["isbn"] as? String == "9784834000825")
        #expect(objects[2]["found"] as? Bool == false)
        #expect(objects[2]["reason"] as? String == "ISBN 9784834000825 was not found at the NDL or openBD")

        let again = try lookup(["--json", "9784344018471", "9784780802047"], in: folder, server: server)
        #expect(again.status == 0, "\(again.errors)")
        #expect(try again.events().map { $0["source"] as? String } == ["cache", "cache"])
        #expect(server.requests(.ndl) == 3)
    }

    @Test("text blocks: title, reading, authors, publisher and source; a wrong check digit is refused without a request")
    func text() throws {
        let folder = try TemporaryFolder()
        let server = try ReplayServer(recordings: Self.recordings)
        defer { server.stop() }
        let result = try lookup(["4-12-201795-5", "9784344018470", "--config", try Self.english(in: folder)], in: folder, server: server)
        #expect(result.status == 1)
        #expect(result.output == """
            9784122017955  ザ・スコット・フィッツジェラルド・ブック
              reading:   ざ すこっと ふぃっつじぇらるど ぶっく
              authors:   村上春樹
              publisher: 中央公論社
              source:    NDL Search (国立国会図書館サーチ)

            9784344018470  not found
              "9784344018470" is not a valid ISBN: its last character should be 1; check for a mistyped digit

            """)
        #expect(server.requests(.ndl) == 1)
    }

    @Test("lookups off: nothing is asked, and the answer says lookups are off")
    func off() throws {
        let folder = try TemporaryFolder()
        let server = try ReplayServer(recordings: Self.recordings)
        defer { server.stop() }
        let config = try folder.write("config.json", #"{"lookup": false}"#)
        let result = try lookup(["--config", config, "--json", "9784344018471"], in: folder, server: server)
        #expect(result.status == 1)
        #expect(try result.events().first?["reason"] as? String
            == "ISBN 9784344018471 was not looked up: lookups are turned off (\"lookup\": false in the configuration), and it was not looked up before")
        #expect(server.requests(.ndl) == 0 && server.requests(.openbd) == 0)
    }

    @Test("the NDL down (503): openBD still answers what it has; the NDL's books say they could not be looked up")
    func ndlDown() throws {
        let folder = try TemporaryFolder()
        let server = try ReplayServer(recordings: Self.recordings, answers: [.ndl: ["9784780802047": .status(503, body: "maintenance")]])
        defer { server.stop() }
        let result = try lookup(["--json", "9784780802047"], in: folder, server: server)
        #expect(result.status == 0, "\(result.output)")
        #expect(try result.events().first?["source"] as? String == "openbd")
    }

    /// A configuration in English, as these checks read the import's report.
    static func english(in folder: TemporaryFolder) throws -> String {
        try folder.write("english.json", #"{"language": "en"}"#)
    }

    @Test("import of a file of nothing but ISBNs: titles, readings and authors filled, barcodes numbered, copies of one ISBN looked up once")
    func importISBNs() throws {
        let folder = try TemporaryFolder()
        let server = try ReplayServer(recordings: Self.recordings)
        defer { server.stop() }
        let file = try folder.write("isbns.csv", "9784344018471\n978-4-12-201795-5\n9784344018471\n")
        let database = folder.path("library.sqlite")
        let result = try BookKioskBinary.run(["import", "books", file, "--db", database, "--config", try Self.english(in: folder)], in: folder.url, lookupURL: server.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("isbns.csv: 3 books added, 0 updated."), "\(result.output)")
        #expect(result.output.contains("Titles found by ISBN for 3 rows (1 from the library's lookup cache; 書誌データ：国立国会図書館サーチ / openBD):"))
        #expect(result.output.contains("  line 1: 9784344018471 プラチナデータ (ndl)"))
        #expect(result.output.contains("  line 3: 9784344018471 プラチナデータ (cache)"))
        let books = try SQLiteLendingRepository(path: database).transaction { try $0.allBooks() }
        #expect(books.map(\.title).sorted() == ["ザ・スコット・フィッツジェラルド・ブック", "プラチナデータ", "プラチナデータ"])
        #expect(books.first { $0.isbn == "9784344018471" }?.reading == "ぷらちな でーた")
        #expect(books.first { $0.isbn == "9784344018471" }?.author == "東野圭吾")
        #expect(server.requests(.ndl) == 2)
    }

    @Test("import: a row found nowhere is a problem with its line, and nothing is written")
    func importNotFound() throws {
        let folder = try TemporaryFolder()
        let server = try ReplayServer(recordings: Self.recordings)
        defer { server.stop() }
        let file = try folder.write("books.csv", "barcode,title,isbn\nB1,ぐりとぐら,9784834000825\nB2,,9784344018471\nB3,,9784834000825\n")
        let database = folder.path("library.sqlite")
        let result = try BookKioskBinary.run(["import", "books", file, "--db", database, "--config", try Self.english(in: folder)], in: folder.url, lookupURL: server.url)
        #expect(result.status == 1)
        #expect(result.errors.contains("line 4: ISBN 9784834000825 was not found at the NDL or openBD: type its title"), "\(result.errors)")
        #expect(try SQLiteLendingRepository(path: database).transaction { try $0.allBooks() }.isEmpty)
    }

    @Test("import while the services cannot be reached: every row to look up is a problem, nothing written")
    func importUnreachable() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("books.csv", "isbn\n9784344018471\n")
        let database = folder.path("library.sqlite")
        let result = try BookKioskBinary.run(["import", "books", file, "--db", database, "--config", try Self.english(in: folder)], in: folder.url)
        #expect(result.status == 1)
        #expect(result.errors.contains("line 2: ISBN 9784344018471 could not be looked up: the NDL — it could not be reached"), "\(result.errors)")
        #expect(result.errors.contains("type its title, or import the file again later"))
        #expect(try SQLiteLendingRepository(path: database).transaction { try $0.allBooks() }.isEmpty)
    }
}

@Suite("bookkiosk doctor: lookups")
struct DoctorLookupTests {
    @Test("doctor says each service answers, and that lookups are off when they are")
    func doctor() throws {
        let folder = try TemporaryFolder()
        let server = try ReplayServer(recordings: LookupCommandTests.recordings)
        defer { server.stop() }
        let english = ["--config", try folder.write("english.json", #"{"language": "en"}"#)]
        let on = try BookKioskBinary.run(["doctor", "--db", folder.path("library.sqlite")] + english, in: folder.url, lookupURL: server.url)
        let lines = on.lines.filter { $0.contains("lookup:") }
        #expect(lines.count == 2, "\(on.output)")
        #expect(lines.first?.hasPrefix("ok   lookup: NDL Search (国立国会図書館サーチ) answers at \(server.url) (") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("ok   lookup: openBD answers at \(server.url) (") == true, "\(lines)")

        let config = try folder.write("config.json", #"{"lookup": false, "language": "en"}"#)
        let off = try BookKioskBinary.run(["doctor", "--config", config, "--db", folder.path("library.sqlite")], in: folder.url, lookupURL: server.url)
        #expect(off.lines.contains { $0.hasPrefix("ok   lookup: book lookups by ISBN are off") }, "\(off.output)")
        #expect(server.requests(.ndl) == 1 && server.requests(.openbd) == 1)
    }

    @Test("nothing reachable: each ISBN, the second one asked during the rest after the first, says it in the page's words, in Japanese")
    func offlineInJapanese() throws {
        let folder = try TemporaryFolder()
        // BookKioskBinary sends lookups to a local port where nothing listens.
        let result = try BookKioskBinary.run(["lookup", "--db", folder.path("library.sqlite"), "9784834000825", "4-12-201795-5"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.output == """
            9784834000825  調べられませんでした
              ISBN 9784834000825 を調べられませんでした(インターネットにつながっていないようです)。あとでもう一度 `bookkiosk lookup` で調べてください

            9784122017955  調べられませんでした
              ISBN 9784122017955 を調べられませんでした(インターネットにつながっていないようです)。あとでもう一度 `bookkiosk lookup` で調べてください

            """, "\(result.output)")
        #expect(!result.output.contains("見つかりません") && !result.output.contains("reached") && !result.output.contains("混"))
    }

    @Test("nothing reachable, in English: the same words as the page's")
    func offlineInEnglish() throws {
        let folder = try TemporaryFolder()
        let result = try BookKioskBinary.run(["lookup", "--db", folder.path("library.sqlite"), "--config", try LookupCommandTests.english(in: folder), "9784834000825"],
                                             in: folder.url)
        #expect(result.status == 1)
        #expect(result.output == """
            9784834000825  could not be looked up
              ISBN 9784834000825 could not be looked up (this box does not seem to reach the internet). Run `bookkiosk lookup` again later.

            """, "\(result.output)")
    }

    @Test("doctor warns, and says what it means, when a service cannot be reached")
    func unreachable() throws {
        let folder = try TemporaryFolder()
        let english = ["--config", try folder.write("english.json", #"{"language": "en"}"#)]
        let result = try BookKioskBinary.run(["doctor", "--db", folder.path("library.sqlite")] + english, in: folder.url)
        let lines = result.lines.filter { $0.contains("lookup:") }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("warn lookup: ") && $0.contains("does not answer: it could not be reached") }, "\(lines)")
    }
}
