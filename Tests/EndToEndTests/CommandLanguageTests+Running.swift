import Foundation
import POSIX
import Testing
@testable import BookKioskCommands
@testable import CommandCore

/// serve, staff password, report audit/popular/classes, copy, init, lookup, simulate, demo and
/// say speak Japanese with "language": "ja", run as a person runs them.
extension CommandLanguageTests {
    func ran(_ arguments: [String], input: String = "", config: String = #"{"timeZone": "UTC", "language": "ja", "sound": false}"#,
             in folder: TemporaryFolder) throws -> BookKioskBinary.Result {
        let file = try folder.write("japanese.json", config)
        return try BookKioskBinary.run(arguments + ["--db", folder.path("library.sqlite"), "--config", file], input: input, in: folder.url)
    }

    @Test("init, report, staff password, lookup, simulate, serve, demo and say answer in Japanese")
    func theRestInJapanese() throws {
        let folder = try TemporaryFolder()
        #expect(try ran(["init"], in: folder).output.contains("空の図書の記録を作りました"))
        #expect(try ran(["init"], in: folder).output.contains("図書の記録は使えます"))
        #expect(try ran(["init", "extra"], in: folder).errors.contains("init に付けられるのは --db と --config だけです"))

        #expect(try ran(["report", "audit"], in: folder).output.contains("操作の記録はまだありません"))
        #expect(try ran(["report", "popular", "--now", "2026-11-24T10:00:00Z"], in: folder).output.contains("2026-04 から、貸し出した絵本はありません。"))
        #expect(try ran(["report", "classes", "--now", "2026-11-24T10:00:00Z"], in: folder).output.contains("貸し出した絵本はありません"))
        #expect(try ran(["report", "popular", "--top", "0"], in: folder).errors.contains("--top には 1 以上の整数を書きます"))
        #expect(try ran(["report", "popular", "--since", "soon"], in: folder).errors.contains("--since には 2026-04-01 のような日付"))

        #expect(try ran(["staff", "password", "たなか"], input: "longenough\n", in: folder).errors.contains("たなか という先生はいません"))
        #expect(try ran(["staff", "add", "たなか"], input: "2468\n", in: folder).status == 0)
        #expect(try ran(["staff", "password", "たなか"], input: "short\n", in: folder).errors
            .contains("このパスワードは 5 文字です。ページのパスワードは 8 文字以上にしてください。何も変えていません。"))
        #expect(try ran(["staff", "password", "たなか"], input: "", in: folder).errors.contains("パスワードが入力されなかった"))
        let set = try ran(["staff", "password", "たなか"], input: "himawari-2026\n", in: folder)
        #expect(set.output.contains("たなか のページのパスワードを決めました"), "\(set.errors)")

        let lookup = try ran(["lookup", "9784344018470"], in: folder)
        #expect(lookup.status == 1)
        #expect(lookup.output.contains("9784344018470  見つかりません"), "\(lookup.output)")
        #expect(lookup.output.contains("最後の文字は 1 のはずです"), "\(lookup.output)")
        #expect(try ran(["lookup"], in: folder).errors.contains("ISBN を 1 つ以上書いてください"))

        let simulated = try ran(["simulate", "--write"], input: "@wait soon\n", in: folder)
        #expect(simulated.errors.contains("1行目: ") && simulated.errors.contains("この行はとばしました"), "\(simulated.errors)")
        #expect(try ran(["simulate", "--write", "extra"], in: folder).errors.contains("simulate はスキャンを標準入力から読むので"))

        #expect(try ran(["serve", "extra"], in: folder).errors.contains("`bookkiosk serve` には言葉を付けません"))
        let badPort = try ran(["serve", "--listen", "127.0.0.1:99999"], in: folder).errors
        #expect(badPort.contains("--listen「127.0.0.1:99999」のコロンのあとに 0 から 65535 のポート番号がありません"), "\(badPort)")
        #expect(badPort.contains("使い方は `bookkiosk help` で見られます。") && !badPort.contains("Run `bookkiosk help`"), "\(badPort)")
        let tls = try ran(["serve", "--listen", "127.0.0.1:0"],
                          config: #"{"language": "ja", "web": {"certificate": "/nowhere/cert.pem", "key": "/nowhere/key.pem"}}"#, in: folder)
        #expect(tls.status == 1)
        #expect(tls.errors.contains("証明書 /nowhere/cert.pem(web.certificate)を読めません"), "\(tls.errors)")

        let demo = try ran(["demo", "--no-window", "--db", folder.path("demo.sqlite")], in: folder)
        #expect(demo.output.contains("BookKiosk デモ — サンプルの図書館"), "\(demo.output)\(demo.errors)")
        #expect(demo.output.contains("標準入力の各行をスキャンとして読みます。"))
        #expect(try ran(["demo", "extra"], in: folder).errors.contains("`bookkiosk demo` には言葉を付けません"))

        #expect(try ran(["say"], in: folder).errors.contains("何を話すか書いてください"))
        #expect(try ran(["say", "--language", "fr", "bonjour"], in: folder).errors.contains("--language は ja か en です"))
    }

    @Test("copy, which takes no --config, speaks the default configuration's language (Japanese by default)")
    func copyInJapanese() throws {
        let folder = try TemporaryFolder()
        let usage = try BookKioskBinary.run(["copy"], in: folder.url)
        #expect(usage.status == 2)
        #expect(usage.errors.contains("copy には --from library.sqlite と --to postgresql://… が要ります"), "\(usage.errors)")
        let notURL = try BookKioskBinary.run(["copy", "--from", "a.sqlite", "--to", "b.sqlite"], in: folder.url)
        #expect(notURL.errors.contains("--to には postgresql:// で始まる URL を書きます(書かれていたのは b.sqlite)"), "\(notURL.errors)")
    }

    /// The words of the commands above, in both languages: a Japanese one that is English (or
    /// left the same as the English) fails here; a missing one does not compile.
    @Test("every word of serve, staff password, the counts, copy, init, lookup, simulate, demo and say is Japanese in Japanese")
    func japaneseWordsAreJapanese() {
        func words(_ say: any CommandWords) -> [String] {
            [say.auditLogEmpty, say.sinceUsage, say.topUsage, say.lendScope(sinceMonth: "2026-04", className: "ひよこ組"),
             say.nothingLent("x"), say.mostLentHeading("x"), say.copies(3), say.lendsPerClassHeading("x"), say.noClass,
             say.noSuchStaffForPassword("x"), say.offerPassword("x"), say.noPasswordYet("x"), say.setPasswordLater("x", name: "x"),
             say.passwordNotKept("x"), say.passwordSet("x"), say.passwordPrompt("x", minimum: 8), say.passwordAgainPrompt,
             say.noPasswordGiven, say.passwordTooShort(3, minimum: 8), say.passwordsDiffer,
             say.serveUsage, say.listenUsage(ListenAddressError(text: "x", problem: .notAnAddress)), say.pageDidNotStart("x"), say.serving("x", database: "x"),
             say.pageStopTimedOut(seconds: 8), say.pageStopped, say.certificateUnreadable("x"), say.keyUnreadable("x"),
             say.copyUsage, say.copyTargetUsage(got: "x"),
             say.copied("a", to: "b", CopiedCounts(books: 1, users: 2, classes: 3, loans: 4, staff: 5, auditEntries: 6, printed: 7, bookRecords: 8)),
             say.initTakesNoWords("x"), say.libraryReady("x"), say.madeEmptyLibrary("x"),
             say.lookupUsage, say.readingLabel, say.authorsLabel, say.publisherLabel, say.sourceLabel, say.noteLabel, say.noneGiven,
             say.fromLookupCache, say.differingTitle(source: "x", title: "x"), say.notFound, say.ndlName,
             say.simulateTakesNoWords(got: "x"), say.kioskNotStarted("x"), say.lineSkipped(1, problem: "x"),
             say.simulateOnCopy("x"), say.simulateOnEmptyLibrary("x"), say.simulateWrites("x"), say.simulateRefusedOnSharedLibrary("x"),
             say.pageAt("x"), say.notACommand("x"),
             say.speechFolderNotMade("x", "x"), say.speechNotWritten("x", text: "x", "x"), say.speechFolderNotWritable("x", "x"),
             say.demoTakesNoWords, say.languageUsage, say.screenSizeUsage(got: "x"), say.demoNoDesktop, say.demoWindow("x"),
             say.demoWindowFailed("x"), say.demoWindowTitle, say.inactiveMark, say.demoTyping(interactive: true),
             say.demoTyping(interactive: false), say.demoInstructions(database: "x", typing: "x", cards: [], books: [], pin: "1"),
             say.sayUsage, say.notSpoken("x", "x"), say.wavNotWritten("x", "x"), say.wroteWAV("x", seconds: 1), say.playerIsNone,
             say.noSpeechEngine(["x"])]
        }
        let japanese = words(JapaneseCommandWords()), english = words(EnglishCommandWords())
        #expect(japanese.count == english.count)
        let kanaOrKanji = /[\p{Hiragana}\p{Katakana}\p{Han}]/
        for (index, (ja, en)) in zip(japanese, english).enumerated() {
            #expect(ja != en, "word \(index) is the same in both languages: \(ja)")
            #expect(ja.contains(kanaOrKanji), "word \(index) has no Japanese in Japanese: \(ja)")
            #expect(!ja.isEmpty && !en.isEmpty)
        }
    }

    /// A refused command line ends with where its usage is, in the refusal's own language.
    @Test("the pointer to the usage follows a refusal in its language, with one full stop", arguments: [
        ("--listen: \"x\" has no port: write ADDRESS:PORT.", "serve: --listen: \"x\" has no port: write ADDRESS:PORT. Run `bookkiosk help` for the usage."),
        ("`bookkiosk serve` takes no words", "serve: `bookkiosk serve` takes no words. Run `bookkiosk help` for the usage."),
        ("`bookkiosk serve` には言葉を付けません", "serve: `bookkiosk serve` には言葉を付けません。使い方は `bookkiosk help` で見られます。"),
        ("何を話すか書いてください。", "serve: 何を話すか書いてください。使い方は `bookkiosk help` で見られます。"),
    ])
    func usagePointer(_ refusal: String, _ expected: String) {
        #expect(BookKiosk.usageError("serve", refusal) == expected)
    }
}
