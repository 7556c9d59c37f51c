import KanjiConversion

extension DoctorCommand {
    /// Whether kana input can convert to kanji: anthy starts with its dictionary and turns
    /// ほん into candidates that include 本. Without it kana input still works, so this is a
    /// warning, never a failure.
    func checkKanjiConversion() -> [Finding] {
        let area = Area.kanji
        let converter: AnthyConverter
        do throws(AnthyUnavailable) {
            converter = try AnthyConverter()
        } catch {
            return [.warn(area, say.anthyUnavailable(error.description))]
        }
        let candidates = converter.convert("ほん").first?.candidates ?? []
        guard candidates.contains("本") else {
            return [.warn(area, say.anthyDoesNotConvert(version: "\(AnthyConverter.version)"))]
        }
        return [.ok(area, say.anthyConverts(version: "\(AnthyConverter.version)", candidates: Array(candidates.prefix(3))))]
    }
}
