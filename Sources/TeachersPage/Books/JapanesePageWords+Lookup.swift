import BookLookup
import Foundation
import Lending

extension JapanesePageWords {
    public var lookUp: String { "調べる" }

    public var coverPhoto: String { "表紙の写真" }
    public var coverPhotoExplained: String {
        "iPad やスマートフォンではカメラが開きます。表紙を正面から撮ってください。パソコンでは JPEG か PNG の画像を選びます。保存すると、ページとキオスクの画面にすぐ出ます。"
    }
    public var coverPhotoFolderWins: String { "表紙のフォルダーにこの絵本の画像があるので、そちらが表示されます。" }
    public var coverPhotoFile: String { "写真" }
    public var coverPhotoSave: String { "写真を保存する" }
    public var coverPhotoNoFile: String { "写真を撮るか、画像のファイルを選んでください。" }
    public func coverPhotoSaved(title: String, width: Int, height: Int) -> String {
        "「\(title)」の表紙の写真を保存しました(\(width)×\(height) ピクセル)。"
    }
    public func coverPhotoNotAPicture(_ fileName: String) -> String {
        "「\(fileName)」は写真ではないので保存できません。JPEG か PNG の画像を選ぶか、カメラで撮ってください。"
    }
    public func coverPhotoUnreadable(_ fileName: String, reason: String) -> String {
        "「\(fileName)」は画像として読めませんでした(\(reason))。もう一度撮るか、別のファイルを選んでください。"
    }
    public var isbnLookupHint: String {
        "本の裏の 978 から始まる13桁(または10桁)。バーコードを読み取るか入力して「調べる」を押すと、書名・よみがな・著者が入ります。"
    }
    public var bookReadingHint: String { "書名のよみ。ひらがなかカタカナで(カタカナはひらがなにして保存します)。一覧はこの順に並びます。" }

    public func lookupFound(_ source: BookRecordSource, fromCache: Bool) -> String {
        fromCache ? "以前に\(sourceName(source))で調べた記録から入れました。確かめて「保存する」を押してください。"
                  : "\(sourceName(source))で見つかりました。確かめて「保存する」を押してください。"
    }

    public func lookupDiffering(_ other: BookRecordSource, title: String) -> String {
        "\(sourceName(other))では書名が「\(title)」となっています。国立国会図書館サーチのものを入れました。"
    }

    public func lookupProblem(_ problem: LookupProblem) -> String {
        switch problem {
        case .invalidISBN(.checkDigit):
            return "ISBN の最後の数字が合いません。読み間違いかもしれません。本の裏の数字をもう一度確かめてください。"
        case .invalidISBN:
            return isbnInvalid
        case .lookupsOff:
            return "この本は調べられません(設定で調べる機能を止めてあります)。書名を入力してください。"
        case .notFound(let isbn):
            return "ISBN \(isbn) は国立国会図書館サーチにも openBD にも見つかりませんでした。書名を入力してください。"
        case .unanswered(let isbn, let faults, let notFoundAt):
            return "ISBN \(isbn) を調べられませんでした(\(catalogWords.lookupTrouble(LookupTrouble(faults, notFoundAt: notFoundAt))))。書名を入力するか、あとでもう一度「\(lookUp)」を押してください。"
        }
    }

    public var lookupNeedsISBN: String { "ISBN を入力するか、本の裏のバーコードを読み取ってから「調べる」を押してください。" }

    public func attribution(_ source: BookRecordSource) -> String { "書誌データ：\(sourceName(source))" }

    public func sourceName(_ source: BookRecordSource) -> String {
        switch source {
        case .ndl: "国立国会図書館サーチ"
        case .openBD: "openBD"
        }
    }

    public var addMany: String { "まとめて登録" }
    public var addManyExplained: String {
        "iPad につないだバーコードリーダーで、絵本の裏の ISBN を次々に読み取ってください。1冊ずつ、空いている次の番号で登録し、見つかった書名を入れます。"
            + "番号のラベルをもう貼ってある絵本は、ISBN の次に「ラベルの番号」にそのラベルを読み取ってから登録します。終わったら「ラベルを印刷」。"
    }
    public var scanISBN: String { "ISBN" }
    public var scanLabel: String { "ラベルの番号" }
    public var scanLabelHint: String { "空欄なら、空いている次の番号にします。" }
    public var scanRegister: String { "登録" }
    public var scanNothing: String { "ISBN を読み取るか入力してください。" }
    public func scanAdded(title: String, barcode: String) -> String { "「\(title)」を \(barcode) で登録しました。" }
    public func scanNeedsTitle(_ problem: LookupProblem) -> String {
        switch problem {
        case .invalidISBN: lookupProblem(problem)
        case .lookupsOff(let isbn): "ISBN \(isbn) は調べていません(設定で調べる機能を止めてあります)。下の一覧で書名を入力して登録してください。"
        case .notFound(let isbn): "ISBN \(isbn) は見つかりませんでした。下の一覧で書名を入力して登録してください。"
        case .unanswered(let isbn, let faults, let notFoundAt):
            "ISBN \(isbn) を調べられませんでした(\(catalogWords.lookupTrouble(LookupTrouble(faults, notFoundAt: notFoundAt))))。下の一覧で書名を入力して登録してください。"
        }
    }
    public func scanProblem(_ problem: LookupProblem) -> String {
        let register = "書名を入力して「\(scanAddWithTitle)」を押してください。"
        return switch problem {
        case .invalidISBN: lookupProblem(problem)
        case .lookupsOff: "設定で調べる機能を止めてあるので、調べていません。" + register
        case .notFound: "国立国会図書館サーチにも openBD にも見つかりませんでした。" + register
        case .unanswered(_, let faults, let notFoundAt):
            "調べられませんでした(\(catalogWords.lookupTrouble(LookupTrouble(faults, notFoundAt: notFoundAt))))。" + register
        }
    }
    public var scanListHeading: String { "この回に登録した絵本(新しい順)" }
    public var scanListEmpty: String { "まだありません。ISBN を読み取ると、ここに並びます。" }
    public var scanSource: String { "書誌データ" }
    public var scanFromCache: String { "(以前に調べた記録)" }
    public var needsTitle: String { "書名が必要です" }
    public var scanAddWithTitle: String { "この書名で登録" }
    public var undo: String { "取り消し" }
    public var undone: String { "取り消しました" }
    public func scanUndone(title: String) -> String { "「\(title)」の登録を取り消しました。" }
    public func scanWasLent(title: String) -> String { "「\(title)」はもう貸し出されたことがあるので、取り消せません。やめるときは「除籍」にしてください。" }
    public var scanUnknownEntry: String { "その行はもう一覧にありません。" }
    public func printRunLabels(_ count: Int) -> String { "ラベルを印刷(\(count) 冊)" }
    public var printRunLabelsExplained: String { "この回に登録した絵本のラベルだけを、ラベル用紙に印刷する PDF です。" }
    public var scanRestart: String { "一覧を空にして新しく始める" }
    public var scanRestarted: String { "一覧を空にしました。登録した絵本はそのまま残っています。" }

    public func importLookedUp(_ count: Int, fromCache: Int) -> String {
        "ISBN で調べた書名 \(count) 件" + (fromCache > 0 ? "(うち \(fromCache) 件は以前に調べた記録から)" : "")
    }
}
