/// One key a person pressed on the staff keyboard.
public enum KeyPress: Sendable, Hashable {
    /// A printable character (already decoded with the keyboard's layout).
    case character(Character)
    case enter
    case escape
    case backspace
    /// The space bar (a space, or kanji conversion while kana are being composed).
    case space
    /// The arrow keys ← and → (they move between segments during kanji conversion).
    case left
    case right
    /// 半角/全角 on a JIS keyboard: turns kana input on and off, as F2 does.
    case zenkakuHankaku
    /// カタカナ/ひらがな on a JIS keyboard: switches hiragana and katakana, as F3 does.
    case katakanaHiragana
    /// 変換 on a JIS keyboard: kanji conversion, as Space does while kana are being composed.
    case henkan
    /// F1…F24.
    case function(Int)
}
