import Foundation
import HTTPServer
import Lending

/// 利用者: the list, a User's page and form, and lending to a User from it.
struct UsersSection: PageSection {
    let shared: PageShared
    /// A User's page lends as a Book's page does.
    let books: BooksSection

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/users", .users) { page, _, context in try page.users.users(context) },
            .get("/users/new", .newUserForm) { page, _, context in try page.users.userForm(nil, context) },
            .get("/users/{}", .user) { page, values, context in try page.users.user(values[0], context) },
            .get("/users/{}/edit", .editUserForm) { page, values, context in try page.users.userForm(values[0], context) },
        ]),
        .signedInChanges([
            .post("/users/new", .addUser) { page, _, context in try page.users.saveUser(nil, context) },
            .post("/users/{}/edit", .editUser) { page, values, context in try page.users.saveUser(values[0], context) },
            .post("/users/{}/deactivate", .deactivateUser) { page, values, context in try page.users.setActive(values[0], false, context) },
            .post("/users/{}/reactivate", .reactivateUser) { page, values, context in try page.users.setActive(values[0], true, context) },
            .post("/users/{}/remove", .removeUser) { page, values, context in try page.users.removeUser(values[0], context) },
            .post("/users/{}/lend", .lendToUser) { page, values, context in try page.users.lendToUser(values[0], context) },
        ]),
    ]
}

extension UsersSection {
    /// `GET /users?q=&class=&page=N`: every User in list order (class, reading, name),
    /// searchable, filterable by class.
    func users(_ context: PageContext) throws -> HTTPResponse {
        let text = (context.request.value("q") ?? "").trimmingCharacters(in: .whitespaces)
        let number = pageNumber(context.request)
        let asked = context.request.value("class") ?? ""
        let (library, classes, listing) = try store.read { tx in
            let classes = try tx.classes()
            let chosen = classes.contains { $0.name == asked } ? asked : nil
            return (try self.library(tx), classes,
                    try tx.users(matching: text, inClass: chosen, offset: (number - 1) * Self.pageSize, limit: Self.pageSize))
        }
        let users = UsersPage(text: text, askedClass: asked, page: number, classes: classes, listing: listing)
        return page(context, library, heading: words.users, section: .users, content: users.content(words: words))
    }

    /// `GET /users/CARD`: the User, their open Loans and the history the privacy window keeps.
    func user(_ card: String, _ context: PageContext) throws -> HTTPResponse {
        let asked = context.request.value("book").map { $0.trimmingCharacters(in: .whitespaces) }
        let found = try store.read { tx -> (LibraryState, User, [Loan], [Book], UserPage.Lending, Date?)? in
            let library = try self.library(tx)
            guard let user = try tx.user(card: card) else { return nil }
            let loans = try tx.loans(user: card)
            let books = try tx.books(barcodes: Array(Set(loans.map(\.book))))
            let lending = try lendChoices(to: user, asked: asked, policy: library.policy, at: context.now, in: tx)
            return (library, user, loans, books, lending, try tx.printedTimes(.card)[card])
        }
        guard let (library, user, loans, books, lending, printed) = found else { return try notFound(context) }
        let userPage = UserPage(user: user, loans: loans, books: books, policy: library.policy, now: context.now,
                                lending: lending, cardPrinted: printed)
        return page(context, library, heading: user.name, section: .users,
                    content: userPage.content(words: words, csrf: context.session.csrf, printForms: printForms))
    }

    /// `GET /users/new`, `GET /users/CARD/edit`.
    func userForm(_ card: String?, _ context: PageContext) throws -> HTTPResponse {
        let (library, classes, existing) = try store.read { tx in
            (try self.library(tx), try tx.classes(), try card.flatMap { try tx.user(card: $0) })
        }
        if card != nil, existing == nil { return try notFound(context) }
        return userFormPage(existing.map(UserForm.init) ?? UserForm(), editing: existing?.card, problems: [:], classes: classes, library, context)
    }

    /// `POST /users/new`, `POST /users/CARD/edit`.
    func saveUser(_ card: String?, _ context: PageContext) throws -> HTTPResponse {
        let form = UserForm(fields: context.request.value)
        enum Saved { case saved(User, numbered: Bool), refused([String: String], [SchoolClass]), missing }
        let (library, saved) = try store.write { tx -> (LibraryState, Saved) in
            let library = try self.library(tx)
            let classes = try tx.classes()
            let existing = try card.flatMap { try tx.user(card: $0) }
            if card != nil, existing == nil { return (library, .missing) }
            let problems = form.problems(words, classes: classes)
            guard problems.isEmpty else { return (library, .refused(problems, classes)) }
            // A new User without a card gets the next free number, as import and the kiosk do.
            var given: String?
            if existing == nil, form.needsNumber {
                do {
                    given = try LibraryDesk.nextNumbers(1, of: setup.cardNumbering, in: tx).first
                } catch let exhausted as BarcodeNumbering.Exhausted {
                    return (library, .refused(["card": words.noFreeNumber(exhausted.numbering.prefix, length: exhausted.numbering.length)], classes))
                }
            }
            let user = form.user(existing: existing, given: given)
            let desk = LibraryDesk(staff: context.staff, at: context.now)
            switch existing == nil ? try desk.addUser(user, in: tx) : try desk.editUser(user, in: tx) {
            case .saved(let saved): return (library, .saved(saved, numbered: given != nil))
            case .barcodeTaken(let taken, byA: .user): return (library, .refused(["card": words.cardTaken(taken)], classes))
            case .barcodeTaken(let taken, byA: .book): return (library, .refused(["card": words.cardIsABook(taken)], classes))
            case .missing: return (library, .missing)
            }
        }
        switch saved {
        case .missing: return try notFound(context)
        case .saved(let user, let numbered):
            return redirect(PagePath.user(user.card),
                            notice: numbered ? words.userNumbered(name: user.name, card: user.card) : words.userSaved(name: user.name), context)
        case .refused(let problems, let classes):
            return userFormPage(form, editing: card, problems: problems, classes: classes, library, context, status: 400)
        }
    }

    private func userFormPage(_ form: UserForm, editing card: String?, problems: [String: String], classes: [SchoolClass],
                              _ library: LibraryState,
                              _ context: PageContext, status: Int = 200) -> HTTPResponse {
        var cardExtra: [HTMLAttribute] = [HTMLAttribute(.autocomplete, "off"), HTMLAttribute(.autocapitalize, "off")]
        if card != nil { cardExtra.append(.flag(.readonly)) }
        let fields: [HTML] = [
            Form.hidden(PageSecurity.csrfField, context.session.csrf),
            Form.text("card", label: words.card, value: card ?? form.card, required: card != nil,
                      hint: card == nil ? words.emptyGetsNumber : nil, error: problems["card"], extra: cardExtra),
            Form.text("name", label: words.name, value: form.name, required: true, error: problems["name"],
                      extra: [HTMLAttribute(.autocomplete, "off")]),
            Form.text("reading", label: words.reading, value: form.reading, hint: words.readingHint, error: problems["reading"],
                      extra: [HTMLAttribute(.autocomplete, "off"), HTMLAttribute(.lang, "ja")]),
            Form.select("class", label: words.schoolClass,
                        options: [("", words.noClass)] + classes.map { ($0.name, $0.name) }
                            + (form.className.isEmpty || classes.contains { $0.name == form.className } ? [] : [(form.className, form.className)]),
                        selected: form.className, error: problems["class"]),
            Form.text("limit", label: words.loanLimit, value: form.limit, type: "number", hint: words.loanLimitHint, error: problems["limit"],
                      extra: [HTMLAttribute(.min, "0"), HTMLAttribute(.max, "\(UserForm.largestLimit)"), HTMLAttribute(.inputmode, "numeric")]),
            .el(.div, [.class("choices")], Form.submit(words.save, style: "primary"),
                .el(.a, [.class("button quiet"), .href(card.map { PagePath.user($0) } ?? PagePath.users)], .text(words.cancel))),
        ]
        let action = card.map { PagePath.to(.editUser, $0) } ?? PagePath.newUser
        return page(context, library, heading: card == nil ? words.addUser : words.editUserHeading, section: .users, status: status,
                    content: [Form.problems(problems.keys.sorted().compactMap { problems[$0] }),
                              .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, action)], children: fields)])
    }

    /// `POST /users/CARD/deactivate` and `/reactivate`.
    func setActive(_ card: String, _ active: Bool, _ context: PageContext) throws -> HTTPResponse {
        let name = try store.write { tx -> String? in
            try LibraryDesk(staff: context.staff, at: context.now).setActive(card, active, in: tx)?.name
        }
        guard let name else { return try notFound(context) }
        return redirect(PagePath.user(card), notice: active ? words.reactivated(name: name) : words.deactivated(name: name), context)
    }

    /// `POST /users/CARD/remove`: only a User with no Book out; otherwise a clear message and
    /// nothing changed.
    func removeUser(_ card: String, _ context: PageContext) throws -> HTTPResponse {
        enum Result { case missing, booksOut(String, Int), removed(String) }
        let result = try store.write { tx -> Result in
            switch try LibraryDesk(staff: context.staff, at: context.now).removeUser(card, in: tx) {
            case .missing: return .missing
            case .booksOut(let user, let count): return .booksOut(user.name, count)
            case .removed(let user): return .removed(user.name)
            }
        }
        switch result {
        case .missing: return try notFound(context)
        case .booksOut(let name, let count): return redirect(PagePath.user(card), notice: words.removeRefused(name: name, count: count), refusal: true, context)
        case .removed(let name): return redirect(PagePath.users, notice: words.removed(name: name), context)
        }
    }
}
