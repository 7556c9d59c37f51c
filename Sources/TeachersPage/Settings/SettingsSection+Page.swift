import Foundation
import HTTPServer
import Lending

extension SettingsSection {
    /// 設定 answered: its page value made from `state` and the forms as they were sent, then HTML.
    func settingsPage(_ state: SettingsState, _ form: RulesForm, rulesProblems: [String: String], staffProblems: [String: String],
                      auditPage: Int, _ context: PageContext, status: Int = 200, typedStaffName: String = "") -> HTTPResponse {
        let settings = SettingsPage(state: state, form: form, rulesProblems: rulesProblems, staffProblems: staffProblems,
                                    typedStaffName: typedStaffName, auditPage: auditPage, signedInStaff: context.staff,
                                    now: context.now, storage: setup.storage)
        return page(context, state.library, heading: words.settings, section: .settings, status: status,
                    content: settings.content(words: words, csrf: context.session.csrf))
    }

    static func rulesSection(_ form: RulesForm, problems: [String: String], csrf: String, words: any PageWords) -> HTML {
        let weekdays: [HTML] = Weekday.allCases.map { day in
            Form.checkbox("closedWeekdays", label: words.weekday(day), value: day.rawValue, checked: form.closedWeekdays.contains(day),
                          id: "closed-" + day.rawValue)
        }
        let datesID = "field-closedDates"
        let described = datesID + "-hint" + (problems["closedDates"] == nil ? "" : " " + datesID + "-error")
        let datesAttributes: [HTMLAttribute] = [.name("closedDates"), .id(datesID), HTMLAttribute(.rows, "5"),
                                                HTMLAttribute(.ariaDescribedby, described)]
        let fields: [HTML] = [
            Form.hidden(PageSecurity.csrfField, csrf),
            Form.text("libraryName", label: words.libraryName, value: form.libraryName, error: problems["libraryName"]),
            Form.text("loanLimit", label: words.loanLimit, value: form.loanLimit, type: "number", required: true, error: problems["loanLimit"],
                      extra: [HTMLAttribute(.min, "0"), HTMLAttribute(.max, "\(RulesForm.largestLoanLimit)"), HTMLAttribute(.inputmode, "numeric")]),
            Form.text("loanDays", label: words.loanDays, value: form.loanDays, type: "number", required: true, error: problems["loanDays"],
                      extra: [HTMLAttribute(.min, "1"), HTMLAttribute(.max, "\(RulesForm.longestLoanDays)"), HTMLAttribute(.inputmode, "numeric")]),
            .el(.fieldset, children: [.el(.legend, .text(words.closedWeekdays)),
                                      problems["closedWeekdays"].map { .el(.p, [.class("error")], .text($0)) } ?? .empty] + weekdays),
            .el(.div, [.class(problems["closedDates"] == nil ? "field" : "field invalid")],
                .el(.label, [.for(datesID)], .text(words.closedDates)),
                .el(.p, [.class("hint"), .id(datesID + "-hint")], .text(words.closedDatesHint)),
                problems["closedDates"].map { .el(.p, [.class("error"), .id(datesID + "-error")], .text($0)) } ?? .empty,
                .el(.textarea, datesAttributes, .text(form.closedDates))),
            Form.checkbox("blockOnOverdue", label: words.blockOnOverdue, checked: form.blockOnOverdue),
            Form.submit(words.save, style: "primary"),
        ]
        return .el(.section, [HTMLAttribute(.ariaLabel, words.rulesHeading)],
            .el(.h2, .text(words.rulesHeading)),
            Form.problems(problems.keys.sorted().compactMap { problems[$0] }),
            .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.settings)], children: fields))
    }

    static func staffSection(_ state: SettingsState, problems: [String: String], typedName: String, signedInStaff: String, now: Date,
                             csrf: String, words: any PageWords) -> HTML {
        let zone = state.library.policy.timeZone
        let rows: [HTML] = state.staff.map { account in
            var status = account.hasPassword ? words.hasPassword : words.noPassword
            if let until = account.record.lockedUntil, until > now {
                status += " · " + words.lockedAccount(until: words.dateTime(until, in: zone))
            }
            let passwordID = "password-" + PagePath.segment(account.name)
            let reset: HTML = .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.to(.resetPassword, account.name)), .class("inline")],
                Form.hidden(PageSecurity.csrfField, csrf),
                .el(.label, [.for(passwordID), .class("visually-hidden")], .text(words.newPassword + " (" + account.name + ")")),
                .el(.input, [.type("password"), .name("password"), .id(passwordID), HTMLAttribute(.autocomplete, "new-password"),
                             HTMLAttribute(.placeholder, words.newPassword)]),
                Form.submit(words.setPassword))
            let remove: HTML = account.name == signedInStaff ? .empty
                : Form.post(PagePath.to(.removeStaff, account.name), csrf: csrf, button: words.remove, style: "danger", fields: [])
            return .el(.tr,
                       .el(.td, [HTMLAttribute(.title, words.name)], .text(account.name)),
                       .el(.td, [HTMLAttribute(.title, words.state)], .text(status)),
                       .el(.td, [.class("actions")], reset, remove))
        }
        let addForm: HTML = .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.staff)],
            Form.hidden(PageSecurity.csrfField, csrf),
            Form.text("name", label: words.name, value: typedName, required: true, error: problems["name"],
                      extra: [HTMLAttribute(.autocomplete, "off")]),
            Form.text("pin", label: words.pin, type: "password", required: true, hint: words.pinHint, error: problems["pin"],
                      extra: [HTMLAttribute(.inputmode, "numeric"), HTMLAttribute(.autocomplete, "off")]),
            Form.text("password", label: words.password, type: "password", required: true, hint: words.passwordHint, error: problems["password"],
                      extra: [HTMLAttribute(.autocomplete, "new-password")]),
            Form.submit(words.addStaff, style: "primary"))
        return .el(.section, [HTMLAttribute(.ariaLabel, words.staffHeading)],
            .el(.h2, .text(words.staffHeading)),
            .el(.table, [.class("list staff")],
                .el(.thead, .el(.tr, .el(.th, [HTMLAttribute(.scope, "col")], .text(words.name)), .el(.th, [HTMLAttribute(.scope, "col")], .text(words.state)),
                                  .el(.th, [HTMLAttribute(.scope, "col")], .el(.span, [.class("visually-hidden")], .text(words.action))))),
                .el(.tbody, children: rows)),
            .el(.h3, .text(words.addStaff)),
            Form.problems(problems.keys.sorted().compactMap { problems[$0] }),
            addForm)
    }

    /// One row of the audit list as the page shows it: time, Staff member, action, detail.
    func auditRow(_ entry: AuditEntry, in zone: TimeZone) -> [String] {
        Self.auditRow(entry, in: zone, words: words)
    }

    static func auditRow(_ entry: AuditEntry, in zone: TimeZone, words: any PageWords) -> [String] {
        let who = entry.user.map { user in user.name.map { "\($0) (\(user.card))" } ?? user.card }
        let detail = [words.auditDetail(entry.action), who].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        return [words.dateTime(entry.time, in: zone), entry.staff ?? "", words.auditActionName(entry.action), detail]
    }

    static func auditSection(_ state: SettingsState, page: Int, words: any PageWords) -> HTML {
        let zone = state.library.policy.timeZone
        let titles = [words.time, words.staffMember, words.action, words.detail]
        let rows: [HTML] = state.audit.items.map { entry in
            .el(.tr, children: zip(titles, auditRow(entry, in: zone, words: words)).map { title, text in
                .el(.td, [HTMLAttribute(.title, title)], .text(text))
            })
        }
        let views: [HTML] = AuditView.allCases.map { view in
            let name = view == .changes ? words.auditChanges : words.auditSignIns
            let path = PagePath.with(PagePath.settings, [("audit", view == .changes ? "" : view.rawValue)]) + "#audit"
            return view == state.auditView ? .el(.strong, [HTMLAttribute(.ariaCurrent, "page")], .text(name))
                                           : .el(.a, [.href(path)], .text(name))
        }
        return .el(.section, [HTMLAttribute(.ariaLabel, words.auditHeading), .id("audit")],
            .el(.h2, .text(words.auditHeading)),
            .el(.p, [.class("audit-views")], children: views),
            rows.isEmpty ? .el(.p, [.class("empty")], .text(words.noAudit))
                : .el(.table, [.class("list audit")],
                      .el(.thead, .el(.tr, children: [words.time, words.staffMember, words.action, words.detail].map { .el(.th, [HTMLAttribute(.scope, "col")], .text($0)) })),
                      .el(.tbody, children: rows)),
            Pager(words: words, path: PagePath.settings, query: [("audit", state.auditView == .changes ? "" : state.auditView.rawValue)],
                  page: page, total: state.audit.total, pageSize: Self.auditPageSize).html)
    }
}
