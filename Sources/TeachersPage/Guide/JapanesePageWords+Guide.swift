extension JapanesePageWords {
    public var guide: String { "使い方" }
    public var guideLanguageNote: String { "" }
    public var guideMissing: String {
        "このコンピューターには手引きのファイルがありません。BookKiosk のパッケージを入れ直すか、BookKiosk のソースの docs/ja/teachers.md をご覧ください。"
    }
}
