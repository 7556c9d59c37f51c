import Foundation
import Language
import Lending

/// The page in Japanese (the default): calm, polite words for teachers.
public struct JapanesePageWords: PageWords {
    public init() {}

    public let languageCode = "ja"
    public let pageTitle = "先生のページ"
    public let skipToContent = "本文へ"

    public let home = "ホーム"
    public let onLoan = "貸出中"
    public let books = "絵本"
    public let users = "利用者"
    public let settings = "設定"
    public let signOut = "ログアウト"
    public func signedInAs(_ staff: String) -> String { "\(staff) 先生" }

    public let name = "名前"
    public let password = "パスワード"
    public let signIn = "ログイン"

    public let notFoundHeading = "見つかりません"
    public let notFound = "このページはありません。上のメニューから選んでください。"
    public let forbiddenHeading = "受け付けられませんでした"
    public let forbidden = "この操作は受け付けられませんでした(何も変わっていません)。ページを開き直してから、もう一度ためしてください。"
    public let faultHeading = "うまくいきませんでした"
    public func fault(at time: String) -> String {
        "データベースを使えませんでした(何も変わっていません)。しばらくしてから、もう一度ためしてください。続くときは、管理している人に「\(time) に先生のページでうまくいかなかった」と伝えてください(くわしいことはログにあります)。"
    }

    public let today = "きょう"
    public func count(_ number: Int) -> String { "\(number)冊" }

    public let filter = "絞り込む"
    public let user = "利用者"
    public let title = "書名"
    public let dueDate = "返却期限"
    public let overdue = "期限切れ"
    public let returnBook = "返却"
    public let noLoans = "当てはまる貸出はありません。"
    public let cancel = "やめる"
    public let previousPage = "前へ"
    public let nextPage = "次へ"
    public func pageNumber(_ page: Int, of pages: Int, total: Int) -> String { "\(total)件中 \(page)/\(pages) ページ" }

    public let search = "探す"
    public let state = "状態"
    public let lentOut = "貸出中"
    public let edit = "編集"
    public let barcode = "バーコード"
    public let isbn = "ISBN"
    public let save = "保存する"
    public let noBooks = "当てはまる絵本はありません。"
    public let emptyGetsNumber = "空欄のままにすると、次の空いている番号を付けます。"
    public func noFreeNumber(_ prefix: String, length: Int) -> String {
        "\(prefix) で始まる \(length) けたの番号はもう空いていません。番号を入力するか、設定ファイルの numbering で桁数を増やしてください。"
    }
    public let barcodeMissing = "バーコードを入力してください。"
    public let unnamedUser = "(名前のない利用者)"

    public let choose = "選ぶ"
    public func dueWouldBe(_ due: String) -> String { "返却期限は \(due) になります。" }
    public let lendIt = "貸出する"
    public let lendPastRules = "特別貸出する"
    public func refused(_ refusal: Refusal) -> String {
        switch refusal {
        case .unknownBarcode: "この番号は登録されていません。"
        case .cardFirst: "先に利用者を選んでください。"
        case .userInactive: "この利用者は利用停止中です。利用者のページで「利用再開」にすると貸し出せます。"
        case .bookNotLendable: "この絵本は貸し出せない状態です(除籍済みまたは紛失)。"
        case .hasOverdue: "この利用者には返却期限切れの絵本があるので、ルールでは貸し出せません。"
        case .limitReached: "この利用者は貸出上限まで借りているので、ルールでは貸し出せません。"
        case .pinWrong, .pinLocked: "先生の確認ができませんでした。"
        }
    }
    public let overrideExplained = "それでも貸し出すときは「特別貸出する」を押してください。先生の名前とともに記録されます。"
    public func lent(title: String, user: String, due: String) -> String { "\(user)さんに「\(title)」を貸し出しました。返却期限は \(due) です。" }
    public let noUsersFound = "当てはまる利用者はいません。"

    public let searchUsers = "名前・カード番号で探す"
    public let card = "カード番号"
    public let loanLimit = "貸出上限"
    public let remove = "削除"
    public let inactive = "利用停止中"
    public let cardMissing = "カード番号を入力してください。"
    public let ruleLimit = "ルールどおり"
    public let noValue = "なし"

    public func weekday(_ day: Weekday) -> String { Language.ja.name(of: day) }
    public let action = "操作"


    public func date(_ day: LocalDate) -> String {
        "\(day.year)年\(day.month)月\(day.day)日(\(Language.ja.shortName(of: day.weekday)))"
    }

    public func dateTime(_ time: Date, in zone: TimeZone) -> String {
        let day = LocalDate(time, in: zone)
        let clock = PageClock.hoursAndMinutes(time, in: zone)
        return "\(day.month)月\(day.day)日 \(clock)"
    }
}
