import Language
import Lending

/// The kiosk's sentences in Japanese, in hiragana and 分かち書き: a space between phrases and
/// after 、 and 。, so lines break only where a reader would pause.
public struct JapanesePhrasebook: Phrasebook {
    public init() {}

    public func called(_ user: User) -> String {
        user.reading ?? user.name
    }

    public func shownName(_ user: User) -> ShownName {
        guard let reading = user.reading, reading != user.name else { return ShownName(read: "\(user.name)さん") }
        return ShownName(read: "\(reading)さん", written: user.name)
    }

    public var scanCard: String { "カードを スキャンしてね" }

    public func greeting(_ name: String, lendRefusal: Refusal?, overdueTitle: String?) -> String {
        guard let lendRefusal else { return "こんにちは、 \(name)さん！ ほんを スキャンしてね" }
        return "\(name)さん、 " + cannotBorrow(lendRefusal, title: overdueTitle)
    }

    public func cannotBorrow(_ lendRefusal: Refusal, title: String?) -> String {
        switch lendRefusal {
        case .limitReached:
            return "いまは もう いっぱい。 かえす ほんが あれば スキャンしてね"
        default:
            let what = title.map { "「\($0)」" } ?? "ほん"
            return "さきに \(what)を かえしてね"
        }
    }

    public var canBorrowAgain: String { "これで また かりられるよ" }

    public func lent(_ name: String, title: String, due: String) -> String {
        "\(name)さん、 「\(title)」を かりたよ。 \(due)までに かえしてね"
    }

    public func returned(_ name: String?, title: String, lifted: Refusal?) -> String {
        let who = name.map { "\($0)さん、 " } ?? ""
        let again = lifted == nil ? "" : " " + canBorrowAgain
        return "\(who)「\(title)」を かえしてくれて ありがとう！\(again)"
    }

    public func refused(_ refusal: Refusal, name: String?, title: String?, retryAfterSeconds: Int?) -> String {
        let who = name.map { "\($0)さん、 " } ?? ""
        switch refusal {
        case .unknownBarcode:
            return "この バーコードは わからないよ。 せんせいに みせてね"
        case .cardFirst:
            if let title { return "「\(title)」を かりる まえに、 カードを スキャンしてね" }
            return "さきに カードを スキャンしてね"
        case .userInactive:
            return "\(who)この カードは いま つかえないよ。 せんせいに きいてね"
        case .bookNotLendable:
            let what = title.map { "「\($0)」" } ?? "この ほん"
            return "\(what)は いま かりられないよ。 せんせいに わたしてね"
        case .hasOverdue:
            return "\(who)まだ かえしていない ほんが あるよ。 さきに かえしてね"
        case .limitReached:
            return "\(who)いまは もう いっぱい。 ほんを かえしたら、 また かりてね"
        case .pinWrong:
            return "PINが ちがいます。 もういちど 入力してください"
        case .pinLocked:
            if let retryAfterSeconds {
                return "PINの 入力は \(retryAfterSeconds)秒後に できます。 しばらく お待ちください"
            }
            return "PINの 入力は しばらく できません。 しばらく お待ちください"
        }
    }

    public var alreadyScanned: String { "もう スキャンしたよ" }

    public func farewell(_ name: String) -> String {
        "またね、 \(name)さん！ \(scanCard)"
    }

    public var scannerLost: String { "バーコードリーダーが つながっていないよ。 せんせいを よんでね" }
    public var scannerBack: String { "バーコードリーダーが もどったよ。 \(scanCard)" }
    public var serverAway: String { "ちょっと まってね。 せんせいを よんでね。 かえす ほんは、 ここに おいていってね" }
    public var returnNotKept: String { "ちょっと まってね。 この ほんは、 もっていてね。 せんせいを よんでね" }
    public var fault: String { "ちょっと まってね。 せんせいを よんでね。 だいじょうぶ、 なにも なくなっていないよ" }

    // MARK: Spoken

    public func spokenDate(_ date: LocalDate) -> String {
        "\(Self.monthReadings[date.month - 1]) \(Self.dayReadings[date.day - 1]) \(Language.ja.reading(of: date.weekday))"
    }

    static let monthReadings = [
        "いちがつ", "にがつ", "さんがつ", "しがつ", "ごがつ", "ろくがつ",
        "しちがつ", "はちがつ", "くがつ", "じゅうがつ", "じゅういちがつ", "じゅうにがつ",
    ]

    /// The days of the month as they are said: ついたち to みそか's day before (31 is
    /// さんじゅういちにち), with the old readings of 1 to 10, 14, 20 and 24.
    static let dayReadings = [
        "ついたち", "ふつか", "みっか", "よっか", "いつか", "むいか", "なのか", "ようか", "ここのか", "とおか",
        "じゅういちにち", "じゅうににち", "じゅうさんにち", "じゅうよっか", "じゅうごにち",
        "じゅうろくにち", "じゅうしちにち", "じゅうはちにち", "じゅうくにち", "はつか",
        "にじゅういちにち", "にじゅうににち", "にじゅうさんにち", "にじゅうよっか", "にじゅうごにち",
        "にじゅうろくにち", "にじゅうしちにち", "にじゅうはちにち", "にじゅうくにち", "さんじゅうにち",
        "さんじゅういちにち",
    ]
}
