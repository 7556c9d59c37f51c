import Testing

extension DemoInTmuxTests {
    /// Kana input on the terminal: F2 and F3 as the terminal sends them, the kana being
    /// composed on the status line, and the Book registered under its kana title.
    @Test func aTeacherTypesAJapaneseTitleWithF2AndF3() throws {
        _ = try screen(untilTheStatusLineShows: "Scan your card")
        try type("F12")
        _ = try screen(untilTheStatusLineShows: "PIN")
        try type("1234", "Enter")
        _ = try screen(untilTheStatusLineShows: "l lend")
        try type("b")
        _ = try screen(untilTheStatusLineShows: "Add a book")
        try type("B0100", "Enter")
        #expect(try screen(untilTheStatusLineShows: "title").last?.contains("title [A] ▏") == true)
        try type("F2")
        #expect(try screen(untilTheStatusLineShows: "[あ]").last?.contains("title [あ] ▏") == true)
        try type("guritogur")
        #expect(try screen(untilTheStatusLineShows: "‹ぐりとぐr›").last?.contains("title [あ] ‹ぐりとぐr›▏") == true)
        try type("a", "F3", "pan")
        // Wait for the last key's echo, not for [カ]: F3 shows before "pan" has arrived.
        #expect(try screen(untilTheStatusLineShows: "‹ぐりとぐらパn›").last?.contains("[カ]") == true)
        try type("Enter")
        let author = try screen(untilTheStatusLineShows: "author")
        #expect(author.last?.contains("“ぐりとぐらパン”: author [カ] ▏") == true)
        try type("Enter")
        #expect(try screen(untilTheStatusLineShows: "Registered the book").last?.contains("“ぐりとぐらパン”") == true)
        // Menu keys stay plain keys with kana input on.
        try type("Escape")
        _ = try screen(untilTheStatusLineShows: "l lend")
        try type("q")
        #expect(try screen(untilTheStatusLineShows: "Left staff mode").last?.hasPrefix("✦ Left staff mode") == true)
    }
}
