import Foundation
import HTTPServer
import Lending

extension ClassesSection {
    /// The teacher's mapping from the request: every `map` field is `FROM=TO` (the target
    /// selects and the hidden fields that carry it to the confirmation).
    func promotionMapping(_ request: HTTPRequest) -> [String: String] {
        var mapping: [String: String] = [:]
        for pair in request.values("map") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, mapping[parts[0]] == nil else { continue }
            mapping[parts[0]] = parts[1]
        }
        return mapping
    }

    static func mappingFields(_ mapping: [String: String]) -> [HTML] {
        mapping.sorted { $0.key < $1.key }.map { Form.hidden("map", $0.key + "=" + $0.value) }
    }

    /// What the plan will do, as a fingerprint the confirmation carries: if the library
    /// changed between the confirmation and the button, the plan applied would not be the one
    /// shown, and nothing is changed.
    static func fingerprint(_ plan: PromotionPlan) -> String {
        (plan.moves.map { $0.from + ">" + $0.to + ":" + $0.users.map(\.card).joined(separator: ",") }
            + ["graduates:" + plan.graduates.map(\.user.card).joined(separator: ",")]).joined(separator: ";")
    }

    /// The plan as the 組 page and the confirmation show it: who moves where, who graduates
    /// (and the Books they still have out).
    static func planContent(_ plan: PromotionPlan, words: any PageWords) -> [HTML] {
        var content: [HTML] = []
        if !plan.moves.isEmpty {
            content.append(.el(.h3, .text(words.movesHeading)))
            let rows: [HTML] = plan.moves.map { move in
                .el(.tr,
                    .el(.td, [HTMLAttribute(.title, words.from)], .text(move.from)),
                    .el(.td, [HTMLAttribute(.title, words.to)], .text("→ " + move.to)),
                    .el(.td, [HTMLAttribute(.title, words.users)],
                        .el(.strong, .text(words.people(move.users.count))), .text(" " + move.users.map(\.name).joined(separator: "、"))))
            }
            content.append(.el(.table, [.class("list moves")],
                .el(.thead, .el(.tr, children: [words.from, words.to, words.users].map { .el(.th, [HTMLAttribute(.scope, "col")], .text($0)) })),
                .el(.tbody, children: rows)))
        }
        if !plan.graduates.isEmpty {
            content.append(.el(.h3, .text(words.graduatesHeading + " (" + words.people(plan.graduates.count) + ")")))
            content.append(.el(.p, [.class("hint")], .text(words.graduatesHint)))
            content.append(.el(.ul, [.class("graduates")], children: plan.graduates.map { graduate in
                let place = graduate.user.className.map { " · " + $0 } ?? ""
                return .el(.li, .el(.a, [.href(PagePath.user(graduate.user.card))], .text(graduate.user.name)), .text(place),
                           graduate.booksOut.isEmpty ? .empty
                               : .el(.strong, [.class("overdue")], .text(words.stillHas(graduate.booksOut.map(\.title)))))
            }))
        }
        return content
    }

    /// The 進級 section of the 組 page: the plan, what the teacher must decide (a target select
    /// per class, sent back as the mapping), and the way to the confirmation.
    static func promotionSection(_ plan: PromotionPlan, classes: [SchoolClass], mapping: [String: String], words: any PageWords) -> [HTML] {
        if plan.moves.isEmpty && plan.graduates.isEmpty && plan.problems.isEmpty {
            return [.el(.p, [.class("empty")], .text(words.nothingToPromote))]
        }
        var content = planContent(plan, words: words)
        if !plan.problems.isEmpty {
            content.append(.el(.h3, .text(words.promotionProblemsHeading)))
            var fields: [HTML] = []
            var asked: Set<String> = []
            for (index, problem) in plan.problems.enumerated() {
                let choices: [String]
                let from: String
                switch problem {
                case .severalClasses(let name, _, let targets): (from, choices) = (name, targets)
                case .noGrade(let name, _): (from, choices) = (name, classes.map(\.name).filter { $0 != name })
                case .unknownClass(let name): (from, choices) = (name, [])
                }
                fields.append(.el(.p, [.class("warning")], .text(words.promotionProblem(problem))))
                guard !choices.isEmpty else { continue }
                asked.insert(from)
                fields.append(Form.select("map", label: words.whereTo(from),
                                          options: [("", words.pickOne)] + choices.map { (from + "=" + $0, $0) },
                                          selected: mapping[from].map { from + "=" + $0 }, id: "field-map-\(index)"))
            }
            // The targets already chosen for other classes stay chosen.
            let kept = mapping.filter { !asked.contains($0.key) }
            content.append(.el(.form, [HTMLAttribute(.method, "get"), HTMLAttribute(.action, PagePath.classes + "#promotion"), .class("mapping")],
                               children: mappingFields(kept) + fields + [Form.submit(words.useTheseTargets)]))
        } else {
            content.append(.el(.form, [HTMLAttribute(.method, "get"), HTMLAttribute(.action, PagePath.promote)],
                               children: mappingFields(mapping) + [Form.submit(words.reviewPromotion, style: "primary")]))
        }
        return content
    }

    /// `GET /classes/promote?map=FROM=TO…`: the plan once more, and 「進級する」.
    func confirmPromotion(_ context: PageContext) throws -> HTTPResponse {
        let mapping = promotionMapping(context.request)
        let (library, plan) = try store.read { tx in (try self.library(tx), try PromotionPlan.plan(in: tx, mapping: mapping)) }
        let confirm = ConfirmPromotionPage(plan: plan, mapping: mapping)
        return page(context, library, heading: words.confirmPromotionHeading, section: .classes,
                    content: confirm.content(words: words, csrf: context.session.csrf))
    }

    /// `POST /classes/promote` with the mapping and the plan's fingerprint: carried out in one
    /// transaction with one audit entry naming the Staff member, or, when the plan is not the
    /// one confirmed or cannot be applied, nothing changes.
    func promote(_ context: PageContext) throws -> HTTPResponse {
        let mapping = promotionMapping(context.request)
        let confirmed = context.request.value("plan") ?? ""
        let done = try store.write { tx -> (moved: Int, graduated: Int)? in
            let desk = LibraryDesk(staff: context.staff, at: context.now)
            guard case .promoted(let plan) = try desk.promote(mapping: mapping, expected: { Self.fingerprint($0) == confirmed }, in: tx) else { return nil }
            return (plan.moves.reduce(0) { $0 + $1.users.count }, plan.graduates.count)
        }
        guard let done else {
            return redirect(PagePath.classes + "#promotion", notice: words.promotionCannotApply, refusal: true, context)
        }
        return redirect(PagePath.classes, notice: words.promoted(moved: done.moved, graduated: done.graduated), context)
    }
}
