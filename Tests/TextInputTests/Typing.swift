import TextInput

/// Typing keys into a `TextComposer` as a text field would.
enum Typing {
    /// Types `romaji` into a composer in `mode` and presses Enter: the text committed.
    static func committed(_ romaji: String, mode: TextInputMode = .hiragana) -> String {
        var composer = TextComposer(mode: mode)
        return type(romaji.map(KeyPress.character) + [.enter], into: &composer)
    }

    /// Feeds `keys`; returns the text committed, with characters and spaces passed on added
    /// as a text field would add them.
    static func type(_ keys: [KeyPress], into composer: inout TextComposer) -> String {
        var text = ""
        for key in keys {
            let answer = composer.handle(key)
            text += answer.commit
            switch answer.key {
            case .character(let character): text.append(character)
            case .space: text += " "
            case .backspace: if !text.isEmpty { text.removeLast() }
            default: break
            }
        }
        return text
    }
}
