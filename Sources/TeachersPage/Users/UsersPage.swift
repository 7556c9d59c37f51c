import Foundation
import Lending

/// 利用者's list as it is shown, with nothing of HTML in it: the search and class filter, and
/// one page of Users.
struct UsersPage {
    var text: String
    /// The class the list is filtered to; empty: all (a class the library does not have counts as none).
    var className: String
    var page: Int
    /// The library's classes, offered as a filter.
    var classes: [SchoolClass]
    var users: [User]
    /// How many Users the search finds, over all pages.
    var total: Int

    init(text: String, askedClass: String, page: Int, classes: [SchoolClass], listing: ListingPage<User>) {
        self.text = text
        className = classes.contains { $0.name == askedClass } ? askedClass : ""
        self.page = page
        self.classes = classes
        users = listing.items
        total = listing.total
    }
}

extension UsersPage {
    /// The list's content under its heading: the way to add, the search, the table (or a line
    /// saying there are none), the pager. Pure: the same value renders the same.
    func content(words: any PageWords) -> [HTML] {
        let rows: [HTML] = users.map { user in
            .el(.tr,
                .el(.td, [HTMLAttribute(.title, words.name)], .el(.a, [.href(PagePath.user(user.card))], .text(user.name))),
                .el(.td, [HTMLAttribute(.title, words.reading)], .text(user.reading ?? "")),
                .el(.td, [HTMLAttribute(.title, words.schoolClass)], .text(user.className ?? "")),
                .el(.td, [HTMLAttribute(.title, words.card)], .text(user.card)),
                .el(.td, [HTMLAttribute(.title, words.state)], .text(user.isActive ? words.active : words.inactive)))
        }
        let table: HTML = rows.isEmpty ? .el(.p, [.class("empty")], .text(words.noUsersFound)) :
            .el(.table, [.class("list users")],
                .el(.thead, .el(.tr, children: [words.name, words.reading, words.schoolClass, words.card, words.state]
                    .map { .el(.th, [HTMLAttribute(.scope, "col")], .text($0)) })),
                .el(.tbody, children: rows))
        let extra = classes.isEmpty ? [] : [Form.classFilter(classes, selected: className, words: words)]
        return [
            .el(.p, [.class("actions")], .el(.a, [.class("button primary"), .href(PagePath.newUser)], .text(words.addUser))),
            Form.search(PagePath.users, label: words.searchUsers, value: text, button: words.search, extra: extra),
            table,
            Pager(words: words, path: PagePath.users, query: [("q", text), ("class", className)], page: page,
                  total: total, pageSize: UsersSection.pageSize).html,
        ]
    }
}
