import Lending

extension JapanesePageWords {
    public var classes: String { "組" }
    public var records: String { "記録" }

    public var schoolClass: String { "組" }
    public var allClasses: String { "すべての組" }
    public var noClass: String { "組なし" }
    public var reading: String { "よみがな" }
    public var readingHint: String { "ひらがなかカタカナで(カタカナはひらがなにして保存します)。名簿はこの順に並びます。" }
    public func readingInvalid(_ character: Character) -> String {
        "よみがなには、ひらがな・カタカナ・空白・ー だけが使えます(「\(character)」は使えません)。直してからもう一度保存してください。"
    }
    public func unknownClass(_ name: String) -> String { "「\(name)」という組はありません。組のページで追加するか、一覧から選んでください。" }
    public var chooseClass: String { "組を選ぶ" }
    public var chooseUserInClass: String { "利用者を選ぶ" }
    public var lendChooseHint: String { "まず組を選び、次にその組の利用者を選びます。" }

    public var grade: String { "学年" }
    public var gradeHint: String { "1 がいちばん年少です(未満児・年少・年中・年長なら 1・2・3・4)。空にすると学年なし。" }
    public var noGrade: String { "学年なし" }
    public func gradeName(_ grade: Int) -> String { "\(grade)" }
    public var userCount: String { "人数" }
    public func people(_ count: Int) -> String { "\(count)人" }
    public var noClasses: String { "組はまだありません。下の「組を追加」で作れます。" }
    public var addClass: String { "組を追加" }
    public var className: String { "組の名前" }
    public var setGrade: String { "学年を変える" }
    public var rename: String { "名前を変える" }
    public var newName: String { "新しい名前" }
    public var classNameMissing: String { "組の名前を入力してください。" }
    public var gradeInvalid: String { "学年は 1 から 99 までの数字で入力してください(空なら学年なし)。" }
    public func classTaken(_ name: String) -> String { "「\(name)」という組はもうあります。別の名前にしてください。" }
    public func classProbableTypo(_ name: String, meant: String) -> String {
        "組「\(name)」はありませんが「\(meant)」があります。打ち間違いではありませんか。「\(meant)」のことなら追加はいりません。本当に新しい組なら、下のチェックを入れて、もう一度「\(addClass)」を押してください。"
    }
    public func classIsNew(_ name: String) -> String { "「\(name)」は新しい組です" }
    public func classAdded(_ name: String) -> String { "「\(name)」を追加しました。" }
    public func gradeSet(_ name: String, grade: Int?) -> String {
        grade.map { "「\(name)」の学年を \($0) にしました。" } ?? "「\(name)」を学年なしにしました。"
    }
    public func classRenamed(_ old: String, to new: String) -> String { "「\(old)」を「\(new)」にしました。利用者も一緒に移りました。" }
    public func classRemoved(_ name: String) -> String { "「\(name)」を削除しました。" }
    public func classHasUsers(_ name: String, count: Int) -> String {
        "「\(name)」には利用者が \(count)人 いるので削除できません。先に利用者を別の組に移してください。"
    }
    public var noSuchClass: String { "その組はもうありません。" }

    public var promotion: String { "進級" }
    public var promotionIntro: String {
        "年度の初めに、どの組の子がどの組に進むかを確かめてから進級します。いちばん上の学年の子は卒園(利用停止・組なし)になります。確認するまで何も変わりません。"
    }
    public var movesHeading: String { "進級する組" }
    public var from: String { "今の組" }
    public var to: String { "進む組" }
    public var graduatesHeading: String { "卒園する子" }
    public var graduatesHint: String { "利用停止になり、組から外れます。借りたままの絵本があれば、ここに書いてあります。" }
    public func stillHas(_ titles: [String]) -> String { "まだ借りている絵本: " + titles.map { "「\($0)」" }.joined(separator: "、") }
    public var promotionProblemsHeading: String { "決めてほしいこと" }
    public func promotionProblem(_ problem: PromotionPlan.Problem) -> String {
        switch problem {
        case .severalClasses(let from, let grade, let choices):
            "「\(from)」の次の学年(\(grade))には組が \(choices.count)つ(\(choices.joined(separator: "・")))あります。どの組に進むか選んでください。"
        case .noGrade(let name, let users):
            "「\(name)」(\(users)人)には学年がありません。上で学年を決めるか、進む組を選んでください。"
        case .unknownClass(let name):
            "「\(name)」という組はありません。進む組を選び直してください。"
        }
    }
    public func whereTo(_ name: String) -> String { "「\(name)」が進む組" }
    public var pickOne: String { "選んでください" }
    public var useTheseTargets: String { "この行き先で確かめる" }
    public var reviewPromotion: String { "進級の確認へ" }
    public var nothingToPromote: String { "組に入っている利用者がいないので、進級するものはありません。組に学年をつけ、利用者に組を選んでください。" }
    public var confirmPromotionHeading: String { "進級の確認" }
    public var confirmPromotion: String { "この内容で進級しますか？ 全員の組が一度に変わります。" }
    public var promote: String { "進級する" }
    public func promoted(moved: Int, graduated: Int) -> String { "進級しました。進級 \(moved)人、卒園 \(graduated)人。" }
    public var promotionCannotApply: String { "進級の内容が変わったか、決まっていないことがあるため、何も変えていません。もう一度確かめてください。" }

    public var popularHeading: String { "よく借りられた絵本" }
    public var since: String { "いつから(月)" }
    public var sinceHint: String { "空のときは今年度(4月)から数えます。" }
    public var sinceInvalid: String { "月は 2026-04 のように入力してください。今年度の分を表示しています。" }
    public var rank: String { "順位" }
    public var lends: String { "貸出回数" }
    public func lendCount(_ count: Int) -> String { "\(count)回" }
    public var noRecords: String { "この期間の貸出はまだありません。" }
    public var perClassHeading: String { "組ごとの貸出(月別)" }
    public var month: String { "月" }
    public func monthName(_ month: String) -> String {
        yearAndMonth(month).map { "\($0.0)年\($0.1)月" } ?? month
    }
    public func countsSince(_ month: String) -> String { monthName(month) + "から" }

}
