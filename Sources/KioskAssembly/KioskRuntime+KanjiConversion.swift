import KanjiConversion
import Kiosk
import ScannerInput

extension KioskRuntime {
    /// Kanji conversion for kana input, with anthy, started at the first conversion (so a kiosk
    /// nobody types Japanese at never loads the dictionary). Where anthy cannot start, `log` is
    /// told why, once, and Space offers the kana in hiragana and katakana only.
    func useKanjiConversion(log: @escaping (String) -> Void) {
        var converter: AnthyConverter?
        var unavailable = false
        convertKana = { kana in
            if converter == nil, !unavailable {
                do throws(AnthyUnavailable) {
                    converter = try AnthyConverter()
                } catch {
                    unavailable = true
                    log("Kanji conversion is off: \(error.description). Kana input still works; Space offers hiragana and katakana.")
                }
            }
            return converter?.convert(kana) ?? []
        }
    }
}
