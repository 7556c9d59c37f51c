import CEvdev
import TextInput

/// Turns the key events of an evdev staff keyboard into `KeyPress`es. A pure value: no clock,
/// no I/O.
///
/// - Characters come from key codes through the keyboard's `KeyboardLayout`, with Shift and
///   CapsLock (toggled on press, letters only). Keypad digits and `.+-*/` type themselves
///   (NumLock is taken as on, as `ScanDecoder` does).
/// - Enter and keypad Enter are `.enter`; Esc, Backspace, Space, ←, → and F1…F24 are
///   themselves. The JIS keys 半角/全角, カタカナ/ひらがな and 変換 are `.zenkakuHankaku`,
///   `.katakanaHiragana` and `.henkan` on any layout; on the JIS layout the key left of 1
///   (`KEY_GRAVE`, where a JIS keyboard has 半角/全角) is `.zenkakuHankaku` too.
/// - Holding a key repeats it as a terminal does, but only where that is harmless: a repeat
///   (value 2) of a character, Space, an arrow or Backspace is another press; a repeat of
///   Enter, Esc, a function key or a JIS mode key is ignored, so holding Enter confirms once
///   and holding Esc goes back one step.
/// - With Ctrl, Alt or the Super/Windows key held, no character (or space) is typed
///   (shortcuts are not text); the other keys still count.
/// - Releases and every other key (Tab, ↑, ↓, 無変換, …) give nothing.
public struct StaffKeyDecoder: Sendable {
    public let layout: KeyboardLayout

    private var shiftKeys: Set<UInt16> = []
    /// Ctrl, Alt and Super keys held down.
    private var shortcutKeys: Set<UInt16> = []
    private var capsLock = false

    public init(layout: KeyboardLayout = .us) {
        self.layout = layout
    }

    /// Feeds one event; returns the key it typed, if any.
    public mutating func handle(_ event: InputEvent) -> KeyPress? {
        guard event.type == UInt16(EV_KEY), let value = KeyValue(rawValue: event.value) else { return nil }
        let code = event.code
        if updateModifiers(code: code, value: value) { return nil }
        switch value {
        case .release:
            return nil
        case .press:
            if Int32(code) == KEY_CAPSLOCK {
                capsLock.toggle()
                return nil
            }
            return Self.controlKey(code) ?? editingKey(code) ?? modeKey(code) ?? character(code)
        case .repeat:
            if let key = editingKey(code) { return key }
            return Self.controlKey(code) == nil && modeKey(code) == nil ? character(code) : nil
        }
    }

    /// Applies an event from libevdev's resync (after `SYN_DROPPED`): it brings the held
    /// modifiers up to date and types nothing.
    public mutating func applyResync(_ event: InputEvent) {
        guard event.type == UInt16(EV_KEY), let value = KeyValue(rawValue: event.value) else { return }
        _ = updateModifiers(code: event.code, value: value)
    }

    /// Tracks Shift and the shortcut modifiers; returns whether `code` is one of them.
    private mutating func updateModifiers(code: UInt16, value: KeyValue) -> Bool {
        switch Int32(code) {
        case KEY_LEFTSHIFT, KEY_RIGHTSHIFT:
            if value == .release { shiftKeys.remove(code) } else { shiftKeys.insert(code) }
        case KEY_LEFTCTRL, KEY_RIGHTCTRL, KEY_LEFTALT, KEY_RIGHTALT, KEY_LEFTMETA, KEY_RIGHTMETA:
            if value == .release { shortcutKeys.remove(code) } else { shortcutKeys.insert(code) }
        default:
            return false
        }
        return true
    }

    private func character(_ code: UInt16) -> KeyPress? {
        guard shortcutKeys.isEmpty else { return nil }
        let shifted = !shiftKeys.isEmpty != (capsLock && KeyboardLayout.isLetter(code))
        return layout.character(forKey: code, shifted: shifted).map(KeyPress.character)
    }

    /// Backspace, Space and the arrows ← →: keys that repeat while held. Space types no
    /// space while a shortcut modifier is held.
    private func editingKey(_ code: UInt16) -> KeyPress? {
        switch Int32(code) {
        case KEY_BACKSPACE: .backspace
        case KEY_SPACE: shortcutKeys.isEmpty ? .space : nil
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        default: nil
        }
    }

    /// The JIS input-mode keys: 半角/全角 (and, on the JIS layout, `KEY_GRAVE`, which is where
    /// a JIS keyboard's 半角/全角 key reports), カタカナ/ひらがな (and the separate カタカナ and
    /// ひらがな keys some keyboards have), 変換.
    private func modeKey(_ code: UInt16) -> KeyPress? {
        switch Int32(code) {
        case KEY_ZENKAKUHANKAKU: .zenkakuHankaku
        case KEY_GRAVE where layout == .jp: .zenkakuHankaku
        case KEY_KATAKANAHIRAGANA, KEY_KATAKANA, KEY_HIRAGANA: .katakanaHiragana
        case KEY_HENKAN: .henkan
        default: nil
        }
    }

    /// The keys that do not repeat: Enter, keypad Enter, Esc, F1…F24.
    static func controlKey(_ code: UInt16) -> KeyPress? {
        switch Int32(code) {
        case KEY_ENTER, KEY_KPENTER: .enter
        case KEY_ESC: .escape
        default: functionKeys[code].map(KeyPress.function)
        }
    }

    /// F1…F24 by key code: the kernel numbers them in three runs.
    private static let functionKeys: [UInt16: Int] = {
        let codes: [Int32] = [
            KEY_F1, KEY_F2, KEY_F3, KEY_F4, KEY_F5, KEY_F6, KEY_F7, KEY_F8, KEY_F9, KEY_F10, KEY_F11, KEY_F12,
            KEY_F13, KEY_F14, KEY_F15, KEY_F16, KEY_F17, KEY_F18, KEY_F19, KEY_F20, KEY_F21, KEY_F22, KEY_F23, KEY_F24,
        ]
        return Dictionary(uniqueKeysWithValues: codes.enumerated().map { (UInt16($0.element), $0.offset + 1) })
    }()
}
