import BookLookup
import Foundation
import Lending

/// The books and users files' words in Japanese: the headers are the page's own words.
public struct JapaneseCatalogWords: CatalogWords {
    public init() {}

    public func header(_ column: CatalogColumn) -> String {
        switch column {
        case .barcode: "バーコード"
        case .title: "書名"
        case .author: "著者"
        case .isbn: "ISBN"
        case .status: "状態"
        case .reading: "よみがな"
        case .card: "カード番号"
        case .name: "名前"
        case .class: "組"
        case .limit: "貸出上限"
        case .active: "利用中"
        }
    }

    public func status(_ status: BookStatus) -> String {
        switch status {
        case .available: "貸出可"
        case .withdrawn: "除籍済み"
        case .lost: "紛失"
        }
    }

    public func active(_ isActive: Bool) -> String { isActive ? "はい" : "いいえ" }
    public func line(_ number: Int) -> String { "\(number)行目" }

    public func syntax(_ reason: CSV.SyntaxError.Reason) -> String {
        switch reason {
        case .quoteInsideField: "欄の途中に「\"」があります。欄全体を \" で囲み、中の \" は \"\" と書いてください"
        case .textAfterClosingQuote: "閉じた「\"」のあとに文字があります。欄全体を \" で囲んでください"
        case .unclosedQuote: "ここで開いた「\"」が閉じていません"
        }
    }

    private func key(_ kind: CatalogImport.Kind) -> String { header(kind == .books ? .barcode : .card) }

    public func problem(_ problem: ImportProblem) -> String {
        let text: String = switch problem.reason {
        case .syntax(let reason): syntax(reason)
        case .emptyFile(let kind): "ファイルが空です。1行目に列の名前(\(kind.columns.map(header).joined(separator: ",")))を書いてください"
        case .missingColumns(let missing, _):
            "1行目に「\(missing.map(header).joined(separator: "」「"))」の列がありません。少なくとも \(missing.map(header).joined(separator: ",")) が要ります"
        case .missingTitleOrISBNColumn:
            "1行目に「\(header(.title))」の列も「\(header(.isbn))」の列もありません。書名の列か、書名を調べるための ISBN の列が要ります"
        case .tooManyFields(let count, let header): "欄が \(count) 個ありますが、1行目は \(header) 個です。「,」を含む欄を \" で囲み忘れていませんか"
        case .repeated(let key, let firstLine, let kind): "\(key) は \(firstLine)行目にもあります。同じ\(self.key(kind))は1回だけ書けます"
        case .missingName(let key, .books): key.isEmpty ? "書名がありません" : "絵本 \(key) に書名がありません"
        case .missingName(let key, .users): key.isEmpty ? "名前がありません" : "利用者 \(key) に名前がありません"
        case .invalidISBN(let invalid): isbnInvalid(invalid)
        case .untitledWithoutLookup(let isbn): "ISBN \(isbn) に書名がありません。ここでは ISBN で調べられないので、書名を書いてください"
        case .titleNotFound(let problem): lookupProblem(problem)
        case .invalidStatus(let text): "状態「\(text)」は 貸出可・除籍済み・紛失 のどれでもありません"
        case .invalidReading(let character, let kind):
            "よみがなには、ひらがな・カタカナ・空白・ー だけが使えます(「\(character)」は使えません。例: \(kind == .books ? "ぐりとぐら" : "さとう はると"))"
        case .invalidLimit(let text): "貸出上限「\(text)」は 0 以上の数字ではありません"
        case .invalidActive(let text): "利用中「\(text)」は はい か いいえ にしてください"
        case .cannotNumber(let rows, let exhausted, let kind):
            "\(key(kind))のない行が \(rows) 行ありますが、\(exhausted.numbering.length)けたで \(exhausted.numbering.prefix) から始まる番号はもう空いていません。設定ファイルの numbering で桁数を増やしてください"
        case .conflict(.barcodeIsACard(let code)): "\(code) はもう利用者カードの番号なので、絵本のバーコードにはできません"
        case .conflict(.cardIsABook(let code)): "\(code) はもう絵本のバーコードなので、利用者カードの番号にはできません"
        case .probableTypo(let written, let meant):
            "組「\(written)」はありませんが「\(meant)」があります。打ち間違いではありませんか。「\(meant)」と書くか、本当に新しい組なら先に組のページ(または bookkiosk classes add)で作ってから、もう一度取り込んでください"
        }
        return problem.line.map { line($0) + ": " + text } ?? text
    }

    public func warning(_ warning: ImportWarning) -> String {
        switch warning.reason {
        case .unknownColumn(let name, let kind):
            "\(line(warning.line)): 列「\(name)」は BookKiosk の知らない列なので読みませんでした(使える列: \(kind.columns.map(header).joined(separator: "・")))"
        case .sameNameAsSeveralUsers(let name, let className, let cards):
            "\(line(warning.line)): \(who(name, className))にはカード番号がなく、図書館には同じ名前の利用者が \(cards.count) 人います(\(cards.joined(separator: "・")))。"
                + "どの人か分からないので、この行は取り込みません。カード番号の列を加えて、この行の番号を書いてください"
        case .sameNameOnOtherLines(let name, let className, let lines, nil):
            "\(line(warning.line)): \(who(name, className))にはカード番号がなく、\(lineList(lines))にも同じ名前があります。それぞれ別の利用者として追加します。"
                + "同じ子なら1行にしてください"
        case .sameNameOnOtherLines(let name, let className, let lines, let card?):
            "\(line(warning.line)): \(who(name, className))にはカード番号がなく、\(lineList(lines))にも同じ名前があり、図書館には同じ名前の利用者(\(card))がいます。"
                + "どの行が \(card) か分からないので、この行は取り込みません。その行のカード番号の列に \(card) と書いてください"
        case .sameTitleInLibrary(let title, let barcodes):
            "\(line(warning.line)): 「\(title)」にはバーコードがなく、図書館にはもうあります(\(barcodes.joined(separator: "・")))。もう1冊として追加します。"
                + "前に取り込んだファイルなら、その絵本はもう図書館にあります"
        }
    }

    private func who(_ name: String, _ className: String?) -> String {
        "「\(name)」" + (className.map { "(\($0))" } ?? "")
    }

    private func lineList(_ lines: [Int]) -> String {
        lines.map(line).joined(separator: "・")
    }

    public let matchedHeading = "カード番号のない行のうち、図書館にいる同じ名前(と組)の利用者を更新した行(二重には追加していません):"

    public func encoding(_ encoding: CSVText.Encoding) -> String {
        switch encoding {
        case .utf8: "UTF-8"
        case .utf8WithByteOrderMark: "UTF-8 (BOM 付き)"
        case .shiftJIS: "Shift_JIS (CP932。Excel の「CSV (コンマ区切り)」)"
        }
    }

    public func source(_ failure: ImportSource.Failure) -> String {
        switch failure.reason {
        case .missing: "\(failure.name) はありません。ファイル名を確かめてください。何も取り込んでいません。"
        case .notPermitted: "\(failure.name) を読む権限がありません。ファイルの権限を確かめてください。何も取り込んでいません。"
        case .isFolder: "\(failure.name) はフォルダです。中の CSV ファイルを指定してください。何も取り込んでいません。"
        case .unreadable(let detail): "\(failure.name) を読めません(\(detail))。ファイル名と読む権限を確かめてください。何も取り込んでいません。"
        case .notText: "\(failure.name) は UTF-8 でも Shift_JIS でもありません。Excel で「CSV UTF-8」として保存してから、もう一度取り込んでください。何も取り込んでいません。"
        }
    }

    public let nothingImported = "何も取り込んでいません。次の行を直してから、もう一度取り込んでください:"

    public func imported(_ file: String, kind: CatalogImport.Kind, added: Int, updated: Int, encoding: CSVText.Encoding) -> String {
        "\(file) を取り込みました: \(kind == .books ? "絵本" : "利用者")を \(added) 件追加、\(updated) 件更新。文字コードは \(self.encoding(encoding)) として読みました。"
    }

    public func createdClasses(_ names: [String]) -> String {
        "新しい組を作りました(学年はまだありません。`bookkiosk classes grade 組の名前 学年` で付けてください): \(names.joined(separator: "、"))"
    }

    public func lookedUpHeading(rows: Int, fromCache: Int) -> String {
        "ISBN で書名を調べた行: \(rows) 行(うち \(fromCache) 行は図書館に保存済みの結果。書誌データ：国立国会図書館サーチ / openBD):"
    }

    public func numberedHeading(_ kind: CatalogImport.Kind) -> String {
        "\(key(kind))のなかった行に付けた番号(`bookkiosk print \(kind == .books ? "labels --books" : "cards --users") new` で印刷できます):"
    }

    public let importUsage = "何をどのファイルから取り込むか書いてください: `bookkiosk import books books.csv` か `bookkiosk import users users.csv`"
    public let exportUsage = "何を書き出すか書いてください: `bookkiosk export books`、`bookkiosk export users` か `bookkiosk export loans`(ファイルにするときは --out F.csv)"
    public func exported(_ what: String, to file: String) -> String { "\(what) を \(file) に書き出しました。" }
    public func alreadyExists(_ file: String) -> String { "\(file) はもうあります。BookKiosk はファイルを上書きしません。別の名前にするか、先に消してください。" }
    public func cannotWrite(_ file: String) -> String { "\(file) を書けませんでした。フォルダがあって書き込めるか確かめてください。" }

    /// Why a text is not an ISBN.
    func isbnInvalid(_ invalid: ISBN.Invalid) -> String {
        switch invalid {
        case .empty: "ISBN がありません。絵本のバーコードの上にある13桁を入力するか、読み取ってください"
        case .character(let character, let text): "「\(text)」は ISBN ではありません。「\(character)」は ISBN に使えません(数字・ハイフンと、10桁の ISBN の最後の X だけです)"
        case .length(let count, let text): "「\(text)」は ISBN ではありません。数字が \(count) 桁ですが、ISBN は13桁(古い本は10桁)です"
        case .notABook(let text): "「\(text)」は ISBN ではありません。ISBN-13 は 978 か 979 で始まります(本ではないもののバーコードです)"
        case .checkDigit(let text, let expected): "「\(text)」は正しい ISBN ではありません。最後の文字は \(expected) のはずです。打ち間違いがないか確かめてください"
        }
    }

    public func lookupProblem(_ problem: LookupProblem) -> String {
        switch problem {
        case .invalidISBN(let invalid): isbnInvalid(invalid)
        case .lookupsOff(let isbn):
            "ISBN \(isbn) を調べていません。設定で調べないことになっていて(\"lookup\": false)、前に調べたこともありません。書名を書いてください"
        case .notFound(let isbn): "ISBN \(isbn) は国立国会図書館にも openBD にも見つかりませんでした。書名を書いてください"
        case .unanswered(let isbn, let faults, let notFoundAt):
            "ISBN \(isbn) を調べられませんでした("
                + (faults.map { "\(service($0.service)): \(fault($0.fault))" } + notFoundAt.map { "\(service($0)) にはありません" }).joined(separator: "、")
                + ")。書名を書くか、あとでもう一度取り込んでください"
        }
    }

    public func lookupCommandProblem(_ problem: LookupProblem) -> String {
        switch problem {
        case .unanswered(let isbn, let faults, let notFoundAt):
            "ISBN \(isbn) を調べられませんでした(\(lookupTrouble(LookupTrouble(faults, notFoundAt: notFoundAt))))。あとでもう一度 `bookkiosk lookup` で調べてください"
        case .invalidISBN, .lookupsOff, .notFound:
            lookupProblem(problem)
        }
    }

    public func lookupTrouble(_ trouble: LookupTrouble) -> String {
        switch trouble {
        case .offline: "インターネットにつながっていないようです"
        case .someUnreached: "調べる先の一つにつながりませんでした"
        case .timedOut(let seconds): "相手が \(Int(seconds.rounded())) 秒のうちに答えませんでした"
        case .busy: "相手が混み合っています。少し待ってください"
        case .unreadable: "相手から読めない答えが返りました"
        }
    }

    private func service(_ service: BookService) -> String {
        switch service {
        case .ndl: "国立国会図書館"
        case .openBD: "openBD"
        }
    }

    private func fault(_ fault: ServiceFault) -> String {
        switch fault {
        case .transfer(.hostNotFound), .transfer(.couldNotConnect): lookupTrouble(.offline)
        case .transfer(.timedOut(let seconds)): lookupTrouble(.timedOut(seconds: seconds))
        case .transfer(let failure): "つながりませんでした(\(failure.description))"
        case .busy(let status): "混んでいるか止まっています(HTTP \(status))"
        case .status(let status): "記録の代わりに HTTP \(status) が返りました"
        case .resting(let until, _):
            "少し前にうまくいかなかった(\(lookupTrouble(fault.trouble)))ので、\(until.formatted(date: .omitted, time: .shortened)) まで待っています"
        case .unreadable(let detail): "答えを読めませんでした(\(detail))"
        }
    }
}
