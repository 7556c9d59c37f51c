import Foundation
import Testing

/// `simulate --screens DIR`: one PNG per event line, named after its place and event, and the
/// staff prompts' frames after them.
@Suite("simulate --screens")
struct SimulateScreensTests {
    /// An English library in `folder` holding the Book B0001 and the User C0001, made by
    /// `import`; the options that name it and its configuration.
    static func library(in folder: TemporaryFolder) throws -> [String] {
        let config = try folder.write("config.json", #"{"timeZone": "Asia/Tokyo", "language": "en"}"#)
        let common = ["--db", folder.path("library.sqlite"), "--config", config]
        _ = try BookKioskBinary.run(["import", "books", try folder.write("books.csv", "barcode,title\nB0001,Guri and Gura\n")] + common, in: folder.url)
        _ = try BookKioskBinary.run(["import", "users", try folder.write("users.csv", "card,name\nC0001,Haruto\n")] + common, in: folder.url)
        return common
    }

    @Test func oneFramePerEventLineAndPerPrompt() throws {
        let folder = try TemporaryFolder()
        let common = try Self.library(in: folder)
        let frames = folder.path("frames")
        let result = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00", "--screens", frames, "--screen-size", "800x480"] + common,
                                             input: "C0001\nB0001\nB0001\n@key F12\n@type 1\n", in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        #expect(names == ["0001-ready.png", "0002-greeted.png", "0003-lent.png", "0004-duplicate.png", "0005-prompt-1.png", "0005-prompt-2.png",
                          "0005-sessionEnded.png"])
        // F12 ends the Session (event 5), then the PIN prompt and one digit typed follow it.
        #expect(result.output.split(separator: "\n").count == 5)
        let png = try #require(FileManager.default.contents(atPath: (frames as NSString).appendingPathComponent("0003-lent.png")))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The IHDR chunk holds the size asked for.
        let bytes = [UInt8](png)
        #expect(Array(bytes[16..<24]) == [0, 0, 0x03, 0x20, 0, 0, 0x01, 0xE0])
    }

    @Test func inMemoryFramesWriteNoFileAndTheSameEvents() throws {
        let folder = try TemporaryFolder()
        let common = try Self.library(in: folder)
        let scans = "C0001\nB0001\nB0001\n"
        let painted = try BookKioskBinary.run(["simulate", "--write", "--now", "2026-12-01T09:00:00", "--screens-in-memory", "--screen-size", "800x480"] + common,
                                              input: scans, in: folder.url)
        #expect(painted.status == 0, "\(painted.errors)")
        let events = painted.output.split(separator: "\n").compactMap { $0.split(separator: ",").first }
        #expect(events == [#"{"event":"ready""#, #"{"event":"greeted""#, #"{"event":"lent""#, #"{"event":"duplicate""#])
        // Painted, not written: no picture anywhere in the folder it ran in.
        let written = FileManager.default.enumerator(atPath: folder.url.path)?.compactMap { $0 as? String } ?? []
        #expect(!written.isEmpty)
        #expect(!written.contains { $0.hasSuffix(".png") })
    }

    @Test func framesInFilesAndInMemoryAreOneOrTheOther() throws {
        let folder = try TemporaryFolder()
        let result = try BookKioskBinary.run(["simulate", "--write", "--db", folder.path("l.sqlite"), "--screens", folder.path("f"), "--screens-in-memory"],
                                             in: folder.url)
        #expect(result.status != 0)
        #expect(result.errors.contains("give one of them"))
    }

    @Test func aBadSizeIsRefusedWithWhatToType() throws {
        let folder = try TemporaryFolder()
        let result = try BookKioskBinary.run(["simulate", "--write", "--db", folder.path("l.sqlite"), "--screens", folder.path("f"), "--screen-size", "big"],
                                             in: folder.url)
        #expect(result.status != 0)
        #expect(result.errors.contains("--screen-size must be WIDTHxHEIGHT"))
    }
}
