import Foundation
import Lending

/// 組 as it is shown, with nothing of HTML in it: the classes with their number of Users, the
/// 「組を追加」 form as it was sent (with what was wrong), and the promotion's plan with the
/// teacher's mapping.
struct ClassesPage {
    var classes: [SchoolClass]
    /// Users per class name.
    var counts: [String: Int]
    var form: ClassesSection.ClassForm
    var plan: PromotionPlan
    var mapping: [String: String]
}

extension ClassesPage {
    /// The page's content under its heading. Pure: the same value renders the same.
    func content(words: any PageWords, csrf: String) -> [HTML] {
        let rows: [HTML] = classes.map { schoolClass in
            let name = schoolClass.name
            let gradeInput: HTML = .el(.input, [.type("number"), .name("grade"), .value(schoolClass.grade.map(String.init) ?? ""),
                                                 HTMLAttribute(.ariaLabel, words.grade + " (" + name + ")"), HTMLAttribute(.min, "1"),
                                                 HTMLAttribute(.max, "\(ClassesSection.largestGrade)"), HTMLAttribute(.inputmode, "numeric")])
            let nameInput: HTML = .el(.input, [.type("text"), .name("name"), .value(name), .flag(.required),
                                                HTMLAttribute(.ariaLabel, words.newName + " (" + name + ")"), HTMLAttribute(.autocomplete, "off")])
            return .el(.tr,
                .el(.th, [HTMLAttribute(.scope, "row")], .el(.a, [.href(PagePath.with(PagePath.users, [("class", name)]))], .text(name))),
                .el(.td, [HTMLAttribute(.title, words.grade)], ClassesSection.cellLabel(words.grade), .text(schoolClass.grade.map(words.gradeName) ?? words.noGrade)),
                .el(.td, [HTMLAttribute(.title, words.userCount)], ClassesSection.cellLabel(words.userCount), .text(words.people(counts[name] ?? 0))),
                .el(.td, [.class("actions class-forms")],
                    Form.post(PagePath.to(.setClassGrade, name), csrf: csrf, button: words.setGrade, fields: [gradeInput]),
                    Form.post(PagePath.to(.renameClass, name), csrf: csrf, button: words.rename, fields: [nameInput]),
                    Form.post(PagePath.to(.removeClass, name), csrf: csrf, button: words.remove, style: "danger", fields: [])))
        }
        let list: HTML = rows.isEmpty ? .el(.p, [.class("empty")], .text(words.noClasses)) :
            .el(.table, [.class("list classes")],
                .el(.thead, .el(.tr, children: [words.schoolClass, words.grade, words.userCount].map { .el(.th, [HTMLAttribute(.scope, "col")], .text($0)) }
                    + [.el(.th, [HTMLAttribute(.scope, "col")], .el(.span, [.class("visually-hidden")], .text(words.action)))])),
                .el(.tbody, children: rows))
        let add: HTML = .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.classes), .class("add-class")], children: [
            Form.hidden(PageSecurity.csrfField, csrf),
            Form.text("name", label: words.className, value: form.name, required: true, error: form.problems["name"],
                      extra: [HTMLAttribute(.autocomplete, "off")]),
            Form.text("grade", label: words.grade, value: form.grade, type: "number", hint: words.gradeHint, error: form.problems["grade"],
                      extra: [HTMLAttribute(.min, "1"), HTMLAttribute(.max, "\(ClassesSection.largestGrade)"), HTMLAttribute(.inputmode, "numeric")]),
            form.probablyMeant.map { _ in Form.checkbox(ClassesSection.newClassField, label: words.classIsNew(form.name), checked: false) } ?? .empty,
            Form.submit(words.addClass, style: "primary"),
        ])
        return [
            Form.problems(form.problems.keys.sorted().compactMap { form.problems[$0] }),
            list,
            .el(.h2, .text(words.addClass)),
            add,
            .el(.h2, [.id("promotion")], .text(words.promotion)),
            .el(.p, .text(words.promotionIntro)),
        ] + ClassesSection.promotionSection(plan, classes: classes, mapping: mapping, words: words)
    }

}

/// 「進級の確認」 as it is shown: the plan once more, or why it cannot be applied.
struct ConfirmPromotionPage {
    var plan: PromotionPlan
    var mapping: [String: String]
}

extension ConfirmPromotionPage {
    /// The page's content under its heading. Pure: the same value renders the same.
    func content(words: any PageWords, csrf: String) -> [HTML] {
        let back = PagePath.classes + "#promotion"
        let empty = plan.moves.isEmpty && plan.graduates.isEmpty
        guard plan.canApply, !empty else {
            return [
                .el(.p, [.class("warning")], .text(empty && plan.canApply ? words.nothingToPromote : words.promotionCannotApply)),
                .el(.p, .el(.a, [.href(back)], .text(words.classes))),
            ]
        }
        return ClassesSection.planContent(plan, words: words) + [
            .el(.p, [.class("question")], .text(words.confirmPromotion)),
            .el(.div, [.class("choices")],
                Form.post(PagePath.promote, csrf: csrf, button: words.promote, style: "primary",
                          fields: ClassesSection.mappingFields(mapping) + [Form.hidden("plan", ClassesSection.fingerprint(plan))]),
                .el(.a, [.class("button quiet"), .href(PagePath.with(PagePath.classes, mapping.sorted { $0.key < $1.key }.map { ("map", $0.key + "=" + $0.value) }))],
                    .text(words.cancel))),
        ]
    }
}
