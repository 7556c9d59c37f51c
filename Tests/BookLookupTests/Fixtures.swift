import Foundation
import Testing

/// The recorded NDL Search and openBD answers (`Tests/lookup-fixtures`, with their README).
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("lookup-fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    /// The recorded string-packed SRU answer turned into its `recordPacking=xml` form: the RDF
    /// unescaped into `recordData` as elements, as the NDL sends it when asked for `xml`.
    static func xmlPacked(_ name: String) throws -> String {
        let text = try text(name)
        let start = try #require(text.range(of: "<recordData>"))
        let end = try #require(text.range(of: "</recordData>"))
        let escaped = String(text[start.upperBound..<end.lowerBound])
        let rdf = escaped.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        return (text[..<start.upperBound] + rdf + text[end.lowerBound...])
            .replacingOccurrences(of: "<recordPacking>string</recordPacking>", with: "<recordPacking>xml</recordPacking>")
    }
}
