import TextInput

extension MessageCatalog {
    /// A text field on the status line: the input mode in brackets (`[A]` keys type
    /// themselves, `[あ]` hiragana, `[カ]` katakana), the committed text, what is being composed
    /// between ‹ › (kana and the romaji letters not yet kana; or a kanji conversion's
    /// segments, the current one in [ ]), then the cursor ▏.
    public func fieldText(_ typed: String, _ composition: TextComposer) -> String {
        "\(Self.modeTag(composition.mode)) \(typed)\(composingText(composition))▏"
    }

    /// What is being composed, between ‹ ›; empty when nothing is.
    func composingText(_ composition: TextComposer) -> String {
        guard composition.isComposing else { return "" }
        if let conversion = composition.conversion {
            let segments = conversion.shown.enumerated().map { $0.offset == conversion.current ? "[\($0.element)]" : $0.element }
            return "‹" + segments.joined() + "›"
        }
        return "‹" + composition.kana + composition.pendingLetters + "›"
    }

    /// Kana input's mode on a prompt that has no text field yet (the menu, a scan while
    /// registering): nothing while keys type themselves, else "かな入力 [あ]" after the prompt.
    public func inputModeText(_ mode: TextInputMode) -> String {
        switch mode {
        case .direct: ""
        case .hiragana, .katakana: (language == .ja ? "かな入力 " : "kana input ") + Self.modeTag(mode)
        }
    }

    /// `inputModeText` after a prompt on the status line: a space before it, or nothing.
    func modeNote(_ mode: TextInputMode) -> String {
        mode == .direct ? "" : " · " + inputModeText(mode)
    }

    static func modeTag(_ mode: TextInputMode) -> String {
        switch mode {
        case .direct: "[A]"
        case .hiragana: "[あ]"
        case .katakana: "[カ]"
        }
    }

    /// The keys that work in a text field now, in place of the step's own hint while a kanji
    /// conversion is on show; otherwise the step's hint and the kana-input keys.
    public func fieldHint(_ stepHint: String, _ composition: TextComposer) -> String {
        let converting = composition.conversion != nil
        switch language {
        case .ja:
            if converting { return "(Space 次の候補 · ←→ 文節 · Enter 確定 · Esc かなにもどる)" }
            return "(\(stepHint) · F2 かな入力 · F3 カタカナ\(composition.isComposing ? " · Space 漢字" : ""))"
        case .en:
            if converting { return "(Space: next candidate · ←→ segment · Enter: commit · Esc: back to kana)" }
            return "(\(stepHint) · F2 kana input · F3 katakana\(composition.isComposing ? " · Space: kanji" : ""))"
        }
    }
}
