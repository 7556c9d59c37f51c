/// The romaji a Japanese typist already knows, as rules from letters to hiragana. It is the
/// table Google's Mozc input method publishes (`src/data/preedit/romanji-hiragana.tsv`, checked
/// row by row by `RomajiTableTests`): Hepburn and Kunrei spellings side by side
/// (shi/si, chi/ti, tsu/tu, fu/hu, ji/zi, sha/sya, cha/tya, ja/zya/jya), every row including
/// v-, small kana with `x` or `l`, a doubled consonant as っ that keeps its second letter (and
/// Hepburn's `tch`),
/// `nn` and `n'` as ん, and the punctuation `-` ー, `,` 、, `.` 。.
///
/// A rule's letters are matched longest first by `RomajiComposer`; `n` alone is a rule too, so
/// a pending `n` settles as ん, and `n` before a consonant becomes ん because no rule starts
/// with that pair.
public struct RomajiTable: Sendable {
    /// What a run of letters becomes: kana, and the letters that start the next kana
    /// (`kk` is っ and leaves `k`).
    public struct Rule: Sendable, Equatable {
        public var kana: String
        public var remainder: String

        public init(kana: String, remainder: String = "") {
            self.kana = kana
            self.remainder = remainder
        }
    }

    /// Rules by their letters.
    public let rules: [String: Rule]
    /// Every proper prefix of a rule's letters: letters that may still become a longer rule.
    private let prefixes: Set<String>

    public init(_ rules: [String: Rule]) {
        self.rules = rules
        var prefixes: Set<String> = []
        for letters in rules.keys {
            var prefix = ""
            for character in letters.dropLast() {
                prefix.append(character)
                prefixes.insert(prefix)
            }
        }
        self.prefixes = prefixes
    }

    /// The rule for exactly `letters`, if any.
    public func rule(for letters: String) -> Rule? {
        rules[letters]
    }

    /// Whether `letters` begin a longer rule (so the composer waits for the next letter).
    public func isPrefix(_ letters: String) -> Bool {
        prefixes.contains(letters)
    }

    /// The standard table.
    public static let standard: RomajiTable = {
        var table: [String: Rule] = [:]
        func add(_ letters: String, _ kana: String, leaving remainder: String = "") {
            table[letters] = Rule(kana: kana, remainder: remainder)
        }
        /// A row of five: the consonant(s) before a, i, u, e, o.
        func row(_ consonant: String, _ kana: [String]) {
            for (vowel, text) in zip(["a", "i", "u", "e", "o"], kana) where !text.isEmpty {
                add(consonant + vowel, text)
            }
        }

        // Vowels, and the basic rows (Kunrei and Hepburn spellings).
        row("", ["あ", "い", "う", "え", "お"])
        row("k", ["か", "き", "く", "け", "こ"])
        row("g", ["が", "ぎ", "ぐ", "げ", "ご"])
        row("s", ["さ", "し", "す", "せ", "そ"])
        row("z", ["ざ", "じ", "ず", "ぜ", "ぞ"])
        row("t", ["た", "ち", "つ", "て", "と"])
        row("d", ["だ", "ぢ", "づ", "で", "ど"])
        row("n", ["な", "に", "ぬ", "ね", "の"])
        row("h", ["は", "ひ", "ふ", "へ", "ほ"])
        row("b", ["ば", "び", "ぶ", "べ", "ぼ"])
        row("p", ["ぱ", "ぴ", "ぷ", "ぺ", "ぽ"])
        row("m", ["ま", "み", "む", "め", "も"])
        row("y", ["や", "", "ゆ", "いぇ", "よ"])
        row("r", ["ら", "り", "る", "れ", "ろ"])
        row("w", ["わ", "うぃ", "う", "うぇ", "を"])
        row("c", ["か", "し", "く", "せ", "こ"])
        row("q", ["くぁ", "くぃ", "く", "くぇ", "くぉ"])
        row("f", ["ふぁ", "ふぃ", "ふ", "ふぇ", "ふぉ"])
        row("v", ["ゔぁ", "ゔぃ", "ゔ", "ゔぇ", "ゔぉ"])
        row("j", ["じゃ", "じ", "じゅ", "じぇ", "じょ"])
        add("shi", "し"); add("chi", "ち"); add("tsu", "つ")

        // ya/yu/yo combinations: consonant + y + vowel is the i-kana and a small ゃ ぃ ゅ ぇ ょ.
        let smallY = ["ゃ", "ぃ", "ゅ", "ぇ", "ょ"]
        let iKana = [
            "ky": "き", "gy": "ぎ", "sy": "し", "zy": "じ", "ty": "ち", "cy": "ち", "dy": "ぢ", "ny": "に",
            "hy": "ひ", "by": "び", "py": "ぴ", "my": "み", "ry": "り", "jy": "じ", "vy": "ゔ",
        ]
        for (consonant, kana) in iKana {
            row(consonant, smallY.map { kana + $0 })
        }
        // Hepburn's sh, ch and j spell the same combinations without y.
        row("sh", ["しゃ", "し", "しゅ", "しぇ", "しょ"])
        row("ch", ["ちゃ", "ち", "ちゅ", "ちぇ", "ちょ"])
        // ts, th/dh, tw/dw, kw/gw, hw, wh, fy: the sounds of loanwords.
        row("ts", ["つぁ", "つぃ", "つ", "つぇ", "つぉ"])
        row("th", ["てゃ", "てぃ", "てゅ", "てぇ", "てょ"])
        row("dh", ["でゃ", "でぃ", "でゅ", "でぇ", "でょ"])
        row("tw", ["とぁ", "とぃ", "とぅ", "とぇ", "とぉ"])
        row("dw", ["どぁ", "どぃ", "どぅ", "どぇ", "どぉ"])
        row("kw", ["くぁ", "くぃ", "くぅ", "くぇ", "くぉ"])
        row("gw", ["ぐぁ", "ぐぃ", "ぐぅ", "ぐぇ", "ぐぉ"])
        row("sw", ["すぁ", "すぃ", "すぅ", "すぇ", "すぉ"])
        row("zw", ["ずぁ", "ずぃ", "ずぅ", "ずぇ", "ずぉ"])
        row("hw", ["ふぁ", "ふぃ", "", "ふぇ", "ふぉ"])
        add("hwyu", "ふゅ")
        row("wh", ["うぁ", "うぃ", "う", "うぇ", "うぉ"])
        add("fya", "ふゃ"); add("fyu", "ふゅ"); add("fyo", "ふょ")
        add("wyi", "ゐ"); add("wye", "ゑ")
        add("t'i", "てぃ"); add("t'yu", "てゅ"); add("t'u", "とぅ")
        add("d'i", "でぃ"); add("d'yu", "でゅ"); add("d'u", "どぅ")

        // Small kana, with x or l in front.
        for prefix in ["x", "l"] {
            row(prefix, ["ぁ", "ぃ", "ぅ", "ぇ", "ぉ"])
            add(prefix + "ya", "ゃ"); add(prefix + "yu", "ゅ"); add(prefix + "yo", "ょ")
            add(prefix + "yi", "ぃ"); add(prefix + "ye", "ぇ")
            add(prefix + "tu", "っ"); add(prefix + "tsu", "っ")
            add(prefix + "wa", "ゎ")
            add(prefix + "ka", "ヵ"); add(prefix + "ke", "ヶ")
        }

        // ん: n before a consonant (no rule starts with the pair), nn, n', xn, and a lone n.
        add("n", "ん"); add("nn", "ん"); add("n'", "ん"); add("xn", "ん")

        // A doubled consonant is っ, and its second letter starts the next kana.
        for letter in "qvlxkgszjtdhfbpmyrc" {
            add(String(repeating: letter, count: 2), "っ", leaving: String(letter))
        }
        // Hepburn spells っち as tch (matcha まっちゃ): っ, and ch starts the next kana.
        add("tch", "っ", leaving: "ch")
        // ww is っ too; a third w gives up: www is the letter w, and ww waits again.
        add("ww", "っ", leaving: "w"); add("www", "w", leaving: "ww")

        // Punctuation and symbols.
        add("-", "ー"); add("~", "〜"); add(".", "。"); add(",", "、")
        add("[", "「"); add("]", "」")
        add("z/", "・"); add("z.", "…"); add("z,", "‥"); add("z-", "〜")
        add("z[", "『"); add("z]", "』")
        add("zh", "←"); add("zj", "↓"); add("zk", "↑"); add("zl", "→")

        return RomajiTable(table)
    }()
}
