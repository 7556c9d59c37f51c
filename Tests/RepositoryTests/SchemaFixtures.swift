import Foundation
import Testing

/// The schema steps as shipped builds ran them, saved as SQL (`Tests/schema-fixtures`, with
/// its README): the libraries of earlier versions are built from these, not from this build's
/// rendering of the schema, so a change in the rendering cannot hide in both.
enum SchemaFixtures {
    /// A saved step: its summary (the file's first line) and its SQL.
    struct Step {
        var summary: String
        var sql: String
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("schema-fixtures")

    /// SQLite's steps, oldest first.
    static let sqlite = steps(in: "sqlite")
    /// PostgreSQL's steps, oldest first.
    static let postgres = steps(in: "postgres")

    private static func steps(in folder: String) -> [Step] {
        let folder = directory.appendingPathComponent(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".sql") }.sorted()
        return names.compactMap { name in
            guard let sql = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8),
                  let firstLine = sql.split(separator: "\n", maxSplits: 1).first, firstLine.hasPrefix("-- ") else { return nil }
            return Step(summary: String(firstLine.dropFirst(3)), sql: sql)
        }
    }
}

/// SQL with each run of white space made one space, as a restore compares schemas.
func collapsingWhiteSpace(_ sql: String) -> String {
    sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

/// Where two schemas (a line per object) part: the lines `found` lacks, and those it has besides.
/// Empty when they are the same; short, so a failure shows only what differs.
func schemaDifference(found: [String], expected: [String]) -> [String] {
    expected.filter { !found.contains($0) }.map { "missing: " + $0 } + found.filter { !expected.contains($0) }.map { "extra: " + $0 }
}
