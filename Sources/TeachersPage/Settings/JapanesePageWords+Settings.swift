import Foundation
import Lending

extension JapanesePageWords {
    public var rulesHeading: String { "貸出ルール" }
    public var loanDays: String { "貸出日数" }
    public var closedWeekdays: String { "休園日(曜日)" }
    public var closedDates: String { "休園日(日付)" }
    public var closedDatesHint: String { "1行に1日、2026-12-29 のように書きます。" }
    public var blockOnOverdue: String { "返却期限切れの絵本がある人には貸し出さない" }
    public var libraryName: String { "図書館の名前" }
    public var rulesSaved: String { "貸出ルールを保存しました。どのキオスクも、次のスキャンから新しいルールで動きます。" }
    public var loanLimitInvalid: String { "貸出上限は 0 から 99 の数字にしてください。" }
    public var loanDaysInvalid: String { "貸出日数は 1 から 365 の数字にしてください。" }
    public var allWeekdaysClosed: String { "すべての曜日を休園日にはできません(返却期限が決まらなくなります)。" }
    public func badDates(_ lines: [String]) -> String {
        "日付として読めない行があります: " + lines.joined(separator: "、") + "。2026-12-29 のように書いてください。"
    }
    public var staffHeading: String { "先生のアカウント" }
    public var pin: String { "暗証番号(PIN)" }
    public var pinHint: String { "キオスクの先生モードで使う、4〜12桁の数字です。" }
    public var passwordHint: String { "このページのログインに使います。8文字以上にしてください。" }
    public var addStaff: String { "先生を追加" }
    public var newPassword: String { "新しいパスワード" }
    public var setPassword: String { "パスワードを設定" }
    public var hasPassword: String { "パスワードあり" }
    public var noPassword: String { "パスワードなし(このページにはログインできません)" }
    public func lockedAccount(until time: String) -> String { "\(time) まで止めています" }
    public func staffAdded(_ name: String) -> String { "\(name) 先生を追加しました。" }
    public func passwordSet(_ name: String) -> String { "\(name) 先生のパスワードを設定しました(止めていたときは、使えるようにしました)。" }
    public func staffRemoved(_ name: String) -> String { "\(name) 先生のアカウントを削除しました。" }
    public var cannotRemoveYourself: String { "ログイン中の自分のアカウントは削除できません。" }
    public var staffNameMissing: String { "名前を入力してください。" }
    public func staffNameTaken(_ name: String) -> String { "\(name) 先生のアカウントはもうあります。" }
    public var pinInvalid: String { "暗証番号は 4〜12桁の数字にしてください。" }
    public var pinTaken: String { "その暗証番号は ほかの先生が使っています。別の番号にしてください。" }
    public var passwordTooShort: String { "パスワードは 8文字以上にしてください。" }
    public var noSuchStaff: String { "その名前の先生のアカウントはありません。" }
    public var time: String { "日時" }
    public var staffMember: String { "先生" }
    public var detail: String { "内容" }
}
