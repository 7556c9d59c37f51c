import Foundation
import HTTPServer
import Lending
import StaffPIN

/// 設定: the rules, the staff accounts and the audit log (with the backup's part of the page).
struct SettingsSection: PageSection {
    let shared: PageShared

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/settings", .settings) { page, _, context in try page.settings.settings(context) },
        ]),
        .signedInChanges([
            .post("/settings", .saveRules) { page, _, context in try page.settings.saveRules(context) },
            .post("/settings/staff", .addStaff) { page, _, context in try page.settings.addStaff(context) },
            .post("/settings/staff/{}/password", .resetPassword) { page, values, context in try page.settings.resetPassword(values[0], context) },
            .post("/settings/staff/{}/remove", .removeStaff) { page, values, context in try page.settings.removeStaff(values[0], context) },
        ]),
    ]
}

extension SettingsSection {
    /// What 設定 shows besides the rules form: the Staff accounts and a page of the audit log.
    struct SettingsState {
        var library: LibraryState
        var rules: LibraryRules
        var staff: [(name: String, hasPassword: Bool, record: SignInRecord)]
        var audit: ListingPage<AuditEntry>
        var auditView: AuditView = .changes
    }

    /// Which entries the audit list shows: the changes a teacher reads, or the sign-ins (of the
    /// page and of staff mode, with wrong PINs and passwords), kept apart (`?audit=signins`).
    enum AuditView: String, CaseIterable {
        case changes, signins

        var filter: AuditFilter {
            switch self {
            case .changes: .excluding(AuditAction.Kind.signIns)
            case .signins: .only(AuditAction.Kind.signIns)
            }
        }
    }

    /// Rows of the audit log on one page.
    static let auditPageSize = 50

    func settingsState(_ tx: any LendingTransaction, auditPage: Int, auditView: AuditView = .changes) throws -> SettingsState {
        let library = try self.library(tx)
        let rules = try tx.libraryRules() ?? LibraryRules(setup.policy, libraryName: setup.libraryName)
        let staff = try tx.staffAccounts().map { account in
            (account.name, try tx.passwordHash(staff: account.name) != nil, try tx.signInRecord(staff: account.name))
        }
        let audit = try tx.auditEntries(auditView.filter, newestFirst: (auditPage - 1) * Self.auditPageSize, limit: Self.auditPageSize)
        return SettingsState(library: library, rules: rules, staff: staff, audit: audit, auditView: auditView)
    }

    /// `GET /settings?page=N`.
    func settings(_ context: PageContext) throws -> HTTPResponse {
        let number = pageNumber(context.request)
        let view = context.request.value("audit").flatMap(AuditView.init(rawValue:)) ?? .changes
        let state = try store.read { try settingsState($0, auditPage: number, auditView: view) }
        return settingsPage(state, RulesForm(state.rules), rulesProblems: [:], staffProblems: [:], auditPage: number, context)
    }

    /// `POST /settings`: the rules every kiosk follows from its next scan.
    func saveRules(_ context: PageContext) throws -> HTTPResponse {
        let form = RulesForm(fields: context.request.value, values: context.request.values)
        switch form.rules(words) {
        case .failure(let problems):
            let state = try store.read { try settingsState($0, auditPage: 1) }
            return settingsPage(state, form, rulesProblems: problems.byField, staffProblems: [:], auditPage: 1, context, status: 400)
        case .success(let rules):
            try store.write { tx in
                let old = try tx.libraryRules() ?? LibraryRules(setup.policy, libraryName: setup.libraryName)
                try LibraryDesk(staff: context.staff, at: context.now).changeRules(to: rules, from: old, in: tx)
            }
            return redirect(PagePath.settings, notice: words.rulesSaved, context)
        }
    }

    /// `POST /settings/staff`: a new Staff account with a PIN (staff mode) and a page password.
    func addStaff(_ context: PageContext) throws -> HTTPResponse {
        let name = (context.request.value("name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let pin = context.request.value("pin") ?? ""
        let password = context.request.value("password") ?? ""
        var problems: [String: String] = [:]
        if name.isEmpty { problems["name"] = words.staffNameMissing }
        if !PINHash.isAcceptable(pin) { problems["pin"] = words.pinInvalid }
        if !PagePassword.isAcceptable(password) { problems["password"] = words.passwordTooShort }
        if problems.isEmpty {
            // Hashed outside the repository's lock: yescrypt takes a while on purpose.
            let pinHash = try PINHash.make(pin)
            let passwordHash = try PagePassword.make(password)
            let taken = PINHash.isTaken(pin, byAnyOf: try store.read { try $0.staffAccounts().map(\.pinHash) })
            if taken {
                problems["pin"] = words.pinTaken
                let state = try store.read { try settingsState($0, auditPage: 1) }
                return settingsPage(state, RulesForm(state.rules), rulesProblems: [:], staffProblems: problems, auditPage: 1, context,
                                    status: 400, typedStaffName: name)
            }
            let added = try store.write { tx -> Bool in
                try LibraryDesk(staff: context.staff, at: context.now)
                    .addStaff(name, pinHash: pinHash, passwordHash: passwordHash, in: tx) == .done
            }
            if added { return redirect(PagePath.settings, notice: words.staffAdded(name), context) }
            problems["name"] = words.staffNameTaken(name)
        }
        let state = try store.read { try settingsState($0, auditPage: 1) }
        return settingsPage(state, RulesForm(state.rules), rulesProblems: [:], staffProblems: problems, auditPage: 1, context,
                            status: 400, typedStaffName: name)
    }

    /// `POST /settings/staff/NAME/password`: a new page password; it also lifts a sign-in lock.
    func resetPassword(_ name: String, _ context: PageContext) throws -> HTTPResponse {
        let password = context.request.value("password") ?? ""
        guard PagePassword.isAcceptable(password) else {
            return redirect(PagePath.settings, notice: name + ": " + words.passwordTooShort, refusal: true, context)
        }
        let hash = try PagePassword.make(password)
        let done = try store.write { tx -> Bool in
            try LibraryDesk(staff: context.staff, at: context.now).setPassword(of: name, passwordHash: hash, in: tx) == .done
        }
        if done {
            // Every other session of that account ends; one's own new password keeps only this one.
            sessions.withLock { table in
                table.endAll(staff: name, except: name == context.staff ? context.session.id : nil)
                if name == context.staff { table.setPasswordHash(hash, for: context.session.id) }
            }
        }
        return redirect(PagePath.settings, notice: done ? words.passwordSet(name) : words.noSuchStaff, refusal: !done, context)
    }

    /// `POST /settings/staff/NAME/remove`: not the account signed in; its sessions end.
    func removeStaff(_ name: String, _ context: PageContext) throws -> HTTPResponse {
        guard name != context.staff else {
            return redirect(PagePath.settings, notice: words.cannotRemoveYourself, refusal: true, context)
        }
        let removed = try store.write { tx -> Bool in
            try LibraryDesk(staff: context.staff, at: context.now).removeStaff(name, in: tx) == .done
        }
        if removed { sessions.withLock { $0.endAll(staff: name) } }
        return redirect(PagePath.settings, notice: removed ? words.staffRemoved(name) : words.noSuchStaff, refusal: !removed, context)
    }
}
