import Foundation
import Lending

/// An NDL Search SRU answer (`recordSchema=dcndl`) read into a `BookRecord`, with either
/// `recordPacking`: `xml` (the DC-NDL RDF as child elements of `recordData`) or `string` (the
/// same RDF escaped as text inside `recordData`, parsed a second time).
public enum NDLSearchAnswer {
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let dcterms = "http://purl.org/dc/terms/"
    static let dcndl = "http://ndl.go.jp/dcndl/terms/"
    static let foaf = "http://xmlns.com/foaf/0.1/"

    /// Reads the answer's first record. `numberOfRecords` 0 is `.notFound`.
    public static func read(_ data: Data, isbn: ISBN, at time: Date) -> SourceReading {
        let envelope: MarkupElement
        do {
            envelope = try XMLDocument.parse(data)
        } catch {
            return .unreadable("the NDL's answer \(error.description)")
        }
        guard envelope.name == "searchRetrieveResponse" else {
            return .unreadable("the NDL answered with <\(envelope.name)>, not an SRU searchRetrieveResponse")
        }
        if let diagnostic = envelope.anyDescendant("diagnostics").flatMap({ $0.anyDescendant("message") ?? $0.anyDescendant("details") }) {
            return .unreadable("the NDL refused the search: \(diagnostic.text.trimmingWhiteSpace)")
        }
        guard let countText = envelope.anyChild("numberOfRecords")?.trimmedText, let count = Int(countText) else {
            return .unreadable("the NDL's answer has no numberOfRecords")
        }
        guard count > 0 else { return .notFound }
        guard let recordData = envelope.anyChild("records")?.anyChild("record")?.anyChild("recordData") else {
            return .unreadable("the NDL counted \(count) record(s) but sent none")
        }
        let root: MarkupElement
        if let element = recordData.children.first {
            root = element
        } else {
            do {
                root = try XMLDocument.parse(recordData.text)
            } catch {
                return .unreadable("the NDL's record \(error.description)")
            }
        }
        guard let resource = root.isNamed("BibResource", in: dcndl) ? root : root.descendant("BibResource", in: dcndl) else {
            return .unreadable("the NDL's record has no dcndl:BibResource")
        }
        return record(resource, isbn: isbn, at: time)
    }

    /// The record in a `dcndl:BibResource`; only its direct children count (a `dcterms:title`
    /// inside `dcndl:partInformation` is a part's, not the book's).
    static func record(_ resource: MarkupElement, isbn: ISBN, at time: Date) -> SourceReading {
        let titleElement = resource.child("title", in: dc)?.child("Description", in: rdf)
        guard let title = resource.child("title", in: dcterms)?.trimmedText ?? titleElement?.child("value", in: rdf)?.trimmedText else {
            return .unreadable("the NDL's record for ISBN \(isbn) has no title")
        }
        let reading = ReadingText.hiragana(titleElement?.child("transcription", in: dcndl)?.trimmedText)
        var authors = resource.children("creator", in: dcterms).compactMap {
            $0.child("Agent", in: foaf)?.child("name", in: foaf)?.trimmedText.map(personName)
        }
        if authors.isEmpty {
            authors = resource.children("creator", in: dc).compactMap(\.trimmedText)
        }
        let publisher = resource.child("publisher", in: dcterms)?.child("Agent", in: foaf)?.child("name", in: foaf)?.trimmedText
            ?? resource.child("publisher", in: dc)?.trimmedText
        return .found(BookRecord(isbn: isbn.digits, title: title, reading: reading, authors: authors, publisher: publisher,
                                 source: .ndl, foundAt: time))
    }

    /// An authority name as a person reads it: "村上, 春樹, 1949-" → "村上春樹"; a name in
    /// Latin letters keeps its comma ("Fitzgerald, Francis Scott"); life dates are left out.
    static func personName(_ heading: String) -> String {
        let parts = heading.components(separatedBy: ",").map(\.trimmingWhiteSpace).filter { part in
            !part.isEmpty && !part.allSatisfy { $0.isNumber || "-?.年生没頃 ".contains($0) }
        }
        guard !parts.isEmpty else { return heading }
        let latin = parts.contains { $0.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic } }
        return parts.joined(separator: latin ? ", " : "")
    }
}

extension MarkupElement {
    /// The first child with this local name, whatever its namespace (the SRU envelope's
    /// namespace differs between SRU versions).
    func anyChild(_ name: String) -> MarkupElement? {
        children.first { $0.name == name }
    }

    func anyDescendant(_ name: String) -> MarkupElement? {
        for child in children {
            if child.name == name { return child }
            if let found = child.anyDescendant(name) { return found }
        }
        return nil
    }
}
