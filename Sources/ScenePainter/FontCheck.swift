import Foundation
import CCairo

/// What fontconfig makes of a font family name: pango silently falls back to another font when
/// a name matches nothing ("Motoya L Maruberi" is not the family's name, `MotoyaLMaru` is), so
/// `doctor` asks fontconfig directly.
public struct FontCheck: Sendable, Equatable {
    /// The family asked for.
    public var requested: String
    /// The family fontconfig chose for it, nil when it found no font at all.
    public var matchedFamily: String?
    /// The font file chosen.
    public var file: String?
    /// Whether the chosen font covers Japanese (fontconfig's `lang` includes `ja`).
    public var coversJapanese: Bool

    /// Whether the font asked for is the one used, and it can draw Japanese.
    public var isJapaneseFont: Bool {
        matchesRequest && coversJapanese
    }

    /// Whether fontconfig chose a font of the family asked for, not a fallback.
    public var matchesRequest: Bool {
        guard let matchedFamily else { return false }
        return matchedFamily.caseInsensitiveCompare(requested) == .orderedSame
    }

    /// Asks fontconfig for `family`. Calls `FcNameParse`, `FcConfigSubstitute`,
    /// `FcDefaultSubstitute` and `FcFontMatch`.
    public static func resolve(_ family: String) -> FontCheck {
        var check = FontCheck(requested: family, matchedFamily: nil, file: nil, coversJapanese: false)
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return check }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return check }
        defer { FcPatternDestroy(match) }
        var value: UnsafeMutablePointer<FcChar8>?
        if FcPatternGetString(match, FC_FAMILY, 0, &value) == FcResultMatch, let first = value {
            check.matchedFamily = String(cString: first)
            // A font may list several family names (a Latin and a Japanese one): any of them counts.
            var index: Int32 = 1
            while FcPatternGetString(match, FC_FAMILY, index, &value) == FcResultMatch, let name = value {
                if String(cString: name).caseInsensitiveCompare(family) == .orderedSame {
                    check.matchedFamily = String(cString: name)
                }
                index += 1
            }
        }
        if FcPatternGetString(match, FC_FILE, 0, &value) == FcResultMatch, let file = value {
            check.file = String(cString: file)
        }
        var languages: OpaquePointer?
        if FcPatternGetLangSet(match, FC_LANG, 0, &languages) == FcResultMatch, let languages {
            check.coversJapanese = "ja".withCString { code in
                code.withMemoryRebound(to: FcChar8.self, capacity: 3) { FcLangSetHasLang(languages, $0) != FcLangDifferentLang }
            }
        }
        return check
    }
}


