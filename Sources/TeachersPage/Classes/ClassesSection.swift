import CatalogIO
import Foundation
import HTTPServer
import Lending

/// 組: the classes, and the school year's promotion.
struct ClassesSection: PageSection {
    let shared: PageShared

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/classes", .classes) { page, _, context in try page.classes.classes(context) },
            .get("/classes/promote", .confirmPromotion) { page, _, context in try page.classes.confirmPromotion(context) },
        ]),
        .signedInChanges([
            .post("/classes", .addClass) { page, _, context in try page.classes.addClass(context) },
            .post("/classes/{}/grade", .setClassGrade) { page, values, context in try page.classes.setClassGrade(values[0], context) },
            .post("/classes/{}/rename", .renameClass) { page, values, context in try page.classes.renameClass(values[0], context) },
            .post("/classes/{}/remove", .removeClass) { page, values, context in try page.classes.removeClass(values[0], context) },
            .post("/classes/promote", .promote) { page, _, context in try page.classes.promote(context) },
        ]),
    ]
}

extension ClassesSection {
    /// The largest grade a class may have.
    static let largestGrade = 99

    /// What the 「組を追加」 form held, and what was wrong with it.
    struct ClassForm {
        var name = ""
        var grade = ""
        var problems: [String: String] = [:]
        /// The class the name is probably a typo of (by `bookkiosk import`'s rule): the form
        /// asks whether it is really a new one.
        var probablyMeant: String?
    }

    /// `GET /classes?map=FROM=TO…`: the classes with grade and number of Users, forms to add,
    /// change, rename and remove them, and the promotion's plan with the teacher's mapping.
    func classes(_ context: PageContext) throws -> HTTPResponse {
        try classesPage(context, form: ClassForm())
    }

    func classesPage(_ context: PageContext, form: ClassForm, status: Int = 200) throws -> HTTPResponse {
        let mapping = promotionMapping(context.request)
        let (library, classes, counts, plan) = try store.read { tx in
            (try self.library(tx), try tx.classes(), try tx.userCountsByClass(), try PromotionPlan.plan(in: tx, mapping: mapping))
        }
        let classesPage = ClassesPage(classes: classes, counts: counts, form: form, plan: plan, mapping: mapping)
        return page(context, library, heading: words.classes, section: .classes, status: status,
                    content: classesPage.content(words: words, csrf: context.session.csrf))
    }

    /// The 「組を追加」 checkbox that says a name close to a class's is really a new class.
    static let newClassField = "newClass"

    /// `POST /classes` with `name` and `grade`: a new class; a name taken is refused, as by
    /// `bookkiosk classes add` (both are `LibraryDesk.addClass`). A name that differs from a
    /// class's only as a typo would (`CatalogImport.classKey`, the rule `bookkiosk import` stops
    /// at: ひよこぐみ beside ひよこ組) is asked about first, and added once the teacher ticks that it
    /// is really a new class (`newClass`), as the import's message tells her to add it here.
    func addClass(_ context: PageContext) throws -> HTTPResponse {
        var form = ClassForm(name: (context.request.value("name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
                             grade: (context.request.value("grade") ?? "").trimmingCharacters(in: .whitespaces))
        if form.name.isEmpty { form.problems["name"] = words.classNameMissing }
        let grade = parsedGrade(form.grade)
        if grade == nil { form.problems["grade"] = words.gradeInvalid }
        guard form.problems.isEmpty, let grade else { return try classesPage(context, form: form, status: 400) }
        let name = form.name
        let confirmed = context.request.value(Self.newClassField) == "1"
        enum Added { case added, taken, probablyMeant(String) }
        let added = try store.write { tx -> Added in
            if !confirmed, let meant = try tx.classes().map(\.name).first(where: {
                $0 != name && CatalogImport.classKey($0) == CatalogImport.classKey(name)
            }) {
                return .probablyMeant(meant)
            }
            return try LibraryDesk(staff: context.staff, at: context.now).addClass(name, grade: grade, in: tx) == .done ? .added : .taken
        }
        switch added {
        case .added:
            return redirect(PagePath.classes, notice: words.classAdded(name), context)
        case .taken:
            form.problems["name"] = words.classTaken(name)
            return try classesPage(context, form: form, status: 400)
        case .probablyMeant(let meant):
            form.problems["name"] = words.classProbableTypo(name, meant: meant)
            form.probablyMeant = meant
            return try classesPage(context, form: form, status: 400)
        }
    }

    /// `POST /classes/NAME/grade` with `grade` (empty: none).
    func setClassGrade(_ name: String, _ context: PageContext) throws -> HTTPResponse {
        guard let grade = parsedGrade((context.request.value("grade") ?? "").trimmingCharacters(in: .whitespaces)) else {
            return redirect(PagePath.classes, notice: words.gradeInvalid, refusal: true, context)
        }
        let found = try store.write { tx -> Bool in
            try LibraryDesk(staff: context.staff, at: context.now).setGrade(of: name, to: grade, in: tx) != .missing
        }
        guard found else { return redirect(PagePath.classes, notice: words.noSuchClass, refusal: true, context) }
        return redirect(PagePath.classes, notice: words.gradeSet(name, grade: grade), context)
    }

    /// `POST /classes/NAME/rename` with `name`: its Users follow.
    func renameClass(_ name: String, _ context: PageContext) throws -> HTTPResponse {
        let newName = (context.request.value("name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !newName.isEmpty else { return redirect(PagePath.classes, notice: words.classNameMissing, refusal: true, context) }
        guard newName != name else { return redirect(PagePath.classes, notice: nil, context) }
        enum Result { case renamed, missing, taken }
        let result = try store.write { tx -> Result in
            switch try LibraryDesk(staff: context.staff, at: context.now).renameClass(name, to: newName, in: tx) {
            case .done, .unchanged: return .renamed
            case .nameTaken, .nameEmpty: return .taken
            case .missing, .hasUsers: return .missing
            }
        }
        switch result {
        case .renamed: return redirect(PagePath.classes, notice: words.classRenamed(name, to: newName), context)
        case .missing: return redirect(PagePath.classes, notice: words.noSuchClass, refusal: true, context)
        case .taken: return redirect(PagePath.classes, notice: words.classTaken(newName), refusal: true, context)
        }
    }

    /// `POST /classes/NAME/remove`: only a class with no Users; otherwise a clear message and
    /// nothing changed.
    func removeClass(_ name: String, _ context: PageContext) throws -> HTTPResponse {
        enum Result { case removed, missing, hasUsers(Int) }
        let result = try store.write { tx -> Result in
            switch try LibraryDesk(staff: context.staff, at: context.now).removeClass(name, in: tx) {
            case .done: return .removed
            case .hasUsers(let count): return .hasUsers(count)
            case .missing, .unchanged, .nameTaken, .nameEmpty: return .missing
            }
        }
        switch result {
        case .removed: return redirect(PagePath.classes, notice: words.classRemoved(name), context)
        case .missing: return redirect(PagePath.classes, notice: words.noSuchClass, refusal: true, context)
        case .hasUsers(let count): return redirect(PagePath.classes, notice: words.classHasUsers(name, count: count), refusal: true, context)
        }
    }

    /// A cell's column name, shown only where a phone shows the row as a card (the table's
    /// head is out of sight there).
    static func cellLabel(_ text: String) -> HTML {
        .el(.span, [.class("cell-label"), HTMLAttribute(.ariaHidden, "true")], .text(text + " "))
    }

    /// A grade as typed: `.some(nil)` for empty (no grade), nil for nonsense.
    func parsedGrade(_ text: String) -> Int?? {
        if text.isEmpty { return .some(nil) }
        guard let number = Int(text), (1...Self.largestGrade).contains(number) else { return nil }
        return .some(number)
    }
}
