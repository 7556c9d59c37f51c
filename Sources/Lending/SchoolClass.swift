/// A class (組) of the school: ひよこ組, もも組. Users belong to at most one.
public struct SchoolClass: Sendable, Equatable {
    public var name: String
    /// The class's grade, 1 for the youngest; nil until a teacher gives it one (a class made by
    /// an import has none).
    public var grade: Int?

    public init(name: String, grade: Int? = nil) {
        self.name = name
        self.grade = grade
    }
}

extension Sequence where Element == User {
    /// The order of every list of Users: by class (grade 1 first; a class without a grade after
    /// the graded ones, then no class), then by reading (五十音順), then by name where there is
    /// no reading, then by card.
    public func sortedForLists(classes: [SchoolClass]) -> [User] {
        let grades = Dictionary(classes.map { ($0.name, $0.grade) }, uniquingKeysWith: { first, _ in first })
        func classKey(_ user: User) -> (Int, Int, String) {
            guard let name = user.className else { return (2, 0, "") }
            guard let grade = grades[name] ?? nil else { return (1, 0, name) }
            return (0, grade, name)
        }
        return sorted { a, b in
            let ka = classKey(a), kb = classKey(b)
            if ka.0 != kb.0 { return ka.0 < kb.0 }
            if ka.1 != kb.1 { return ka.1 < kb.1 }
            if ka.2 != kb.2 { return ListingSearch.precedes(ka.2, kb.2) }
            let ra = a.reading ?? a.name, rb = b.reading ?? b.name
            if ra != rb { return ListingSearch.precedes(ra, rb) }
            return ListingSearch.precedes(a.card, b.card)
        }
    }
}

extension Array where Element == SchoolClass {
    /// Youngest grade first, classes without a grade after them, then by name.
    public func sortedByGrade() -> [SchoolClass] {
        sorted { a, b in
            switch (a.grade, b.grade) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return ListingSearch.precedes(a.name, b.name)
            }
        }
    }
}
