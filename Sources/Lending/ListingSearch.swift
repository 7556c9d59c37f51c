import Foundation

/// How the teachers' page's lists match and order text, the same in every store. A search
/// matches anywhere in the text, as a teacher types it: both sides are folded (`folded`) so
/// that hiragana match katakana (ハルト finds はると), full- and half-width forms match
/// (ｸﾞﾘ finds ぐり, ＡＢＣ finds abc), Latin letters match in either case, and hyphens are
/// ignored (978-4-8340-0082-5 finds 9784834000825). Only search folds: names and titles are
/// stored exactly as typed. Lists sort by the text's UTF-8 bytes (SQLite's `BINARY`,
/// PostgreSQL's `COLLATE "C"`), which puts hiragana in 五十音 order.
///
/// Each store folds its columns the same way: SQLite through the function `bookkiosk_fold`
/// (which calls `folded`; a Book's fields are folded when it is saved and kept with it, so a
/// search of the Books folds nothing), PostgreSQL through `postgresFold` (NFKC, `lower` under
/// "C", then `translate`).
public enum ListingSearch {
    /// The katakana that fold to hiragana (ァ…ヶ, ヽ, ヾ), and their hiragana, in the same order.
    public static let katakana = String(String.UnicodeScalarView((0x30A1...0x30F6).compactMap(Unicode.Scalar.init) + ["\u{30FD}", "\u{30FE}"]))
    public static let hiragana = String(String.UnicodeScalarView((0x3041...0x3096).compactMap(Unicode.Scalar.init) + ["\u{309D}", "\u{309E}"]))
    /// The hyphens and dashes a search ignores (after NFKC, which makes － a plain -).
    public static let hyphens = "-\u{2010}\u{2011}\u{2012}\u{2013}\u{2212}"

    /// `text` as a search compares it: NFKC (half-width カナ and full-width letters and
    /// digits become the usual ones), A–Z lowered, katakana made hiragana, hyphens dropped.
    /// ASCII text (barcodes, ISBNs, Latin names) takes a shortcut: NFKC leaves ASCII as it is,
    /// so only A–Z and `-` change, and a search that folds 5,000 barcodes skips Foundation's NFKC.
    public static func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for byte in text.utf8 where byte != 0x2D {
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return foldedThroughNFKC(text)
    }

    /// `folded` by the long way, for any text.
    static func foldedThroughNFKC(_ text: String) -> String {
        var scalars: [UInt32] = []
        for scalar in text.precomposedStringWithCompatibilityMapping.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A: scalars.append(scalar.value + 0x20)
            case 0x30A1...0x30F6, 0x30FD, 0x30FE: scalars.append(scalar.value - 0x60)
            case 0x2D, 0x2010, 0x2011, 0x2012, 0x2013, 0x2212: continue
            // A sound mark after the kana it marks makes one kana (ｸﾞ → く + ゛ → ぐ): the
            // half-width forms come out of Foundation's NFKC on Linux uncombined.
            case 0x3099 where scalars.last.map(voiced.keys.contains) == true:
                scalars.append(voiced[scalars.removeLast()]!)
            case 0x309A where scalars.last.map(semiVoiced.keys.contains) == true:
                scalars.append(semiVoiced[scalars.removeLast()]!)
            default: scalars.append(scalar.value)
            }
        }
        return String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
    }

    /// Whether `folded` would give these UTF-8 bytes back unchanged, decided from the bytes
    /// alone (no `String`, no NFKC), so a search can skip folding the usual titles and names:
    /// true when every character is ASCII other than A–Z and `-`, a hiragana (ぁ…ゖ, ゝ, ゞ), ー,
    /// 、, 。, 「, 」 or a CJK unified ideograph (一…鿿). None of these has a compatibility
    /// mapping or combines with what stands before it, so NFKC leaves such text as it is. False
    /// only means "fold it to know", never that folding changes it.
    public static func isFolded(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count {
            let lead = utf8[index]
            if lead < 0x80 {
                if (lead >= 0x41 && lead <= 0x5A) || lead == 0x2D { return false }
                index += 1
                continue
            }
            // Three-byte sequences only: 1110xxxx 10xxxxxx 10xxxxxx.
            guard lead & 0xF0 == 0xE0, index + 2 < utf8.count else { return false }
            let second = utf8[index + 1], third = utf8[index + 2]
            guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return false }
            let scalar = UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
            switch scalar {
            case 0x3041...0x3096, 0x309D, 0x309E, 0x30FC, 0x3001, 0x3002, 0x300C, 0x300D, 0x4E00...0x9FFF: index += 3
            default: return false
            }
        }
        return true
    }

    /// Hiragana and the kana they become with ゛ (か → が … ほ → ぼ, う → ゔ).
    static let voiced: [UInt32: UInt32] = Dictionary(uniqueKeysWithValues:
        ([0x304B, 0x304D, 0x304F, 0x3051, 0x3053, 0x3055, 0x3057, 0x3059, 0x305B, 0x305D, 0x305F, 0x3061,
          0x3064, 0x3066, 0x3068, 0x306F, 0x3072, 0x3075, 0x3078, 0x307B] as [UInt32]).map { ($0, $0 + 1) } + [(0x3046, 0x3094)])
    /// Hiragana and the kana they become with ゜ (は → ぱ … ほ → ぽ).
    static let semiVoiced: [UInt32: UInt32] = Dictionary(uniqueKeysWithValues:
        ([0x306F, 0x3072, 0x3075, 0x3078, 0x307B] as [UInt32]).map { ($0, $0 + 2) })

    /// PostgreSQL's expression for `folded(column)`; `column` is an SQL expression.
    public static func postgresFold(_ column: String) -> String {
        "translate(lower(normalize(\(column), NFKC) COLLATE \"C\"), '\(katakana)\(hyphens)', '\(hiragana)')"
    }

    /// Whether `needle` occurs in any of `fields` (nil fields never match), both folded; an
    /// empty needle matches everything.
    public static func matches(_ needle: String, in fields: [String?]) -> Bool {
        let wanted = Array(folded(needle).utf8)
        guard !wanted.isEmpty else { return true }
        return fields.contains { field in
            guard let field else { return false }
            let bytes = Array(folded(field).utf8)
            guard bytes.count >= wanted.count else { return false }
            return (0...(bytes.count - wanted.count)).contains { bytes[$0..<($0 + wanted.count)].elementsEqual(wanted) }
        }
    }

    /// Whether `lhs` sorts before `rhs`: by UTF-8 bytes.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// What a list of Books sorts by: the reading where there is one (五十音順), else the title.
    public static func sortKey(of book: Book) -> String {
        book.reading ?? book.title
    }
}
