import KanjiConversion

extension DoctorCommand {
    /// Whether kana input can convert to kanji: anthy starts with its dictionary and turns
    /// ほん into candidates that include 本. Without it kana input still works, so this is a
    /// warning, never a failure.
    func checkKanjiConversion() -> [Finding] {
        let area = "kanji"
        let advice = "kanji conversion is off (kana input still works; Space offers hiragana and katakana only) — install the Debian package anthy (`sudo apt install anthy`), which brings its dictionary"
        let converter: AnthyConverter
        do throws(AnthyUnavailable) {
            converter = try AnthyConverter()
        } catch {
            return [.warn(area, "\(error.description); \(advice)")]
        }
        let candidates = converter.convert("ほん").first?.candidates ?? []
        guard candidates.contains("本") else {
            return [.warn(area, "anthy \(AnthyConverter.version) started but did not convert ほん to 本 (its dictionary may be damaged); \(advice)")]
        }
        return [.ok(area, "anthy \(AnthyConverter.version) converts kana to kanji (ほん → \(candidates.prefix(3).joined(separator: " ")) …)")]
    }
}
