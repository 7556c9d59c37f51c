import Language
import Lending

/// The commands' words in Japanese, in the words of TERMS.md (絵本, 利用者, 貸出, 返却期限, 組).
public struct JapaneseCommandWords: CommandWords {
    public init() {}
    public var language: Language { .ja }

    public func configurationWarning(_ problem: String) -> String {
        "注意: 設定ファイルの \(problem) — このコマンドはこの項目を使わないので、既定の値で続けます。キオスクを動かす前に直してください"
    }
    public let nothingChanged = "何も変えていません。"

    public let classesUsage = "`bookkiosk classes` で組の一覧、`classes add 組の名前 [--grade 学年]`・`classes grade 組の名前 学年|none`・`classes rename 古い名前 新しい名前`・`classes remove 組の名前` で変更します"
    public let gradeUsage = "学年は `classes add 組の名前 --grade 学年` か `classes grade 組の名前 学年` で、1(いちばん小さい学年)からの数で書きます。例: 2。`classes grade 組の名前 none` で学年を外します"
    public let classNeedsName = "組には名前が要ります(例: ひよこ組)。"
    public func classGradeSet(_ name: String, grade: Int?) -> String { "\(name) の学年を \(grade.map(String.init) ?? "なし") にしました。" }
    public func classGradeUnchanged(_ name: String, grade: Int?) -> String {
        "\(name) の学年はもう \(grade.map(String.init) ?? "なし") です。何も変えていません。"
    }
    public func classNameTaken(_ name: String) -> String {
        "組「\(name)」はもうあります。学年は `bookkiosk classes grade \(name) 学年` で付けられます。"
    }
    public func classHasUsers(_ name: String, count: Int) -> String {
        "組「\(name)」にはまだ利用者が \(count) 人います。先に別の組に移してください。"
    }
    public func classAdded(_ name: String, grade: Int?) -> String {
        "組「\(name)」を作りました" + (grade.map { "(学年 \($0))。" } ?? "。学年はまだありません。進級の前に `bookkiosk classes grade \(name) 学年` で付けてください。")
    }
    public func noSuchClass(_ name: String) -> String { "組「\(name)」はありません。`bookkiosk classes` で一覧を見られます。" }
    public func classRenamed(_ old: String, to new: String) -> String { "組「\(old)」を「\(new)」に変えました。利用者もいっしょに移りました。" }
    public func classRemoved(_ name: String) -> String { "組「\(name)」を消しました。" }
    public let noClassesYet = "組はまだありません。`bookkiosk classes add ひよこ組 --grade 1` で作るか、組の列のある利用者の一覧を取り込んでください。"
    public func classLine(_ name: String, grade: Int?, users: Int) -> String {
        "\(name)\t学年 \(grade.map(String.init) ?? "-")\t利用者 \(users) 人"
    }

    public let restoreUsage = "どのバックアップを戻すか書いてください: `bookkiosk restore /path/to/backup.sqlite`"
    public func restoreOnPostgres(server: String, file: String) -> String {
        """
        図書の記録は PostgreSQL サーバー \(server) にあります。pg_dump で作ったダンプを、そこに戻してください:
          pg_restore --clean --if-exists --no-owner --dbname '\(server)' \(file)
        (先にキオスクと先生のページを止め、今の記録の新しいダンプをそばに取っておいてください)。
        """
    }
    public func noBackupFile(_ file: String) -> String { "ファイル \(file) はありません。`bookkiosk backup` で作ったバックアップの場所を書いてください。" }
    public func backupHolds(_ file: String, _ contents: String) -> String { "\(file) の中身: \(contents)。" }
    public func libraryHolds(_ path: String, _ contents: String) -> String { "今の図書の記録(\(path))の中身: \(contents)。" }
    public let restoreNeedsYes = "何も変えていません。このバックアップで図書の記録を置きかえるには、--yes を付けてもう一度実行してください。"
    public let restoreQuestion = "このバックアップで図書の記録を置きかえますか? 今の記録はそばに残します。[y/N]"
    public let restoreLeftAsItWas = "何も変えていません。図書の記録は元のままです。"
    public func notRestored(_ file: String, _ error: String) -> String { "\(file) から戻せませんでした(\(error))。何も変えていません。図書の記録は元のままです。" }
    public func restored(_ file: String, _ contents: String, keptAt kept: String) -> String {
        "\(file) を戻しました。図書の記録の中身: \(contents)。前の記録は \(kept) に残してあります。"
    }
    public func holdings(books: Int, users: Int, loans: Int, out: Int, lastLoan: String?) -> String {
        "絵本 \(books) 冊、利用者 \(users) 人、貸出 \(loans) 件(うち貸出中 \(out) 件)" + (lastLoan.map { "、最後の貸出 \($0)" } ?? "、貸出はまだありません")
    }

    public let backupUsage = "コピーをどこに作るか書いてください: `bookkiosk backup /path/to/copy.sqlite`"
    public func noDatabase(_ path: String) -> String { "\(path) に図書の記録がないので、バックアップできません。--db で場所を書いてください。" }
    public func backedUp(_ path: String, to destination: String) -> String { "\(path) を \(destination) にバックアップしました。" }

    public let staffUsage = "することを書いてください: `staff add 名前`、`staff pin 名前`、`staff password 名前`、`staff list` か `staff remove 名前`"
    public let staffListTakesNoName = "`staff list` には名前を付けません"
    public func staffNeedsName(_ action: String) -> String { "`staff \(action)` には先生の名前が要ります" }
    public let noStaffYet = "先生はまだ登録されていません。`bookkiosk staff add 名前` で登録してください。"
    public func noSuchStaff(_ name: String) -> String { "\(name) という先生はいません。`bookkiosk staff list` で一覧を見られます。" }
    public func noSuchStaffToChange(_ name: String) -> String { "\(name) という先生はいません。`bookkiosk staff add \(name)` で登録してください。" }
    public func staffRemoved(_ name: String) -> String { "\(name) を消しました。その PIN ではもう先生モードに入れません。" }
    public func staffHasPIN(_ name: String) -> String { "\(name) にはもう PIN があります。変えるときは `bookkiosk staff pin \(name)` を使ってください。" }
    public let pinTaken = "その PIN はほかの先生が使っています。別の PIN にしてください。"
    public func staffAddedMeanwhile(_ name: String) -> String {
        "\(name) はその間にほかで追加されました。何も変えていません。PIN を変えるときは `bookkiosk staff pin \(name)` です。"
    }
    public func staffRemovedMeanwhile(_ name: String) -> String { "\(name) はその間にほかで消されました。何も変えていません。" }
    public func staffAdded(_ name: String) -> String { "\(name) を登録しました。キオスクで F12 を押して PIN を打つと、先生モードに入れます。" }
    public func pinChanged(_ name: String) -> String { "\(name) の PIN を変えました。" }
    public func pinPrompt(_ name: String) -> String { "\(name) の PIN(4〜12 けたの数字): " }
    public let pinAgainPrompt = "もう一度同じ PIN: "
    public let noPINGiven = "PIN が入力されなかったので、何も変えていません。"
    public let pinShape = "PIN は 4〜12 けたの数字(0〜9)です。何も変えていません。"
    public let pinsDiffer = "2 回の PIN が違いました。何も変えていません。"

    public let promoteUsage = "`bookkiosk promote` で進級の案を見て、`bookkiosk promote --apply` で行います。--map 元の組=先の組 で行き先を決めます"
    public let mapUsage = "--map には 元の組=先の組 のように組の名前を 2 つ書きます。例: --map ひよこ組=うさぎ組"
    public let promotionBlocked = "これを決めるまで進級はできません。"
    public func promoteHow(_ command: String) -> String { "何も変えていません。行うときは `\(command)` を実行してください。" }
    public let promotionRaced = "進級の途中で図書の記録が変わったので、何も変えていません。もう一度実行してください。"
    public func promoted(moved: Int, graduated: Int) -> String { "進級しました: \(moved) 人が上の組へ、\(graduated) 人が卒園。" }
    public let promotionEmpty = "進級するものはありません。何も変えていません。"
    public let nothingToPromote = "組に入っている利用者がいないので、進級するものがありません。組に学年を(`bookkiosk classes`)、利用者に組を(利用者の一覧の「組」の列)付けてください。"
    public func move(from: String, to: String, users: [String]) -> String {
        "\(from) → \(to): \(users.count) 人(\(users.joined(separator: "、")))"
    }
    public func graduates(_ count: Int) -> String { "卒園(利用をやめ、組なし): \(count) 人" }
    public func graduate(_ name: String, card: String, booksOut: [String]) -> String {
        "  \(name)(\(card))" + (booksOut.isEmpty ? "" : " まだ \(booksOut.joined(separator: "、")) を借りています。返してもらってください")
    }
    public func cannotGuess(_ problem: PromotionPlan.Problem) -> String {
        let text = switch problem {
        case .severalClasses(let from, let grade, let choices):
            "\(from): 学年 \(grade) には組が \(choices.count) つ(\(choices.joined(separator: "、")))あるので、--map \(from)=\(choices[0]) のように行き先を書いてください"
        case .noGrade(let name, let users):
            "\(name) には利用者が \(users) 人いますが学年がありません。学年を付けるか(bookkiosk classes grade \(name) 学年)、--map \(name)=組 で行き先を書いてください"
        case .unknownClass(let name):
            "組「\(name)」はありません(bookkiosk classes で一覧を見られます)"
        }
        return "決められません: " + text
    }

    public let printUsage = "何を印刷するか書いてください: `bookkiosk print cards --out cards.pdf`、`bookkiosk print labels --out labels.pdf`、`bookkiosk print notices --out notices.pdf`。用紙の一覧は `bookkiosk print sheets`"
    public let booksOptionUsage = "--books は絵本のラベルを選びます。`print labels` といっしょに使ってください"
    public let usersOptionUsage = "--users は利用者カードを選びます。`print cards` といっしょに使ってください"
    public func outUsage(_ what: String) -> String { "PDF をどこに書くか書いてください: --out \(what).pdf(標準出力なら --out -)" }
    public func outIsATerminal(_ what: String) -> String {
        "--out - は PDF を標準出力に書きますが、ここは端末です。プリンターに送るか(`bookkiosk print \(what) --out - | lp -o media=A4 -o print-scaling=none`)、--out \(what).pdf のようにファイルを書いてください。"
    }
    public func noSuchSheet(_ name: String, sheets: [String]) -> String {
        "用紙 \(name) はありません。用紙は \(sheets.joined(separator: "、")) です(大きさは `bookkiosk print sheets`。設定ファイルの \"sheets\" で自分の用紙を足せます)"
    }
    public func startAtUsage(count: Int, sheet: String) -> String {
        "--start-at には \(sheet) の 1 から \(count) までの位置を書きます(1 は左上、行ごとに数えます)"
    }
    public let symbologyUsage = "--symbology は nw7 か code128 です(書かなければ、数字は NW-7、それ以外は Code 128)"
    public let cardCaption = "としょかんカード"
    public func nothingNewToPrint(cards: Bool, option: String) -> String {
        "まだ印刷していない\(cards ? "カード" : "ラベル")はありません。もう一度すべて印刷するには `--\(option) all` を付けてください。"
    }
    public func nothingToPrint(cards: Bool) -> String { "印刷する\(cards ? "カード" : "ラベル")がありません。" }
    public func notPrinted(_ reason: String) -> String { "何も印刷していません: \(reason)" }
    public func notRecordedAsPrinted(_ reason: String) -> String { "\(reason) 印刷済みにはしていません。" }
    public func wrote(_ count: Int, cards: Bool, pages: Int, sheet: String, labelsPerSheet: Int, startAt: Int, to out: String?) -> String {
        "\(cards ? "カード" : "ラベル") \(count) 枚を\(out.map { " \($0) " } ?? "標準出力")に書きました"
            + "(\(sheet) の用紙、1 枚 \(labelsPerSheet) 面、\(pages) ページ" + (startAt > 1 ? "、\(startAt) 番目の位置から" : "") + ")。"
            + "印刷は 100 %(「実際のサイズ」)で、「ページに合わせる」にしないでください。"
    }
    public func notInLibrary(_ barcodes: [String], cards: Bool) -> String {
        "\(barcodes.joined(separator: "、")) は図書の記録にある\(cards ? "利用者カード" : "絵本のバーコード")ではありません。何も印刷していません。all、new、またはコンマで区切った番号を書いてください。"
    }
    public func noSuchClassToPrint(_ name: String) -> String { "組「\(name)」はありません(`bookkiosk classes` で一覧)。何も印刷していません。" }
    public func noOverdueNotices(inClass: String?, on day: LocalDate) -> String {
        "\(day) に\(inClass.map { "\($0)で" } ?? "")返却期限を過ぎた絵本のある利用者はいません。おねがいの紙はいりません。"
    }
    public func wroteNotices(_ count: Int, pages: Int, to out: String?) -> String {
        "返却のおねがい \(count) 枚を、A4 \(pages) ページに\(out.map { "\($0) へ" } ?? "標準出力へ")書きました。点線で切ってください。"
    }
    public let sheetTableHeader = ["用紙", "枚数", "ラベルの大きさ", "列 × 行", "左 / 上", "横 / 縦の間隔", "紙", ""]

    public let reportUsage = "レポートは `bookkiosk report overdue`・`report audit`・`report popular`・`report classes` です"
    public func noOverdue(on day: LocalDate) -> String { "\(day) に返却期限を過ぎた貸出はありません。" }
    public func overdueHeading(on day: LocalDate, count: Int) -> String { "\(day) に返却期限を過ぎた貸出: \(count) 件" }
    public func overdueLine(who: String, what: String, due: LocalDate, days: Int) -> String {
        "  \(who): \(what)、返却期限 \(due)、\(days) 日過ぎ"
    }
    public let unknownUser = "不明な利用者"
}
