import Foundation
import Testing

/// Lines a new school found in English under a Japanese configuration: each now in the
/// configuration's language, run as a person runs them.
extension CommandLanguageTests {
    @Test("print labels names the sheet once, in Japanese", arguments: [("ja", "ラベル 1 枚を labels.pdf に書きました(A-One 28368 の用紙、1 枚 44 面、1 ページ)。"),
                                                                      ("en", "Wrote 1 label on 1 page of A-One 28368 (44 a sheet) to labels.pdf.")])
    func printLabels(language: String, expected: String) throws {
        let folder = try TemporaryFolder()
        #expect(try run(["import", "books", try folder.write("books.csv", "barcode,title\nB0001,ぐりとぐら\n")], language: language, in: folder).status == 0)
        let printed = try run(["print", "labels", "--out", "labels.pdf"], language: language, in: folder)
        #expect(printed.status == 0, "\(printed.errors)")
        #expect(printed.output.hasPrefix(expected), "\(printed.output)")
        #expect(!printed.output.contains("a-one-28368"), "the sheet is said once: \(printed.output)")
    }

    @Test("an unknown command is refused in the configuration's language: the one named by --config, else the default one", arguments: [
        (#"{"language": "ja"}"#, "「foo」という bookkiosk のコマンドはありません。コマンドの一覧は `bookkiosk help` で見られます。"),
        (#"{"language": "en"}"#, "\"foo\" is not a bookkiosk command. Run `bookkiosk help` to see the commands."),
    ])
    func unknownCommand(config: String, expected: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("config.json", config)
        let named = try BookKioskBinary.run(["foo", "--config", file], in: folder.url)
        #expect(named.status == 2)
        #expect(named.errors == expected + "\n", "\(named.errors)")
        #expect(try BookKioskBinary.run(["foo", "--config=" + file], in: folder.url).errors == expected + "\n")
        // The default configuration (~/.config/bookkiosk/config.json, HOME being the folder).
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".config/bookkiosk"), withIntermediateDirectories: true)
        _ = try folder.write(".config/bookkiosk/config.json", config)
        #expect(try BookKioskBinary.run(["foo"], in: folder.url).errors == expected + "\n")
    }

    @Test("serve on a port already in use says so in Japanese, with what to do")
    func portInUse() throws {
        let folder = try TemporaryFolder()
        let (descriptor, port) = try ServeListenTests.occupiedPort()
        defer { close(descriptor) }
        let result = try ran(["serve", "--listen", "127.0.0.1:\(port)"], in: folder)
        #expect(result.status == 1)
        #expect(result.errors.contains("先生のページを始められませんでした。127.0.0.1:\(port) では、ほかのプログラムがもう待っています"), "\(result.errors)")
        #expect(result.errors.contains("ss -ltnp 'sport = :\(port)'"))
        #expect(!result.errors.contains("Another program"), "\(result.errors)")
    }
}
