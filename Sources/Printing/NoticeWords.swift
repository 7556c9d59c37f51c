import Foundation
import Language
import Lending

/// The words of a slip for parents, in one language. Gentle: a reminder, never a warning.
public struct NoticeWords: Sendable {
    public var heading: String
    public var thanks: String
    public var cutHere: String
    /// "ももぐみ はると さん" / "Haruto (Momo class)".
    public var addressee: @Sendable (_ name: String, _ className: String?) -> String
    /// The sentence above the titles.
    public var request: @Sendable (_ count: Int) -> String
    public var due: @Sendable (LocalDate) -> String
    /// "ほか 2さつ" for titles past the slip's room.
    public var more: @Sendable (Int) -> String
    public var date: @Sendable (LocalDate) -> String

    /// The Japanese slip: えほんの へんきゃくの おねがい.
    public static let japanese = NoticeWords(
        heading: "えほんの へんきゃくの おねがい",
        thanks: "いつも ありがとうございます",
        cutHere: "きりとり",
        addressee: { name, className in
            [className, "\(name) さん"].compactMap { $0 }.joined(separator: "　")
        },
        request: { count in
            "としょコーナーの えほんが \(count)さつ おうちに あるようです。おてすきの ときに、おこさんと いっしょに もってきてくださいね。"
        },
        due: { "かえす日 \(NoticeWords.japaneseDate($0))" },
        more: { "ほか \($0)さつ" },
        date: { NoticeWords.japaneseDate($0) }
    )

    /// The English slip.
    public static let english = NoticeWords(
        heading: "A little reminder about library books",
        thanks: "Thank you!",
        cutHere: "cut here",
        addressee: { name, className in
            className.map { "\(name) (\($0))" } ?? name
        },
        request: { count in
            count == 1
                ? "A picture book from our library seems to be at home. When you have a moment, please bring it back together with your child."
                : "\(count) picture books from our library seem to be at home. When you have a moment, please bring them back together with your child."
        },
        due: { "due \(NoticeWords.englishDate($0))" },
        more: { "and \($0) more" },
        date: { NoticeWords.englishDate($0) }
    )

    /// The words for a config `language` ("ja" or "en").
    public static func forLanguage(_ code: String) -> NoticeWords {
        code == "en" ? .english : .japanese
    }

    /// 2026年4月1日(水)
    public static func japaneseDate(_ day: LocalDate) -> String {
        "\(day.year)年\(day.month)月\(day.day)日(\(Language.ja.shortName(of: day.weekday)))"
    }

    /// Wed 1 April 2026
    public static func englishDate(_ day: LocalDate) -> String {
        "\(Language.en.shortName(of: day.weekday)) \(day.day) \(Language.englishMonthName(day.month)) \(day.year)"
    }
}
