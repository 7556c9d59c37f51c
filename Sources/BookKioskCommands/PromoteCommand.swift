import CommandCore
import Foundation
import KioskConfiguration
import Lending

/// `bookkiosk promote [--map FROM=TO]… [--apply]`: the year's promotion (進級). Without
/// `--apply` it shows the plan and changes nothing; with it, the plan is carried out in one
/// transaction with one audit entry naming who ran it, or, when the plan cannot guess, nothing
/// changes and it exits 1.
struct PromoteCommand {
    let apply: Bool
    let mapping: [String: String]
    let common: CommonOptions
    let console: Console
    let environment: [String: String]

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.isEmpty else {
            throw Arguments.Invalid(description: "`bookkiosk promote` shows the plan; `bookkiosk promote --apply` carries it out; --map FROM=TO says where a class goes")
        }
        var mapping: [String: String] = [:]
        for pair in arguments.values(for: "map") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw Arguments.Invalid(description: "--map needs FROM=TO, two class names, like --map ひよこ組=うさぎ組")
            }
            mapping[parts[0]] = parts[1]
        }
        apply = arguments.flags.contains("apply")
        self.mapping = mapping
        common = try CommonOptions(arguments, places: places)
        self.console = console
        environment = places.environment
        now = try currentTime(arguments, timeZone: common.configuration.policy.timeZone)
    }

    let now: Date

    func run() throws -> BookKiosk.Status {
        let repository = try common.openRepository()
        let plan = try repository.transaction { tx in try PromotionPlan.plan(in: tx, mapping: mapping) }
        show(plan)
        guard plan.canApply else {
            console.error(apply ? "Nothing was changed." : "Promotion cannot be applied until these are settled.")
            return .failure
        }
        guard apply else {
            console.print("Nothing was changed. Run `bookkiosk promote --apply\(mapping.map { " --map \($0.key)=\($0.value)" }.sorted().joined())` to carry it out.")
            return .success
        }
        guard !(plan.moves.isEmpty && plan.graduates.isEmpty) else {
            console.print("Nothing to promote; nothing was changed.")
            return .success
        }
        let desk = LibraryDesk(commandUserIn: environment, at: now)
        // Worked out again under the transaction, so what is applied is what it sees.
        let promotion = try repository.transaction { tx in try desk.promote(mapping: mapping, in: tx) }
        guard case .promoted = promotion else {
            console.error("The library changed while promoting; nothing was changed. Run it again.")
            return .failure
        }
        console.print("Promoted: \(plan.moves.reduce(0) { $0 + $1.users.count }) moved up, \(plan.graduates.count) graduated.")
        return .success
    }

    private func show(_ plan: PromotionPlan) {
        if plan.moves.isEmpty && plan.graduates.isEmpty && plan.problems.isEmpty {
            console.print("No User is in a class, so there is nothing to promote. Give classes a grade (`bookkiosk classes`) and Users a class (the users CSV's class column).")
        }
        for move in plan.moves {
            console.print("\(move.from) → \(move.to): \(move.users.count) user\(move.users.count == 1 ? "" : "s") (\(move.users.map(\.name).joined(separator: ", ")))")
        }
        if !plan.graduates.isEmpty {
            console.print("Graduate (inactive, no class): \(plan.graduates.count) user\(plan.graduates.count == 1 ? "" : "s")")
            for graduate in plan.graduates {
                let books = graduate.booksOut.map { "「\($0.title)」 (\($0.barcode))" }
                console.print("  \(graduate.user.name) (\(graduate.user.card))" + (books.isEmpty ? "" : " still has \(books.joined(separator: ", ")): please chase it"))
            }
        }
        for problem in plan.problems { console.error("Cannot guess: \(problem.description)") }
    }
}
