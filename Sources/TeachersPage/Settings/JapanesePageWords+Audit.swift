import Foundation
import Lending

extension JapanesePageWords {
    public var auditHeading: String { "操作の記録(新しい順)" }
    public var auditChanges: String { "変更" }
    public var auditSignIns: String { "ログインと先生モード" }
    public var noAudit: String { "操作の記録はまだありません。" }

    public func auditAction(_ kind: AuditAction.Kind) -> String {
        switch kind {
        case .enteredStaffMode: "先生モードに入った"
        case .leftStaffMode: "先生モードを出た"
        case .wrongPIN: "暗証番号の間違い"
        case .pinLocked: "暗証番号の入力を停止"
        case .signedIn: "ログイン"
        case .signedOut: "ログアウト"
        case .signInFailed: "ログインの失敗"
        case .signInLocked: "ログインを停止"
        case .lent: "貸出(先生)"
        case .lentPastRules: "特別貸出"
        case .returned: "返却"
        case .forcedReturn: "強制返却"
        case .extended: "延長"
        case .withdrew: "除籍"
        case .registeredBook: "絵本の登録"
        case .removedBook: "絵本の登録の取り消し"
        case .editedBook: "絵本の編集"
        case .savedCoverPhoto: "表紙の写真の登録"
        case .registeredUser: "利用者の登録"
        case .editedUser: "利用者の編集"
        case .deactivatedUser: "利用停止"
        case .reactivatedUser: "利用再開"
        case .removedUser: "利用者の削除"
        case .changedRules: "貸出ルールの変更"
        case .addedStaff: "先生の追加"
        case .changedPIN: "暗証番号の変更"
        case .setPassword: "パスワードの設定"
        case .removedStaff: "先生の削除"
        case .addedClass: "組の追加"
        case .setClassGrade: "組の学年の変更"
        case .renamedClass: "組の名前の変更"
        case .removedClass: "組の削除"
        case .promoted: "進級"
        case .printedCards: "カードの印刷"
        case .printedLabels: "ラベルの印刷"
        case .imported: "CSV の取り込み"
        case .restored: "バックアップの復元"
        }
    }

    public func auditDetail(_ action: AuditAction) -> String {
        func book(_ book: AuditedBook) -> String { "「\(book.title)」(\(book.barcode))" }
        func grade(_ grade: Int?) -> String { grade.map { "\($0)" } ?? "なし" }
        switch action {
        case .enteredStaffMode, .leftStaffMode, .wrongPIN, .signedIn, .signedOut, .registeredUser,
             .deactivatedUser, .reactivatedUser, .removedUser:
            return ""
        case .pinLocked(let seconds): return "\(seconds)秒間、暗証番号の入力を止めました"
        case .signInFailed(let account): return "\(account) 先生のパスワードが違いました"
        case .signInLocked(let account, let minutes): return "\(account) 先生のパスワードが続けて違ったので、\(minutes)分間ログインを止めました"
        case .lent(let lent, let due): return "\(book(lent))、返却期限 \(date(due))"
        case .lentPastRules(let lent, let due, let refusal):
            let rule = switch refusal {
            case .hasOverdue: "返却期限切れの絵本があるのに"
            case .limitReached: "貸出上限を超えて"
            case .unknownBarcode, .cardFirst, .userInactive, .bookNotLendable, .pinWrong, .pinLocked, nil: "ルールを超えて"
            }
            return "\(book(lent))、返却期限 \(date(due))(\(rule)貸出)"
        case .returned(let returned): return "\(book(returned)) が返ってきました"
        case .forcedReturn(let returned): return book(returned)
        case .extended(let extended, let from, let to): return "\(book(extended))、返却期限 \(date(from)) → \(date(to))"
        case .withdrew(let withdrawn, let wasOnLoan): return book(withdrawn) + (wasOnLoan ? "(貸出中だったので返却にしました)" : "")
        case .registeredBook(let added, let author): return book(added) + (author.map { "、\($0)" } ?? "")
        case .removedBook(let removed): return book(removed)
        case .editedBook(let barcode, let changes): return "\(barcode): " + describe(changes)
        case .savedCoverPhoto(let photographed, let width, let height): return "\(book(photographed))、\(width)×\(height) ピクセル"
        case .editedUser(let changes): return changes.isEmpty ? "名前" : describe(changes)
        case .changedRules(let changes): return changes.isEmpty ? "変更なし" : describe(changes)
        case .addedStaff(let name, let withPassword): return "\(name) 先生" + (withPassword ? "(暗証番号とパスワード)" : "(暗証番号)")
        case .changedPIN(let name): return "\(name) 先生"
        case .setPassword(let name): return "\(name) 先生(ログインの停止も解除)"
        case .removedStaff(let name): return "\(name) 先生"
        case .addedClass(let name, let classGrade): return "\(name)、学年 \(grade(classGrade))"
        case .setClassGrade(let name, let from, let to): return "\(name)、学年 \(grade(from)) → \(grade(to))"
        case .renamedClass(let from, let to): return "\(from) → \(to)"
        case .removedClass(let name): return name
        case .promoted(let moves, let graduated):
            return (moves.map { "\($0.from) → \($0.to): \($0.users)人" } + ["卒園: \(graduated)人"]).joined(separator: "、")
        case .printed(let kind, let count, let className, let sheet, let position):
            let what = kind == .card ? "カード" : "ラベル"
            return (className.map { "\($0)の" } ?? "") + "\(what) \(count)枚、用紙 \(sheet) の \(position)番目から"
        case .imported(let kind, let added, let updated, let newClasses):
            let what = kind == .books ? "絵本" : "利用者"
            return "\(what): 追加 \(added)、更新 \(updated)" + (newClasses.isEmpty ? "" : "、新しい組 " + newClasses.joined(separator: "・"))
        case .restored(let books, let users, let loans, let keptAt):
            return "絵本 \(books)冊、利用者 \(users)人、貸出 \(loans)件。それまでの図書館は \(keptAt) に残しています"
        case .earlier(_, let detail):
            return detail
        }
    }

    public func auditField(_ field: AuditField) -> String {
        switch field {
        case .title: "書名"
        case .author: "著者"
        case .isbn: "ISBN"
        case .reading: "よみがな"
        case .className: "組"
        case .loanLimit: "貸出上限"
        case .loanDays: "貸出日数"
        case .closedWeekdays: "休園日(曜日)"
        case .closedDates: "休園日(日付)"
        case .blockOnOverdue: "返却期限切れのときは貸さない"
        case .libraryName: "図書館の名前"
        }
    }

    /// "組 ひよこ組 → うさぎ組、貸出上限 ルールどおり → 3"
    private func describe(_ changes: [AuditChange]) -> String {
        changes.map { change in
            "\(auditField(change.field)) \(value(change.from, of: change.field)) → \(value(change.to, of: change.field))"
        }.joined(separator: "、")
    }

    private func value(_ text: String?, of field: AuditField) -> String {
        guard let text, !text.isEmpty else {
            return switch field {
            case .loanLimit: "ルールどおり"
            case .title, .author, .isbn, .reading, .className, .loanDays, .closedWeekdays, .closedDates, .blockOnOverdue, .libraryName: "なし"
            }
        }
        switch field {
        case .closedWeekdays:
            return text.split(separator: ",").map { Weekday(rawValue: String($0)).map(weekday) ?? String($0) }.joined(separator: "・")
        case .blockOnOverdue:
            return text == "true" ? "はい" : "いいえ"
        case .closedDates:
            return text.split(separator: ",").map { LocalDate(String($0)).map(date) ?? String($0) }.joined(separator: "・")
        case .title, .author, .isbn, .reading, .className, .loanLimit, .loanDays, .libraryName:
            return text
        }
    }
}
