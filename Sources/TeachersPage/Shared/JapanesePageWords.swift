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

    public let signInHeading = "先生のページにログイン"
    public let name = "名前"
    public let password = "パスワード"
    public let signIn = "ログイン"
    public let wrongNameOrPassword = "名前かパスワードが違います。もう一度入力してください。"
    public func nobodyCanSignIn(libraryOptions: String) -> String {
        "まだ誰もログインできません。この図書の記録には、パスワードのある先生がいません。このコンピューターで `bookkiosk staff add 名前\(libraryOptions)` を実行し、パスワードも決めるか聞かれたら y と答えてください。"
    }
    public func tryAgain(inSeconds seconds: Int) -> String {
        "続けて間違えたので、少し間をおいています。\(seconds)秒たってから、もう一度ためしてください。"
    }
    public func locked(until time: String, minutes: Int) -> String {
        "間違いが続いたので、このアカウントは \(time) まで(あと約\(minutes)分)止めています。急ぐときは、ほかの先生に「設定」でパスワードを設定し直してもらうと、すぐに使えます。"
    }
    public let signInFault = "いまはログインできません(何も変わっていません)。しばらくしてから、もう一度ためしてください。続くときは、管理している人に伝えてください。"
    public let signedOut = "ログアウトしました。"
    public let sessionEnded = "しばらく操作がなかったので、ログアウトしました。もう一度ログインしてください。"

    public let notFoundHeading = "見つかりません"
    public let notFound = "このページはありません。上のメニューから選んでください。"
    public let forbiddenHeading = "受け付けられませんでした"
    public let forbidden = "この操作は受け付けられませんでした(何も変わっていません)。ページを開き直してから、もう一度ためしてください。"
    public let faultHeading = "うまくいきませんでした"
    public func fault(at time: String) -> String {
        "データベースを使えませんでした(何も変わっていません)。しばらくしてから、もう一度ためしてください。続くときは、管理している人に「\(time) に先生のページでうまくいかなかった」と伝えてください(くわしいことはログにあります)。"
    }

    public let today = "きょう"
    public let lentToday = "きょうの貸出"
    public let returnedToday = "きょうの返却"
    public let booksOut = "貸出中の絵本"
    public let overdueCount = "返却期限切れ"
    public func unsentReturns(_ count: Int) -> String {
        "このコンピューターのキオスクに、データベースにまだ届いていない返却が \(count) 件あります。サーバーにつながると、キオスクが自動で送ります。"
    }
    public let thisPageAddress = "このページのアドレス(ほかの端末からは、このコードを読み取って開けます)"
    public let qrCodeAlt = "このページのアドレスの QR コード"
    public func count(_ number: Int) -> String { "\(number)冊" }

    public let searchUserOrTitle = "名前・書名で探す"
    public let overdueOnly = "期限切れのみ"
    public let filter = "絞り込む"
    public let user = "利用者"
    public let title = "書名"
    public let dueDate = "返却期限"
    public let overdue = "期限切れ"
    public let returnBook = "返却"
    public let extend = "延長"
    public let noLoans = "当てはまる貸出はありません。"
    public let confirmReturnHeading = "返却の確認"
    public func confirmReturn(title: String, user: String) -> String { "\(user)さんの「\(title)」を返却済みにしますか?" }
    public let returnIt = "返却する"
    public let cancel = "やめる"
    public func returned(title: String) -> String { "「\(title)」を返却しました。" }
    public func extended(title: String, due: String) -> String { "「\(title)」の返却期限を \(due) に延ばしました。" }
    public let loanGone = "この貸出は、もう返却されています。"
    public let previousPage = "前へ"
    public let nextPage = "次へ"
    public func pageNumber(_ page: Int, of pages: Int, total: Int) -> String { "\(total)件中 \(page)/\(pages) ページ" }

    public let searchBooks = "書名・著者・バーコード・ISBN で探す"
    public let search = "探す"
    public let cover = "表紙"
    public let author = "著者"
    public let state = "状態"
    public let lentOut = "貸出中"
    public let available = "貸出可"
    public let withdrawnState = "除籍済み"
    public let lostState = "紛失"
    public let addBook = "絵本を追加"
    public let edit = "編集"
    public let withdraw = "除籍"
    public let withdrawIt = "除籍する"
    public let lend = "貸出"
    public let barcode = "バーコード"
    public let isbn = "ISBN"
    public let save = "保存する"
    public let noBooks = "当てはまる絵本はありません。"
    public let whoHasIt = "借りている人"
    public let editBookHeading = "絵本の編集"
    public let bookBarcodeHint = "絵本に貼ったラベルの番号です。ISBN のバーコードをそのまま使うこともできます。"
    public func withdrawWarning(user: String, due: String) -> String {
        "この絵本は いま \(user)さんに貸出中です(返却期限 \(due))。除籍すると、この貸出は返却済みになり、絵本はもう貸し出せません。手もとに絵本があるときだけ除籍してください。"
    }
    public func withdrawn(title: String) -> String { "「\(title)」を除籍しました。" }
    public func bookSaved(title: String) -> String { "「\(title)」を保存しました。" }
    public func bookNumbered(title: String, barcode: String) -> String { "「\(title)」を保存しました。バーコードは \(barcode) です(印刷からラベルを作れます)。" }
    public func userNumbered(name: String, card: String) -> String { "\(name)さんを保存しました。カード番号は \(card) です(印刷からカードを作れます)。" }
    public let emptyGetsNumber = "空欄のままにすると、次の空いている番号を付けます。"
    public func noFreeNumber(_ prefix: String, length: Int) -> String {
        "\(prefix) で始まる \(length) けたの番号はもう空いていません。番号を入力するか、設定ファイルの numbering で桁数を増やしてください。"
    }
    public let titleMissing = "書名を入力してください。"
    public let barcodeMissing = "バーコードを入力してください。"
    public let isbnInvalid = "ISBN が正しくありません。本の裏の 978 から始まる13桁(または10桁)を入力するか、空欄にしてください。"
    public func barcodeIsACard(_ code: String) -> String { "\(code) は利用者カードの番号なので、絵本には使えません。別の番号にしてください。" }
    public func barcodeTaken(_ code: String) -> String { "\(code) の絵本はもうあります。その絵本の「編集」から変えてください。" }
    public let unnamedUser = "(名前のない利用者)"

    public let lendHeading = "貸出"
    public let chooseUser = "借りる人を選んでください"
    public let choose = "選ぶ"
    public let lendToUser = "絵本を貸す"
    public let bookToLend = "バーコードか書名"
    public let bookToLendHint = "絵本のバーコードを読み取るか、書名の一部を入力して「探す」を押してください。"
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
    public let loanLimitHint = "空欄のときは、ルールの貸出上限になります。"
    public let addUser = "利用者を追加"
    public let editUserHeading = "利用者の編集"
    public let deactivate = "利用停止"
    public let reactivate = "利用再開"
    public let remove = "削除"
    public let inactive = "利用停止中"
    public let active = "利用中"
    public let openLoans = "借りている絵本"
    public let history = "これまでに借りた絵本"
    public let historyHint = "返却から一定の日数がたった記録は、プライバシーのため名前が消えて、ここには出ません。"
    public let lentOn = "貸出日"
    public let returnedOn = "返却した日"
    public let noHistory = "記録はありません。"
    public let nameMissing = "名前を入力してください。"
    public let cardMissing = "カード番号を入力してください。"
    public let limitInvalid = "貸出上限は 0 から 99 の数字にするか、空欄にしてください。"
    public func cardIsABook(_ code: String) -> String { "\(code) は絵本のバーコードなので、カードには使えません。別の番号にしてください。" }
    public func cardTaken(_ code: String) -> String { "カード番号 \(code) の利用者はもういます。その人の「編集」から変えてください。" }
    public func userSaved(name: String) -> String { "\(name)さんを保存しました。" }
    public func deactivated(name: String) -> String { "\(name)さんを利用停止にしました。" }
    public func reactivated(name: String) -> String { "\(name)さんの利用を再開しました。" }
    public func removed(name: String) -> String { "\(name)さんを削除しました。" }
    public func removeRefused(name: String, count: Int) -> String {
        "\(name)さんは まだ絵本を\(count)冊 借りているので、削除できません。先に返却してもらうか、「利用停止」にしてください。"
    }
    public let ruleLimit = "ルールどおり"
    public let noValue = "なし"

    public let rulesHeading = "貸出ルール"
    public let loanDays = "貸出日数"
    public let closedWeekdays = "休園日(曜日)"
    public func weekday(_ day: Weekday) -> String { Language.ja.name(of: day) }
    public let closedDates = "休園日(日付)"
    public let closedDatesHint = "1行に1日、2026-12-29 のように書きます。"
    public let blockOnOverdue = "返却期限切れの絵本がある人には貸し出さない"
    public let libraryName = "図書館の名前"
    public let rulesSaved = "貸出ルールを保存しました。どのキオスクも、次のスキャンから新しいルールで動きます。"
    public let loanLimitInvalid = "貸出上限は 0 から 99 の数字にしてください。"
    public let loanDaysInvalid = "貸出日数は 1 から 365 の数字にしてください。"
    public let allWeekdaysClosed = "すべての曜日を休園日にはできません(返却期限が決まらなくなります)。"
    public func badDates(_ lines: [String]) -> String {
        "日付として読めない行があります: " + lines.joined(separator: "、") + "。2026-12-29 のように書いてください。"
    }
    public let staffHeading = "先生のアカウント"
    public let pin = "暗証番号(PIN)"
    public let pinHint = "キオスクの先生モードで使う、4〜12桁の数字です。"
    public let passwordHint = "このページのログインに使います。8文字以上にしてください。"
    public let addStaff = "先生を追加"
    public let newPassword = "新しいパスワード"
    public let setPassword = "パスワードを設定"
    public let hasPassword = "パスワードあり"
    public let noPassword = "パスワードなし(このページにはログインできません)"
    public func lockedAccount(until time: String) -> String { "\(time) まで止めています" }
    public func staffAdded(_ name: String) -> String { "\(name) 先生を追加しました。" }
    public func passwordSet(_ name: String) -> String { "\(name) 先生のパスワードを設定しました(止めていたときは、使えるようにしました)。" }
    public func staffRemoved(_ name: String) -> String { "\(name) 先生のアカウントを削除しました。" }
    public let cannotRemoveYourself = "ログイン中の自分のアカウントは削除できません。"
    public let staffNameMissing = "名前を入力してください。"
    public func staffNameTaken(_ name: String) -> String { "\(name) 先生のアカウントはもうあります。" }
    public let pinInvalid = "暗証番号は 4〜12桁の数字にしてください。"
    public let pinTaken = "その暗証番号は ほかの先生が使っています。別の番号にしてください。"
    public let passwordTooShort = "パスワードは 8文字以上にしてください。"
    public let noSuchStaff = "その名前の先生のアカウントはありません。"
    public let time = "日時"
    public let staffMember = "先生"
    public let action = "操作"
    public let detail = "内容"


    public func date(_ day: LocalDate) -> String {
        "\(day.year)年\(day.month)月\(day.day)日(\(Language.ja.shortName(of: day.weekday)))"
    }

    public func dateTime(_ time: Date, in zone: TimeZone) -> String {
        let day = LocalDate(time, in: zone)
        let clock = PageClock.hoursAndMinutes(time, in: zone)
        return "\(day.month)月\(day.day)日 \(clock)"
    }
}
