import TextInput

extension KeyPress {
    /// F2/F3 and the JIS keys 半角/全角, カタカナ/ひらがな: they switch kana input's mode.
    var switchesInputMode: Bool {
        switch self {
        case .function(2), .zenkakuHankaku, .function(3), .katakanaHiragana: true
        case .character, .enter, .escape, .backspace, .space, .left, .right, .henkan, .function: false
        }
    }
}
