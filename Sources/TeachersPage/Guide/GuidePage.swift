/// 「使い方」 as it is shown: the guide, or that it is not on this computer.
struct GuidePage {
    var guide: TeachersGuide?
}

extension GuidePage {
    func heading(words: any PageWords) -> String {
        guide?.title ?? words.guide
    }

    /// The guide (written in Japanese, so marked as such), with a note where the page speaks
    /// another language. Pure: the same value renders the same.
    func content(words: any PageWords) -> [HTML] {
        guard let guide else { return [.el(.p, [.class("warning")], .text(words.guideMissing))] }
        let note: [HTML] = words.guideLanguageNote.isEmpty ? [] : [.el(.p, [.class("hint")], .text(words.guideLanguageNote))]
        return note + [.el(.section, [.class("guide"), HTMLAttribute(.lang, "ja")], children: guide.content)]
    }
}
