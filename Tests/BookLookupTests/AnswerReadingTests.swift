import BookLookup
import Foundation
import Lending
import Testing

@Suite("The services' answers read into records (the recorded answers)")
struct AnswerReadingTests {
    static let time = Date(timeIntervalSince1970: 1_790_000_000)

    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        var isbn: String
        var title: String
        var reading: String?
        var authors: [String]
        var publisher: String?
        var description: String { file }
    }

    static let ndl: [Expected] = [
        Expected(file: "ndl_sru_dcndl_9784839931995.xml", isbn: "9784839931995",
                 title: "プログラミングコンテストチャレンジブック : 問題解決のアルゴリズム活用力とコーディングテクニックを鍛える",
                 // The transcription holds " : " between title and subtitle: not only kana, so no reading.
                 reading: nil, authors: ["秋葉拓哉", "岩田陽一", "北川宜稔", "Usu-ya"], publisher: "毎日コミュニケーションズ"),
        Expected(file: "ndl_sru_dcndl_9784344018471.xml", isbn: "9784344018471",
                 title: "プラチナデータ", reading: "ぷらちな でーた", authors: ["東野圭吾"], publisher: "幻冬舎"),
        Expected(file: "ndl_sru_dcndl_9784122017955.xml", isbn: "9784122017955",
                 title: "ザ・スコット・フィッツジェラルド・ブック", reading: "ざ すこっと ふぃっつじぇらるど ぶっく",
                 authors: ["村上春樹"], publisher: "中央公論社"),
    ]

    @Test("NDL SRU, recordPacking string (as recorded)", arguments: ndl)
    func ndlString(expected: Expected) throws {
        let isbn = try ISBN(expected.isbn)
        let reading = NDLSearchAnswer.read(try Fixtures.data(expected.file), isbn: isbn, at: Self.time)
        #expect(reading == .found(BookRecord(isbn: expected.isbn, title: expected.title, reading: expected.reading,
                                             authors: expected.authors, publisher: expected.publisher, source: .ndl, foundAt: Self.time)))
    }

    @Test("NDL SRU, recordPacking xml (the same RDF as elements) reads the same", arguments: ndl)
    func ndlXML(expected: Expected) throws {
        let isbn = try ISBN(expected.isbn)
        let packed = Data(try Fixtures.xmlPacked(expected.file).utf8)
        #expect(NDLSearchAnswer.read(packed, isbn: isbn, at: Self.time)
            == NDLSearchAnswer.read(try Fixtures.data(expected.file), isbn: isbn, at: Self.time))
        #expect(NDLSearchAnswer.read(packed, isbn: isbn, at: Self.time).record?.title == expected.title)
    }

    @Test("an SRU answer with no records is not found; one that is not XML, or has no title, is unreadable")
    func ndlFaults() throws {
        let isbn = try ISBN("9784834000825")
        let empty = """
            <?xml version="1.0" encoding="UTF-8"?>
            <searchRetrieveResponse xmlns="http://www.loc.gov/zing/srw/"><version>1.2</version><numberOfRecords>0</numberOfRecords></searchRetrieveResponse>
            """
        #expect(NDLSearchAnswer.read(Data(empty.utf8), isbn: isbn, at: Self.time) == .notFound)
        guard case .unreadable(let html) = NDLSearchAnswer.read(Data("<html><body>Service Unavailable".utf8), isbn: isbn, at: Self.time) else {
            Issue.record("an HTML page is not a record")
            return
        }
        #expect(html.hasPrefix("the NDL's answer it is not XML") || html.contains("not an SRU"))
        guard case .unreadable(let text) = NDLSearchAnswer.read(Data("Too Many Requests".utf8), isbn: isbn, at: Self.time) else {
            Issue.record("plain text is not a record")
            return
        }
        #expect(text.contains("not XML"))
        let untitled = try Fixtures.text("ndl_sru_dcndl_9784344018471.xml")
            .replacingOccurrences(of: "&lt;dcterms:title&gt;プラチナデータ&lt;/dcterms:title&gt;", with: "")
            .replacingOccurrences(of: "&lt;rdf:value&gt;プラチナデータ&lt;/rdf:value&gt;", with: "")
        #expect(NDLSearchAnswer.read(Data(untitled.utf8), isbn: isbn, at: Self.time)
            == .unreadable("the NDL's record for ISBN 9784834000825 has no title"))
    }

    @Test("openBD: summary and the ONIX collationkey; [null] is not found")
    func openBD() throws {
        let isbn = try ISBN("9784780802047")
        let reading = OpenBDAnswer.read(try Fixtures.data("openbd_v1_get_9784780802047_kyoshidajp.json"), isbn: isbn, at: Self.time)
        #expect(reading == .found(BookRecord(isbn: "9784780802047", title: "おにぎりレシピ101", reading: "おにぎりれしぴいちまるいち",
                                             authors: ["山田玲子", "水野菜生"], publisher: "ポット出版", source: .openBD, foundAt: Self.time)))
        #expect(OpenBDAnswer.read(Data("[null]".utf8), isbn: isbn, at: Self.time) == .notFound)
        #expect(OpenBDAnswer.read(Data("<html>".utf8), isbn: isbn, at: Self.time) == .unreadable("openBD's answer is not JSON"))
        #expect(OpenBDAnswer.read(Data(#"[{"summary":{"title":""}}]"#.utf8), isbn: isbn, at: Self.time)
            == .unreadable("openBD's record for ISBN 9784780802047 has no title"))
    }
}
