import CatalogIO
import Printing
extension JapanesePageWords {
    public var print: String { "印刷" }
    public var printCards: String { "利用者カード" }
    public var printLabels: String { "絵本のラベル" }
    public var printNotices: String { "返却のおねがい" }
    public var printCardsExplained: String { "組の利用者のカードを、ラベル用紙に印刷する PDF です。印刷すると「印刷済み」になります。" }
    public var printLabelsExplained: String { "絵本のバーコードラベルを、ラベル用紙に印刷する PDF です。" }
    public var printNoticesExplained: String { "期限を過ぎた絵本がある子に、おうちの方へのおねがいの紙を印刷します(A4 に数枚、切り取り線つき)。" }
    public var everyClass: String { "すべての組" }
    public var sheet: String { "用紙" }
    public var startAt: String { "印刷を始める位置" }
    public var startAtHint: String { "1 は左上、行ごとに数えます。使いかけの用紙に。" }
    public var whichLabels: String { "どの絵本" }
    public var whichCards: String { "どのカード" }
    public func sheetChoice(_ sheet: Sheet) -> String { "\(sheet.product)(\(sheet.paper.name)・\(sheet.count)面)" }
    public var printOneCard: String { "カードを印刷" }
    public var printOneLabel: String { "ラベルを印刷" }
    public func printedOn(_ day: String) -> String { "最後に印刷した日: \(day)。使いかけの用紙なら、空いている位置を選んでください。" }
    public var notPrintedYet: String { "まだ印刷していません。" }
    public var newOnly: String { "まだ印刷していないものだけ" }
    public var all: String { "すべて" }
    public var downloadPDF: String { "PDF をダウンロード" }
    public var nothingToPrint: String { "印刷するものがありません。" }
    public var noOverdueNotices: String { "期限を過ぎた絵本はありません。おねがいの紙はいりません。" }
    public func startAtInvalid(_ count: Int) -> String { "印刷を始める位置は 1 から \(count) までの数です。" }
    public var noSuchSheet: String { "その用紙はありません。一覧から選んでください。" }
    public func printRefused(cards: Bool, sheet: String) -> String {
        "\(sheet) には\(cards ? "カード" : "ラベル")を印刷できません(バーコードが読める大きさで入らないか、用紙の寸法が合いません)。ラベルの大きい用紙を選んでください。何も印刷していません。"
    }
    public var notices: String { "返却のおねがい" }

    public var importCSV: String { "取り込み" }
    public var importExplained: String { "利用者や絵本の一覧(CSV)を取り込む" }
    public var importKind: String { "何の一覧" }
    public var importUsers: String { "利用者" }
    public var importBooks: String { "絵本" }
    public var csvFile: String { "CSV ファイル" }
    public var importCheck: String { "確認する" }
    public var importIt: String { "取り込む" }
    public var importNoFile: String { "CSV ファイルを選んでください。" }
    public var importNotUTF8: String { "このファイルは UTF-8 でも Shift_JIS でもありません。Excel で「CSV UTF-8」か「CSV (コンマ区切り)」で保存してください。何も変わっていません。" }
    public var importPreviewHeading: String { "取り込む前の確認" }
    public func importSummary(added: Int, updated: Int) -> String { "追加 \(added) 件、更新 \(updated) 件。まだ何も変わっていません。" }
    public var importAddedRows: String { "追加されるもの" }
    public var importUpdatedRows: String { "更新されるもの" }
    public var importNewClasses: String { "新しくできる組" }
    public var importNumbers: String { "新しく付けられる番号" }
    public var importProblems: String { "直すところ" }
    public var importRefused: String { "直すところがあるので取り込めません。CSV を直して、もう一度選んでください。何も変わっていません。" }
    public var importNothingPending: String { "取り込む CSV がありません。もう一度選んでください。" }
    public func imported(added: Int, updated: Int) -> String { "取り込みました(追加 \(added) 件、更新 \(updated) 件)。" }
    public var importChangedMeanwhile: String { "確認のあとで図書の記録が変わったため、取り込みませんでした。新しい確認を見てください。" }
    public func line(_ number: Int) -> String { "\(number)行目" }
    public var importLineColumn: String { "行" }
    public var importChangesColumn: String { "変わるところ" }
    public func importReadAs(_ encoding: String) -> String { "文字コード \(encoding) として読みました。" }
    public var catalogWords: any CatalogWords { JapaneseCatalogWords() }

    public var backupHeading: String { "バックアップ" }
    public var backupExplained: String { "図書の記録全体をひとつのファイルとして保存します。USB メモリなどに保管してください。" }
    public var backupDownload: String { "バックアップ" }
    public var backupOnPostgres: String { "記録は PostgreSQL サーバーにあります。バックアップと復元は、サーバーで pg_dump と pg_restore を使います:" }
    public var backupUnavailable: String { "この記録はファイルではないので、ここではバックアップも復元もできません。" }
    public var restoreHeading: String { "復元" }
    public var restoreExplained: String { "バックアップのファイルを選ぶと、中身と今の記録を並べて見せます。確かめてから復元します。" }
    public var backupFile: String { "バックアップのファイル" }
    public var restoreCheck: String { "中身を確認" }
    public var restoreNoFile: String { "バックアップのファイルを選んでください。" }
    public func restoreRefused(_ fileName: String) -> String { "\(fileName) は BookKiosk のバックアップではないので復元できません。設定の「バックアップ」でダウンロードしたファイル(library-日付.sqlite)を選んでください。何も変わっていません。" }
    public func restoreCompare(_ fileName: String) -> String { "\(fileName) の中身と、今の記録です。まだ何も変わっていません。" }
    public var loansCount: String { "貸出の記録" }
    public var lastLoan: String { "最後の貸出" }
    public var restoreBackupRow: String { "バックアップ" }
    public var restoreCurrentRow: String { "今の記録" }
    public var restoreWarning: String { "復元すると、今の記録はこのバックアップに置き換わります。今の記録はそばにコピーとして残ります。" }
    public var restoreIt: String { "復元する" }
    public var restoreFailed: String { "復元できませんでした。図書館の記録は元のままです。もう一度ためして、続くときは管理している人に伝えてください(くわしいことはログにあります)。" }
    public func restored(keptAt path: String) -> String { "復元しました。前の記録は \(path) に残してあります。" }
}
