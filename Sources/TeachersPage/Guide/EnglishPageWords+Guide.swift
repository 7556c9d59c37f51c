extension EnglishPageWords {
    public var guide: String { "Guide" }
    public var guideLanguageNote: String {
        "The teachers' guide is written in Japanese, for the teachers who use the page; BookKiosk's docs/ folder has the same in English (docs/teachers-page.md, docs/books-and-children.md, docs/printing.md, docs/school-year.md)."
    }
    public var guideMissing: String {
        "The guide's file is not on this computer: install BookKiosk's package again, or read docs/ja/teachers.md in BookKiosk's source."
    }
}
