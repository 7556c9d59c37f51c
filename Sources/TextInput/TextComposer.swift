/// The kana-input editor of one text field, as Japanese input methods work: in `direct` mode
/// keys type themselves; with kana input on, romaji become kana that are *being composed*
/// (not yet part of the field's text) until Enter commits them, or Space converts them to
/// kanji. A pure value, table-driven; it knows nothing of what the text is for.
///
/// Keys (kana input on):
/// - F2 or 半角/全角 turns kana input on and off; F3 or カタカナ/ひらがな switches hiragana and
///   katakana (from direct mode it turns kana input on in katakana). Waiting letters are settled
///   first (`n` → ん; a lone consonant stays a letter); turning kana input off commits them.
/// - Enter commits what is being composed and is passed on (the field takes it as done);
///   during a conversion it only commits the conversion.
/// - Space or 変換 asks for a conversion (`Answer.convert`); the caller looks the kana up and
///   hands the segments to `show(_:of:)`. Space again shows the current segment's next
///   candidate, ←/→ move between segments, Enter commits, Esc or Backspace return to the kana.
///   With nothing being composed, Space is passed on (a space).
/// - Backspace takes off the last letter still waiting, else the last kana; with nothing being
///   composed it is passed on. Esc drops what is being composed; with nothing, it is passed on.
/// - Any other key is passed on with nothing committed.
public struct TextComposer: Sendable, Equatable {
    /// What a key did: text to add to the field, then a key for the field to act on, or a
    /// request to convert kana.
    public struct Answer: Sendable, Equatable {
        /// Text now committed: the field adds it to its text before acting on `key`.
        public var commit: String = ""
        /// The key the field acts on (Enter, Esc, Backspace, a character in direct mode, …);
        /// nil when the composer used the key up.
        public var key: KeyPress?
        /// Kana to look up for a kanji conversion; hand the result to `show(_:of:)`.
        public var convert: String?

        public init(commit: String = "", key: KeyPress? = nil, convert: String? = nil) {
            self.commit = commit
            self.key = key
            self.convert = convert
        }

        static let usedUp = Answer()
    }

    public private(set) var mode: TextInputMode
    /// Kana being composed (in the script each was typed in), not yet committed.
    public private(set) var kana = ""
    private var romaji = RomajiComposer()
    /// The kanji conversion on show, if any (then `kana` is its reading).
    public private(set) var conversion: Conversion?
    public let table: RomajiTable

    public init(mode: TextInputMode = .direct, table: RomajiTable = .standard) {
        self.mode = mode
        self.table = table
    }

    public static func == (lhs: TextComposer, rhs: TextComposer) -> Bool {
        lhs.mode == rhs.mode && lhs.kana == rhs.kana && lhs.romaji == rhs.romaji && lhs.conversion == rhs.conversion
    }

    /// Romaji letters typed that are not kana yet (the `k` of a half-typed `ka`).
    public var pendingLetters: String { romaji.pending }

    /// Whether anything is being composed (kana, waiting letters, or a conversion).
    public var isComposing: Bool { !kana.isEmpty || !romaji.pending.isEmpty || conversion != nil }

    /// How many characters are being composed (for the field's length limit).
    public var composingLength: Int {
        (conversion?.text.count ?? kana.count) + romaji.pending.count
    }

    /// Forgets what is being composed; the mode stays.
    public mutating func clear() {
        kana = ""
        romaji = RomajiComposer()
        conversion = nil
    }

    public mutating func handle(_ key: KeyPress) -> Answer {
        switch mode {
        case .direct:
            switch key {
            case .function(2), .zenkakuHankaku:
                mode = .hiragana
                return .usedUp
            case .function(3), .katakanaHiragana:
                mode = .katakana
                return .usedUp
            default:
                return Answer(key: key)
            }
        case .hiragana, .katakana:
            if conversion != nil { return handleConverting(key) }
            return handleComposing(key)
        }
    }

    /// Shows the segments a conversion of `reading` came to. Ignored unless `reading` is what
    /// this composer asked to convert. With no segments (no dictionary), the kana are offered
    /// as they are and in the other script.
    public mutating func show(_ segments: [ConversionSegment], of reading: String) {
        guard conversion == nil, romaji.pending.isEmpty, !reading.isEmpty, reading == kana else { return }
        let usable = segments.filter { !$0.candidates.isEmpty }
        let covered = usable.map(\.reading).joined()
        let found = !usable.isEmpty && usable.count == segments.count
            && (covered == reading || Kana.hiragana(covered) == Kana.hiragana(reading))
        conversion = Conversion(reading: reading, segments: found ? usable : [.kanaOnly(reading)])
    }

    // MARK: Kana input

    private mutating func handleComposing(_ key: KeyPress) -> Answer {
        switch key {
        case .character(" "):
            return handleComposing(.space)
        case .character(let character):
            append(romaji.type(character, table: table))
            return .usedUp
        case .space, .henkan:
            guard isComposing else { return key == .space ? Answer(key: .space) : .usedUp }
            settle()
            return Answer(convert: kana)
        case .enter:
            guard isComposing else { return Answer(key: .enter) }
            settle()
            return Answer(commit: takeKana(), key: .enter)
        case .escape:
            guard isComposing else { return Answer(key: .escape) }
            clear()
            return .usedUp
        case .backspace:
            if romaji.deleteLast() { return .usedUp }
            guard !kana.isEmpty else { return Answer(key: .backspace) }
            kana.removeLast()
            return .usedUp
        case .left, .right:
            return isComposing ? .usedUp : Answer(key: key)
        case .function(2), .zenkakuHankaku:
            settle()
            mode = .direct
            return Answer(commit: takeKana())
        case .function(3), .katakanaHiragana:
            settle()
            mode = mode == .hiragana ? .katakana : .hiragana
            return .usedUp
        case .function:
            return Answer(key: key)
        }
    }

    /// Settles the waiting letters into the kana being composed.
    private mutating func settle() {
        append(romaji.settle(table: table))
    }

    private mutating func append(_ text: String) {
        kana += mode == .katakana ? Kana.katakana(text) : text
    }

    private mutating func takeKana() -> String {
        defer { clear() }
        return kana
    }

    // MARK: Conversion

    private mutating func handleConverting(_ key: KeyPress) -> Answer {
        guard var shown = conversion else { return handleComposing(key) }
        switch key {
        case .space, .henkan, .character(" "):
            let segment = shown.segments[shown.current]
            shown.chosen[shown.current] = (shown.chosen[shown.current] + 1) % segment.candidates.count
            conversion = shown
            return .usedUp
        case .left:
            shown.current = max(0, shown.current - 1)
            conversion = shown
            return .usedUp
        case .right:
            shown.current = min(shown.segments.count - 1, shown.current + 1)
            conversion = shown
            return .usedUp
        case .enter:
            clear()
            return Answer(commit: shown.text)
        case .escape, .backspace:
            conversion = nil
            return .usedUp
        case .character, .function(2), .zenkakuHankaku, .function(3), .katakanaHiragana:
            // Typing on (or switching mode) commits the conversion first, as input methods do.
            clear()
            var answer = handleComposing(key)
            answer.commit = shown.text + answer.commit
            return answer
        case .function:
            return .usedUp
        }
    }
}
