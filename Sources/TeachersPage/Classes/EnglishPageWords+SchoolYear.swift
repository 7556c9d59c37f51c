import Lending

extension EnglishPageWords {
    public var classes: String { "Classes" }
    public var records: String { "Records" }

    public var schoolClass: String { "Class" }
    public var allClasses: String { "All classes" }
    public var noClass: String { "No class" }
    public var reading: String { "Reading (yomigana)" }
    public var readingHint: String { "In hiragana or katakana (katakana is stored as hiragana). Lists are sorted by it." }
    public func readingInvalid(_ character: Character) -> String {
        "A reading may hold only hiragana, katakana, spaces and ー, not “\(character)”. Please correct it and save again."
    }
    public func unknownClass(_ name: String) -> String { "There is no class “\(name)”. Add it on Classes, or choose one from the list." }
    public var chooseClass: String { "Choose the class" }
    public var chooseUserInClass: String { "Choose the user" }
    public var lendChooseHint: String { "First choose the class, then a user of that class." }

    public var grade: String { "Grade" }
    public var gradeHint: String { "1 for the youngest. Leave it empty for no grade." }
    public var noGrade: String { "No grade" }
    public func gradeName(_ grade: Int) -> String { "\(grade)" }
    public var userCount: String { "Users" }
    public func people(_ count: Int) -> String { count == 1 ? "1 user" : "\(count) users" }
    public var noClasses: String { "There are no classes yet. Add one below with “Add a class”." }
    public var addClass: String { "Add a class" }
    public var className: String { "Class name" }
    public var setGrade: String { "Set grade" }
    public var rename: String { "Rename" }
    public var newName: String { "New name" }
    public var classNameMissing: String { "Please enter the class's name." }
    public var gradeInvalid: String { "The grade must be a number from 1 to 99 (or empty for no grade)." }
    public func classTaken(_ name: String) -> String { "There is already a class “\(name)”. Please choose another name." }
    public func classProbableTypo(_ name: String, meant: String) -> String {
        "There is no class “\(name)”, but there is “\(meant)”: probably a typo. If you meant “\(meant)”, there is nothing to add. If “\(name)” is really a new class, tick the box below that says so, and press \(addClass) again."
    }
    public func classIsNew(_ name: String) -> String { "“\(name)” is a new class" }
    public func classAdded(_ name: String) -> String { "Added “\(name)”." }
    public func gradeSet(_ name: String, grade: Int?) -> String {
        grade.map { "“\(name)” is now grade \($0)." } ?? "“\(name)” has no grade now."
    }
    public func classRenamed(_ old: String, to new: String) -> String { "Renamed “\(old)” to “\(new)”; its users moved with it." }
    public func classRemoved(_ name: String) -> String { "Removed “\(name)”." }
    public func classHasUsers(_ name: String, count: Int) -> String {
        "“\(name)” still has \(people(count)), so it cannot be removed. Move them to another class first."
    }
    public var noSuchClass: String { "That class no longer exists." }

    public var promotion: String { "Promotion" }
    public var promotionIntro: String {
        "At the start of the school year, check which class moves to which, then promote. Users of the oldest grade graduate (inactive, no class). Nothing changes until you confirm."
    }
    public var movesHeading: String { "Classes moving up" }
    public var from: String { "From" }
    public var to: String { "To" }
    public var graduatesHeading: String { "Graduating" }
    public var graduatesHint: String { "They become inactive and leave their class. Books they still have out are listed." }
    public func stillHas(_ titles: [String]) -> String { "Still has: " + titles.map { "“\($0)”" }.joined(separator: ", ") }
    public var promotionProblemsHeading: String { "Please decide" }
    public func promotionProblem(_ problem: PromotionPlan.Problem) -> String {
        switch problem {
        case .severalClasses(let from, let grade, let choices):
            "Grade \(grade), after “\(from)”, has \(choices.count) classes (\(choices.joined(separator: ", "))). Choose where “\(from)” goes."
        case .noGrade(let name, let users):
            "“\(name)” (\(people(users))) has no grade. Give it a grade above, or choose where it goes."
        case .unknownClass(let name):
            "There is no class “\(name)”. Please choose again."
        }
    }
    public func whereTo(_ name: String) -> String { "Where “\(name)” goes" }
    public var pickOne: String { "Choose…" }
    public var useTheseTargets: String { "Check with these classes" }
    public var reviewPromotion: String { "Review the promotion" }
    public var nothingToPromote: String { "No user is in a class, so there is nothing to promote. Give the classes a grade and the users a class." }
    public var confirmPromotionHeading: String { "Confirm the promotion" }
    public var confirmPromotion: String { "Promote as shown? Every class changes at once." }
    public var promote: String { "Promote" }
    public func promoted(moved: Int, graduated: Int) -> String { "Promoted: \(moved) moved up, \(graduated) graduated." }
    public var promotionCannotApply: String { "The library changed or something is still undecided, so nothing was changed. Please check again." }

    public var popularHeading: String { "Most borrowed books" }
    public var since: String { "Since (month)" }
    public var sinceHint: String { "Empty: this school year (from April)." }
    public var sinceInvalid: String { "Please give the month like 2026-04. Showing this school year." }
    public var rank: String { "Rank" }
    public var lends: String { "Lends" }
    public func lendCount(_ count: Int) -> String { count == 1 ? "1 lend" : "\(count) lends" }
    public var noRecords: String { "No lends in this period yet." }
    public var perClassHeading: String { "Lends per class and month" }
    public var month: String { "Month" }
    public func monthName(_ month: String) -> String {
        guard let (year, number) = yearAndMonth(month), (1...12).contains(number) else { return month }
        return EnglishPageWords.monthNames[number - 1] + " \(year)"
    }
    public func countsSince(_ month: String) -> String { "Since " + monthName(month) }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
}
