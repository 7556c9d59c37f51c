import Foundation
import Testing

/// The built `bookkiosk simulate`, scanned as a new school did: a Book goes only to the child
/// whose Card was scanned last, whatever was refused in between.
@Suite("bookkiosk simulate: the last Card scanned")
struct LastCardScenarioTests {
    static let books = "barcode,title\nB0001,ぐりとぐら\nB0002,はらぺこあおむし\n"
    static let users = "card,name,active\nC0001,はると,yes\nC0002,めい,yes\nC0004,そら,no\n"
    static let config = #"{"timeZone": "Asia/Tokyo", "language": "ja"}"#

    /// Runs `scans` through `simulate` on a library of its own and gives the event stream.
    func simulate(_ scans: [String]) throws -> [[String: Any]] {
        let folder = try TemporaryFolder()
        let common = ["--db", folder.path("library.sqlite"), "--config", try folder.write("config.json", Self.config)]
        for (kind, csv) in [("books", Self.books), ("users", Self.users)] {
            let imported = try BookKioskBinary.run(["import", kind, try folder.write("\(kind).csv", csv)] + common, in: folder.url)
            #expect(imported.status == 0, "\(imported.errors)")
        }
        let result = try BookKioskBinary.run(["simulate", "--now", "2026-12-08T09:00:00"] + common,
                                             input: scans.joined(separator: "\n") + "\n", in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        return try result.events()
    }

    func summary(_ events: [[String: Any]]) -> [String] {
        events.map { event in
            ["event", "reason", "user", "book"].compactMap { event[$0].map { "\($0)" } }.joined(separator: " ")
        }
    }

    @Test("a refused Card: the previous child's Session is closed and the Book is lent to no one")
    func aRefusedCard() throws {
        #expect(summary(try simulate(["C0001", "C0004", "B0002"])) == [
            "ready",
            "greeted C0001",
            "sessionClosed C0001",
            "refused userInactive C0004",
            "refused cardFirst B0002",
        ])
    }

    @Test("an unknown barcode that may be a Card: answered in no one's name, the Book lent to no one")
    func anUnknownBarcodeThatMayBeACard() throws {
        #expect(summary(try simulate(["C0001", "X-404", "B0002"])) == [
            "ready",
            "greeted C0001",
            "sessionClosed C0001",
            "refused unknownBarcode",
            "refused cardFirst B0002",
        ])
    }

    @Test("an unknown barcode of the Books' numbering: the same child goes on borrowing")
    func anUnknownBookNumber() throws {
        #expect(summary(try simulate(["C0001", "20009999", "B0002"])) == [
            "ready",
            "greeted C0001",
            "refused unknownBarcode C0001",
            "lent C0001 B0002",
        ])
    }

    @Test("the next child's own Card: her Books are hers")
    func theNextChildsCard() throws {
        #expect(summary(try simulate(["C0001", "C0004", "C0002", "B0002"])) == [
            "ready",
            "greeted C0001",
            "sessionClosed C0001",
            "refused userInactive C0004",
            "greeted C0002",
            "lent C0002 B0002",
        ])
    }
}
