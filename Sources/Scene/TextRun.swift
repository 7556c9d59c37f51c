/// Text laid out in a frame: wrapped at the frame's width, at most `maxLines` lines, shrunk
/// towards `minimumScale`, and ellipsized ("…") at the end when it still does not fit: never
/// cut off mid-glyph. Where lines may break is `lineBreaks`.
public struct TextRun: Sendable, Hashable {
    /// Where a line may end.
    public enum LineBreaks: Sendable, Hashable {
        /// Only between words: at the spaces of the text (children's Japanese is written with a
        /// space between phrases, 分かち書き) and at its line feeds; never inside a word. A word
        /// wider than the frame shrinks the whole text (down to `minimumScale`) rather than
        /// break; see `WordWrap`.
        case betweenWords
        /// Between any two characters where needed (pango's word-or-character wrapping), for
        /// text written without spaces that is not a child's: a teacher's prompts and details.
        case anywhere
    }

    public enum Weight: Sendable, Hashable {
        case regular, bold
    }

    public enum Alignment: Sendable, Hashable {
        case leading, center, trailing
    }

    public enum VerticalAlignment: Sendable, Hashable {
        case top, center, bottom
    }

    public var text: String
    public var frame: Rect
    /// The font size (the em) in the scene's units.
    public var size: Double
    public var weight: Weight
    public var color: Color
    public var alignment: Alignment
    public var verticalAlignment: VerticalAlignment
    public var maxLines: Int
    /// When the text is wider than the frame, first shrink it down to `size × minimumScale`,
    /// then ellipsize. 1 means never shrink.
    public var minimumScale: Double
    /// A fontconfig family; nil is the painter's own (the rounded Japanese font).
    public var family: String?
    public var lineBreaks: LineBreaks

    public init(_ text: String, frame: Rect, size: Double, weight: Weight = .regular, color: Color = .black,
                alignment: Alignment = .leading, verticalAlignment: VerticalAlignment = .center,
                maxLines: Int = 1, minimumScale: Double = 1, family: String? = nil, lineBreaks: LineBreaks = .anywhere) {
        self.text = text
        self.frame = frame
        self.size = size
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.verticalAlignment = verticalAlignment
        self.maxLines = maxLines
        self.minimumScale = minimumScale
        self.family = family
        self.lineBreaks = lineBreaks
    }
}
