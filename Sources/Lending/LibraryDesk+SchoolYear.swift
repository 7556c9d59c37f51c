import Foundation

// Classes (組) and the school year's promotion.
extension LibraryDesk {
    /// What a change to a class came to.
    public enum ClassChange: Sendable, Hashable {
        case done
        /// Nothing needed doing (the class has that grade already).
        case unchanged
        /// There is no class by that name.
        case missing
        /// There is a class by that name already.
        case nameTaken(String)
        /// Users are still in the class.
        case hasUsers(Int)
        /// A class needs a name.
        case nameEmpty
    }

    /// A new class. A name taken already is refused, on every surface alike: the grade of an
    /// existing class is changed with `setGrade`.
    public func addClass(_ name: String, grade: Int?, in tx: any LendingTransaction) throws -> ClassChange {
        guard !name.isEmpty else { return .nameEmpty }
        if try tx.classes().contains(where: { $0.name == name }) { return .nameTaken(name) }
        try tx.save(SchoolClass(name: name, grade: grade))
        try record(.addedClass(name: name, grade: grade), in: tx)
        return .done
    }

    /// Sets (or, with nil, removes) the class's grade.
    public func setGrade(of name: String, to grade: Int?, in tx: any LendingTransaction) throws -> ClassChange {
        guard let existing = try tx.classes().first(where: { $0.name == name }) else { return .missing }
        guard existing.grade != grade else { return .unchanged }
        try tx.save(SchoolClass(name: name, grade: grade))
        try record(.setClassGrade(name: name, from: existing.grade, to: grade), in: tx)
        return .done
    }

    /// Renames a class; its Users (and its lend counts) follow.
    public func renameClass(_ name: String, to newName: String, in tx: any LendingTransaction) throws -> ClassChange {
        guard !newName.isEmpty else { return .nameEmpty }
        let classes = try tx.classes()
        guard classes.contains(where: { $0.name == name }) else { return .missing }
        guard newName != name else { return .unchanged }
        if classes.contains(where: { $0.name == newName }) { return .nameTaken(newName) }
        guard try tx.renameClass(name, to: newName) else { return .missing }
        try record(.renamedClass(from: name, to: newName), in: tx)
        return .done
    }

    /// Removes a class with no Users.
    public func removeClass(_ name: String, in tx: any LendingTransaction) throws -> ClassChange {
        guard try tx.classes().contains(where: { $0.name == name }) else { return .missing }
        let members = try tx.userCountsByClass()[name] ?? 0
        if members > 0 { return .hasUsers(members) }
        guard try tx.removeClass(name) else { return .missing }
        try record(.removedClass(name: name), in: tx)
        return .done
    }

    /// What a promotion came to.
    public enum Promotion: Sendable, Equatable {
        case promoted(PromotionPlan)
        /// The plan as the library is now cannot be applied, has nothing to do, or is not the
        /// one the Staff member confirmed (`expected` said no): nothing changed.
        case notApplied(PromotionPlan)
    }

    /// The school year's promotion with `mapping`, worked out again in this transaction so what
    /// is applied is what it sees; `expected` says whether that plan is the one confirmed.
    /// Saves every changed User (in card order, as every path that writes several Users locks
    /// them) and records one entry.
    public func promote(mapping: [String: String], expected: (PromotionPlan) -> Bool = { _ in true },
                        in tx: any LendingTransaction) throws -> Promotion {
        let plan = try PromotionPlan.plan(in: tx, mapping: mapping)
        guard plan.canApply, !(plan.moves.isEmpty && plan.graduates.isEmpty), expected(plan) else { return .notApplied(plan) }
        for user in plan.changedUsers.sorted(by: { ListingSearch.precedes($0.card, $1.card) }) { try tx.save(user) }
        try record(.promoted(moves: plan.moves.map { ClassMove(from: $0.from, to: $0.to, users: $0.users.count) },
                             graduated: plan.graduates.count), in: tx)
        return .promoted(plan)
    }
}
