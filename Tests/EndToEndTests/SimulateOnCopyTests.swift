import Foundation
import LendingPostgres
import PostgresScratch
import Testing

/// `simulate` on a school's real library: its lends, returns and privacy pass go to a copy
/// unless `--write` says otherwise, and its first line says which.
@Suite("bookkiosk simulate on a copy of the library")
struct SimulateOnCopyTests {
    /// A library with two Books and a child, and a Loan returned on 2026-11-02, in a folder of the test's own.
    func library(language: String) throws -> (TemporaryFolder, [String]) {
        let folder = try TemporaryFolder()
        let config = try folder.write("config.json", #"{"timeZone": "UTC", "privacyDays": 30, "language": "\#(language)"}"#)
        let common = ["--db", folder.path("library.sqlite"), "--config", config]
        for (kind, text) in [("books", "barcode,title\nB0001,ぐりとぐら\nB0002,ももたろう\n"), ("users", "card,name\nC0001,はると\n")] {
            let result = try BookKioskBinary.run(["import", kind, try folder.write("\(kind).csv", text)] + common, in: folder.url)
            #expect(result.status == 0, "\(result.errors)")
        }
        let returned = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-11-01T09:00:00Z"] + common,
                                               input: "C0001\nB0001\n@at 2026-11-02T09:00:00\nB0001\n", in: folder.url)
        #expect(returned.status == 0, "\(returned.errors)")
        return (folder, common)
    }

    func loans(_ common: [String], in folder: TemporaryFolder) throws -> [String] {
        Array(try BookKioskBinary.run(["export", "loans"] + common, in: folder.url).lines.dropFirst())
    }

    @Test("without --write: the events are the kiosk's, the library keeps its Loans and its borrower's name, the first line says so",
          arguments: [("en", "simulate: on a copy of "), ("ja", "simulate: ")])
    func onACopy(language: String, firstLine: String) throws {
        let (folder, common) = try library(language: language)
        let before = try loans(common, in: folder)
        #expect(before.count == 1 && before[0].contains("C0001"), "\(before)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path("library.sqlite")))
        // A month later: a lend, and the privacy pass, which would forget who borrowed B0001.
        let result = try BookKioskBinary.run(["simulate", "--now", "2026-12-20T09:00:00Z"] + common, input: "C0001\nB0002\n", in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try result.events().map { $0["event"] as? String } == ["ready", "greeted", "lent"])
        let first = try #require(result.errors.split(separator: "\n").first.map(String.init))
        #expect(first.hasPrefix(firstLine) && first.contains(folder.path("library.sqlite")) && first.contains("--write"), "\(first)")
        if language == "ja" { #expect(first.contains("のコピーで動かします"), "\(first)") }
        #expect(try loans(common, in: folder) == before, "the library lent nothing and forgot nobody")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("library.sqlite"))) == bytes, "the file was not even migrated or checkpointed")
    }

    @Test("with --write: the lend and the privacy pass are in the library, the first line says it is written")
    func written() throws {
        let (folder, common) = try library(language: "en")
        let result = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-20T09:00:00Z"] + common, input: "C0001\nB0002\n", in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.hasPrefix("simulate: lends and returns in the library \(folder.path("library.sqlite")) itself (--write)"), "\(result.errors)")
        let after = try loans(common, in: folder)
        #expect(after.count == 2, "\(after)")
        #expect(after.contains { $0.hasPrefix("B0001,ぐりとぐら,,,") }, "the privacy pass forgot B0001's borrower: \(after)")
        #expect(after.contains { $0.hasPrefix("B0002,ももたろう,C0001,") }, "\(after)")
    }

    @Test("the privacy pass's line is in the configuration's language", arguments: [
        ("en", "privacy: 1 Loans returned over 30 days ago no longer name their User"),
        ("ja", "個人情報: 30 日より前に返された貸出 1 件から、借りた利用者の名前を消しました"),
    ])
    func privacyLine(language: String, line: String) throws {
        let (folder, common) = try library(language: language)
        let result = try BookKioskBinary.run(["simulate", "--now", "2026-12-20T09:00:00Z"] + common, input: "", in: folder.url)
        #expect(result.errors.contains(line), "\(result.errors)")
        #expect(!result.errors.contains(language == "ja" ? "no longer name" : "個人情報"), "\(result.errors)")
    }

    @Test("no library yet: an empty one that is not kept, and no file is made")
    func noLibraryYet() throws {
        let folder = try TemporaryFolder()
        let result = try BookKioskBinary.run(["simulate", "--db", folder.path("none/library.sqlite"), "--config",
                                              try folder.write("config.json", #"{"language": "en"}"#)], input: "C0001\n", in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.hasPrefix("simulate: there is no library at \(folder.path("none/library.sqlite")) yet"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("none")))
    }

    @Test("--write is on simulate's usage line")
    func usage() throws {
        let folder = try TemporaryFolder()
        let help = try BookKioskBinary.run(["help"], in: folder.url)
        #expect(help.output.contains("simulate [--now T] [--write]"), "\(help.output)")
    }

    @Test("a shared PostgreSQL library without --write: refused, saying why, nothing lent",
          .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
    func sharedLibrary() throws {
        let server = try ScratchPostgresServer.shared()
        let url = try server.freshDatabase()
        defer { try? server.dropDatabase(url) }
        let folder = try TemporaryFolder()
        let common = ["--db", url.text, "--config", try folder.write("config.json", #"{"timeZone": "UTC", "language": "ja"}"#)]
        for (kind, text) in [("books", "barcode,title\nB0001,ぐりとぐら\n"), ("users", "card,name\nC0001,はると\n")] {
            #expect(try BookKioskBinary.run(["import", kind, try folder.write("\(kind).csv", text)] + common, in: folder.url).status == 0)
        }
        let refused = try BookKioskBinary.run(["simulate", "--now", "2026-12-01T09:00:00Z"] + common, input: "C0001\nB0001\n", in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.output.isEmpty)
        #expect(refused.errors.contains("共有の PostgreSQL の図書館") && refused.errors.contains("--write"), "\(refused.errors)")
        #expect(try BookKioskBinary.run(["export", "loans"] + common, in: folder.url).lines.count == 1, "no Loan was made")
        let written = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00Z"] + common, input: "C0001\nB0001\n", in: folder.url)
        #expect(written.status == 0, "\(written.errors)")
        #expect(try BookKioskBinary.run(["export", "loans"] + common, in: folder.url).lines.count == 2)
    }
}
