import Scene

/// The screen's colours. The three answers a child must tell apart — lent, returned, refused —
/// differ in lightness as much as in hue (mid green, dark blue, light orange), so they stay
/// apart on a greyscale printout and for red–green colour blindness (about one boy in twenty);
/// every answer also has a shape of its own (tick, back arrow, one picture per refusal).
/// `ScreenPaletteTests` checks it by simulating deuteranopia (Machado et al. 2009) on frames.
public enum Palette {
    public static let background = Color(hex: 0xFFF8EE)
    public static let ink = Color(hex: 0x2D2A32)
    public static let softInk = Color(hex: 0x6B6570)
    public static let card = Color(hex: 0xFFFFFF)
    public static let line = Color(hex: 0xE4DCCF)

    /// Lent: a mid green with a white tick.
    public static let lent = Color(hex: 0x2E9B4E)
    public static let lentInk = Color(hex: 0xFFFFFF)
    /// Returned: a dark blue with a white back arrow.
    public static let returned = Color(hex: 0x1F4FB4)
    public static let returnedInk = Color(hex: 0xFFFFFF)
    /// Refused: a light orange with dark brown pictures and words (never red: it frightens, and
    /// red–green blind children see it as the green of "lent").
    public static let refused = Color(hex: 0xFFB133)
    public static let refusedInk = Color(hex: 0x5A3300)
    /// The greeting and the Session.
    public static let session = Color(hex: 0x7A5BC7)
    /// Calm trouble: an unplugged scanner, the database.
    public static let calm = Color(hex: 0x8C7FB8)
    public static let calmInk = Color(hex: 0xFFFFFF)
    /// Staff mode.
    public static let staff = Color(hex: 0x34425E)
    public static let staffInk = Color(hex: 0xFFFFFF)
    public static let staffGood = Color(hex: 0x2E9B4E)
    public static let staffNote = Color(hex: 0xB86B00)

    /// The due strip.
    public static let closedDay = Color(hex: 0xDCD8DE)
    public static let closedInk = Color(hex: 0x8F8A94)
    public static let openDay = Color(hex: 0xFFFFFF)

    /// The Session's countdown bar.
    public static let barTrack = Color(hex: 0xEDE4D6)
    public static let bar = Color(hex: 0x8FB8E6)

    /// Book pictures in empty and filled slots.
    public static let books: [Color] = [Color(hex: 0xE86F51), Color(hex: 0x4C9BD6), Color(hex: 0xF2B701), Color(hex: 0x7BC96F),
                                        Color(hex: 0xB57EDC)]
    public static let cardYellow = Color(hex: 0xFFD36E)
    public static let scannerBody = Color(hex: 0x4A4A58)
    public static let beam = Color(hex: 0xFF6B6B)
}
