import Lending

/// The words of the school year on the page — classes (組), readings, promotion (進級) and the
/// records (記録) — kept apart from `PageWords` so they read as one block; every `PageWords`
/// has them too.
public protocol SchoolYearPageWords: Sendable {
    // Navigation
    var classes: String { get }
    var records: String { get }

    // Classes in lists and forms
    var schoolClass: String { get }
    var allClasses: String { get }
    var noClass: String { get }
    var reading: String { get }
    var readingHint: String { get }
    func readingInvalid(_ character: Character) -> String
    func unknownClass(_ name: String) -> String
    var chooseClass: String { get }
    var chooseUserInClass: String { get }
    var lendChooseHint: String { get }

    // 組
    var grade: String { get }
    var gradeHint: String { get }
    var noGrade: String { get }
    func gradeName(_ grade: Int) -> String
    var userCount: String { get }
    func people(_ count: Int) -> String
    var noClasses: String { get }
    var addClass: String { get }
    var className: String { get }
    var setGrade: String { get }
    var rename: String { get }
    var newName: String { get }
    var classNameMissing: String { get }
    var gradeInvalid: String { get }
    func classTaken(_ name: String) -> String
    /// 「組を追加」 with a name close to a class's (`bookkiosk import`'s typo rule): probably
    /// `meant`; tick the box if it is really new.
    func classProbableTypo(_ name: String, meant: String) -> String
    /// The box that says `name` is really a new class.
    func classIsNew(_ name: String) -> String
    func classAdded(_ name: String) -> String
    func gradeSet(_ name: String, grade: Int?) -> String
    func classRenamed(_ old: String, to new: String) -> String
    func classRemoved(_ name: String) -> String
    func classHasUsers(_ name: String, count: Int) -> String
    var noSuchClass: String { get }

    // 進級
    var promotion: String { get }
    var promotionIntro: String { get }
    var movesHeading: String { get }
    var from: String { get }
    var to: String { get }
    var graduatesHeading: String { get }
    var graduatesHint: String { get }
    func stillHas(_ titles: [String]) -> String
    var promotionProblemsHeading: String { get }
    func promotionProblem(_ problem: PromotionPlan.Problem) -> String
    func whereTo(_ name: String) -> String
    var pickOne: String { get }
    var useTheseTargets: String { get }
    var reviewPromotion: String { get }
    var nothingToPromote: String { get }
    var confirmPromotionHeading: String { get }
    var confirmPromotion: String { get }
    var promote: String { get }
    func promoted(moved: Int, graduated: Int) -> String
    var promotionCannotApply: String { get }

    // 記録
    var popularHeading: String { get }
    var since: String { get }
    var sinceHint: String { get }
    var sinceInvalid: String { get }
    var rank: String { get }
    var lends: String { get }
    func lendCount(_ count: Int) -> String
    var noRecords: String { get }
    var perClassHeading: String { get }
    var month: String { get }
    func monthName(_ month: String) -> String
    func countsSince(_ month: String) -> String
}

extension SchoolYearPageWords {
    /// "2026-04" → year and month, or nil.
    func yearAndMonth(_ month: String) -> (Int, Int)? {
        let parts = month.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let number = Int(parts[1]) else { return nil }
        return (year, number)
    }
}
