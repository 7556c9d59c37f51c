@testable import BookKioskCommands
import Foundation
import Lending
import LendingSQLite
import StaffPIN
import Testing

/// `serve` on a library where nobody can sign in yet (the demo's teacher lives in demo.sqlite,
/// not in the library `serve` opens): its startup lines and the sign-in page opened on this
/// computer say so, and quote the one command that adds a teacher to this library.
@Suite("serve: nobody can sign in yet")
struct ServeNobodyCanSignInTests {
    /// `bookkiosk serve` on `library.sqlite` in `folder` until `body` has looked; its stdout.
    static func serve(in folder: TemporaryFolder, extra: [String] = [], _ body: (UInt16, String) throws -> Void) throws -> String {
        let process = Process()
        process.executableURL = BookKioskBinary.url
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--db", "library.sqlite"] + extra
        process.currentDirectoryURL = folder.url
        process.environment = ["HOME": folder.url.path, "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8"]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Up to the line that says how to stop it: every startup line is out by then.
        var output = Data()
        while !String(decoding: output, as: UTF8.self).contains("Ctrl-C") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output += chunk
        }
        let text = String(decoding: output, as: UTF8.self)
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        let port = try #require(UInt16(first.split(separator: ":").last?.filter(\.isNumber) ?? ""), "\(text)")
        try body(port, text)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return text + String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test("an empty library: the startup lines and the sign-in page on this computer quote `bookkiosk staff add 名前 --db library.sqlite`")
    func emptyLibrary() throws {
        let folder = try TemporaryFolder()
        let output = try Self.serve(in: folder) { port, startup in
            #expect(startup.contains("まだ誰も先生のページにログインできません。この図書の記録(library.sqlite)には、パスワードのある先生がいません。"), "\(startup)")
            #expect(startup.contains("`bookkiosk staff add 名前 --db library.sqlite` を実行し"), "\(startup)")
            let page = try ServeEndToEndTests.get("/sign-in", port: port)
            #expect(page.contains("まだ誰もログインできません。"))
            #expect(page.contains("`bookkiosk staff add 名前 --db library.sqlite`"))
        }
        #expect(output.components(separatedBy: "staff add").count == 2, "said once: \(output)")
    }

    @Test("in English, with the configuration named: the command names it too")
    func english() throws {
        let folder = try TemporaryFolder()
        try Data(#"{"language": "en"}"#.utf8).write(to: folder.url.appendingPathComponent("english.json"))
        _ = try Self.serve(in: folder, extra: ["--config", "english.json"]) { port, startup in
            #expect(startup.contains("Nobody can sign in to the teachers' page yet: this library (library.sqlite) has no Staff member with a page password."),
                    "\(startup)")
            #expect(startup.contains("Run `bookkiosk staff add NAME --config english.json --db library.sqlite`"), "\(startup)")
            let page = try ServeEndToEndTests.get("/sign-in", port: port)
            #expect(page.contains("`bookkiosk staff add NAME --config english.json --db library.sqlite`"))
        }
    }

    @Test("a teacher with a page password: nothing more is said, on the terminal or the page")
    func aTeacherCanSignIn() throws {
        let folder = try TemporaryFolder()
        let repository = try SQLiteLendingRepository(path: folder.path("library.sqlite"))
        let hash = try PagePassword.make("sakura-2026")
        try repository.transaction { tx in
            try tx.save(StaffAccount(name: "やまだ", pinHash: hash))
            _ = try tx.setPasswordHash(hash, staff: "やまだ")
        }
        let output = try Self.serve(in: folder) { port, _ in
            let page = try ServeEndToEndTests.get("/sign-in", port: port)
            #expect(page.contains(">ログイン</button>"))
            #expect(!page.contains("staff add"))
        }
        #expect(!output.contains("staff add") && !output.contains("ログインできません"), "\(output)")
    }

    @Test("the options in the command: as given, quoted where the shell would split them, a URL without its password",
          arguments: [
            (String?.none, String?.none, ""),
            ("/etc/bookkiosk/config.json", "library.sqlite", " --config /etc/bookkiosk/config.json --db library.sqlite"),
            (nil, "/srv/my library's.sqlite", " --db '/srv/my library'\\''s.sqlite'"),
            (nil, "postgres://kiosk:secret@db.local/library", " --db 'postgres://kiosk:***@db.local/library'"),
          ])
    func libraryOptions(config: String?, database: String?, expected: String) {
        #expect(ServeCommand.libraryOptions(config: config, database: database) == expected)
    }
}
