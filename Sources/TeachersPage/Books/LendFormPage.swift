import Foundation
import Lending

/// 貸出 from a Book's page as it is shown, with nothing of HTML in it: the Book and what the
/// rules say, and, until a User is chosen, the classes and the Users to choose from.
struct LendFormPage {
    var barcode: String
    var check: BooksSection.LendCheck
    /// The search typed for a User.
    var text: String
    /// The class chosen; empty: none (a class the library does not have counts as none).
    var className: String
    var classes: [SchoolClass]
    /// The Users to choose from (none once one is chosen).
    var candidates: [User]

    init(barcode: String, check: BooksSection.LendCheck, text: String, askedClass: String, classes: [SchoolClass], candidates: [User]) {
        (self.barcode, self.check, self.text) = (barcode, check, text)
        className = classes.contains { $0.name == askedClass } ? askedClass : ""
        (self.classes, self.candidates) = (classes, candidates)
    }
}

extension LendFormPage {
    /// The page's content under its heading. Pure: the same value renders the same.
    func content(words: any PageWords, csrf: String) -> [HTML] {
        var content: [HTML] = [.el(.p, .el(.a, [.href(PagePath.book(barcode))], .text(check.book.title)))]
        if check.onLoan {
            content.append(.el(.p, [.class("warning")], .text(words.lentOut)))
        } else if let user = check.user {
            content.append(.el(.dl, [.class("facts")], .fact(words.user, .text(user.name)), .fact(words.card, .text(user.card))))
            content.append(.el(.p, .strong(words.dueWouldBe(words.date(check.due)))))
            let fields = [Form.hidden("user", user.card)]
            if let refusal = check.refusal {
                content.append(.el(.p, [.class("warning"), HTMLAttribute(.role, "alert")], .text(words.refused(refusal))))
                if refusal == .hasOverdue || refusal == .limitReached {
                    content.append(.el(.p, .text(words.overrideExplained)))
                    content.append(Form.post(PagePath.to(.lend, barcode), csrf: csrf, button: words.lendPastRules,
                                             style: "danger", fields: fields + [Form.hidden("override", "1")]))
                }
            } else {
                content.append(Form.post(PagePath.to(.lend, barcode), csrf: csrf, button: words.lendIt,
                                         style: "primary", fields: fields))
            }
            content.append(.el(.p, .el(.a, [.href(PagePath.to(.lendForm, barcode))], .text(words.chooseUser))))
        } else if let refusal = check.refusal {
            content.append(.el(.p, [.class("warning")], .text(words.refused(refusal))))
        } else {
            content.append(.el(.h2, .text(words.chooseUser)))
            let here = PagePath.to(.lendForm, barcode)
            if !classes.isEmpty { content.append(.el(.p, [.class("hint")], .text(words.lendChooseHint))) }
            content.append(Form.search(here, label: words.searchUsers, value: text, button: classes.isEmpty ? words.search : words.chooseClass,
                                       extra: classes.isEmpty ? [] : [Form.classFilter(classes, selected: className, words: words)]))
            let options: [(value: String, text: String)] = candidates.map { user in
                let reading = user.reading.map { " (" + $0 + ")" } ?? ""
                let place = className.isEmpty ? user.className.map { " · " + $0 } ?? "" : ""
                return (user.card, user.name + reading + place + " · " + user.card + (user.isActive ? "" : " · " + words.inactive))
            }
            if options.isEmpty {
                content.append(.el(.p, [.class("empty")], .text(words.noUsersFound)))
            } else {
                var fields: [HTML] = []
                if !className.isEmpty { fields.append(Form.hidden("class", className)) }
                if !text.isEmpty { fields.append(Form.hidden("q", text)) }
                fields.append(Form.select("user", label: className.isEmpty ? words.user : words.user + " (" + className + ")",
                                          options: [("", words.pickOne)] + options, selected: nil, id: "field-lend-user", required: true))
                fields.append(Form.submit(words.chooseUserInClass, style: "primary"))
                content.append(.el(.form, [HTMLAttribute(.method, "get"), HTMLAttribute(.action, here), .class("search")], children: fields))
            }
        }
        return content
    }

}
