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
        common = try CommonOptions(arguments, places: places)
        let say = commandWords(common.language)
        guard arguments.words.isEmpty else {
            throw Arguments.Invalid(description: say.promoteUsage)
        }
        var mapping: [String: String] = [:]
        for pair in try arguments.values(of: Options.map, invalid: say.mapUsage) {
            mapping[pair.from] = pair.to
        }
        apply = arguments[Options.apply]
        self.mapping = mapping
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
            console.error(apply ? say.nothingChanged : say.promotionBlocked)
            return .failure
        }
        guard apply else {
            console.print(say.promoteHow("bookkiosk promote --apply\(mapping.map { " --map \($0.key)=\($0.value)" }.sorted().joined())"))
            return .success
        }
        guard !(plan.moves.isEmpty && plan.graduates.isEmpty) else {
            console.print(say.promotionEmpty)
            return .success
        }
        let desk = LibraryDesk(commandUserIn: environment, at: now)
        // Worked out again under the transaction, so what is applied is what it sees.
        let promotion = try repository.transaction { tx in try desk.promote(mapping: mapping, in: tx) }
        guard case .promoted = promotion else {
            console.error(say.promotionRaced)
            return .failure
        }
        console.print(say.promoted(moved: plan.moves.reduce(0) { $0 + $1.users.count }, graduated: plan.graduates.count))
        return .success
    }

    private var say: any CommandWords { commandWords(common.language) }

    private func show(_ plan: PromotionPlan) {
        if plan.moves.isEmpty && plan.graduates.isEmpty && plan.problems.isEmpty {
            console.print(say.nothingToPromote)
        }
        for move in plan.moves {
            console.print(say.move(from: move.from, to: move.to, users: move.users.map(\.name)))
        }
        if !plan.graduates.isEmpty {
            console.print(say.graduates(plan.graduates.count))
            for graduate in plan.graduates {
                let books = graduate.booksOut.map { "「\($0.title)」 (\($0.barcode))" }
                console.print(say.graduate(graduate.user.name, card: graduate.user.card, booksOut: books))
            }
        }
        for problem in plan.problems { console.error(say.cannotGuess(problem)) }
    }
}
