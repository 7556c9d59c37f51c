/// The year's promotion (進級), worked out before anything changes: each active User of a
/// class moves to the class of the next grade, the Users of the last grade graduate (卒園:
/// inactive, no class). Where the plan cannot guess — the next grade has several classes, or a
/// class with Users has no grade — it says so in `problems`, and it may not be applied until a
/// teacher maps that class (`mapping`, class name → class name).
///
/// A pure value: `make` reads only what it is given.
public struct PromotionPlan: Sendable, Equatable {
    /// The Users of one class and where they go.
    public struct Move: Sendable, Equatable {
        public var from: String
        public var to: String
        /// Cards, in list order.
        public var users: [User]
    }

    /// A User who graduates, with the Books they still have out (so a teacher can chase them).
    public struct Graduate: Sendable, Equatable {
        public var user: User
        public var booksOut: [Book]

        public init(user: User, booksOut: [Book]) {
            self.user = user
            self.booksOut = booksOut
        }
    }

    /// Why the plan cannot be applied as it is.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// The class's Users could go to any of these classes of the next grade.
        case severalClasses(from: String, grade: Int, choices: [String])
        /// The class has Users but no grade.
        case noGrade(class: String, users: Int)
        /// A mapping names a class that does not exist.
        case unknownClass(String)

        public var description: String {
            switch self {
            case .severalClasses(let from, let grade, let choices):
                "\(from): grade \(grade) has \(choices.count) classes (\(choices.joined(separator: ", "))), so say which one with --map \(from)=\(choices[0])"
            case .noGrade(let name, let users):
                "\(name) has \(users) User(s) but no grade: give it one (bookkiosk classes grade \(name) N) or say where they go with --map \(name)=CLASS"
            case .unknownClass(let name):
                "there is no class \(name) (bookkiosk classes lists them)"
            }
        }
    }

    public var moves: [Move]
    public var graduates: [Graduate]
    public var problems: [Problem]

    /// Whether `--apply` may carry it out.
    public var canApply: Bool { problems.isEmpty }

    /// The plan for `users` (inactive ones stay where they are) in `classes`, with the
    /// teacher's `mapping` (from → to) taking precedence over the grades; `booksOut` gives each
    /// graduate's open Loans' Books by card.
    public static func make(classes: [SchoolClass], users: [User], mapping: [String: String],
                            booksOut: [String: [Book]]) -> PromotionPlan {
        let known = Set(classes.map(\.name))
        var problems: [Problem] = mapping.flatMap { [$0.key, $0.value] }.filter { !known.contains($0) }
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            .map { Problem.unknownClass($0) }
        let graded = classes.compactMap { c in c.grade.map { (name: c.name, grade: $0) } }
        let lastGrade = graded.map(\.grade).max()
        var moves: [Move] = []
        var graduates: [Graduate] = []
        let ordered = users.filter(\.isActive).sortedForLists(classes: classes)
        for schoolClass in classes.sorted(by: { ($0.grade ?? .max, $0.name) < ($1.grade ?? .max, $1.name) }) {
            let members = ordered.filter { $0.className == schoolClass.name }
            guard !members.isEmpty else { continue }
            if let target = mapping[schoolClass.name] {
                if known.contains(target) { moves.append(Move(from: schoolClass.name, to: target, users: members)) }
                continue
            }
            guard let grade = schoolClass.grade else {
                problems.append(.noGrade(class: schoolClass.name, users: members.count))
                continue
            }
            if grade == lastGrade {
                graduates += members.map { Graduate(user: $0, booksOut: booksOut[$0.card] ?? []) }
                continue
            }
            let nextGrade = graded.map(\.grade).filter { $0 > grade }.min()!
            let choices = graded.filter { $0.grade == nextGrade }.map(\.name).sorted()
            if choices.count == 1 {
                moves.append(Move(from: schoolClass.name, to: choices[0], users: members))
            } else {
                problems.append(.severalClasses(from: schoolClass.name, grade: nextGrade, choices: choices))
            }
        }
        return PromotionPlan(moves: moves, graduates: graduates, problems: problems)
    }

    /// The Users as they are after the plan: moved to their new class, graduates inactive
    /// with no class. Users the plan does not name are not returned.
    public var changedUsers: [User] {
        let moved = moves.flatMap { move in move.users.map { user in
            var changed = user
            changed.className = move.to
            return changed
        } }
        let left = graduates.map { graduate in
            var changed = graduate.user
            changed.className = nil
            changed.isActive = false
            return changed
        }
        return moved + left
    }
}
