import Foundation
import HTTPServer
import Lending

/// 貸出中 as it is shown, with nothing of HTML in it: the filter asked for, the Loans of one
/// page grouped by class, and what a row needs to say whether it is overdue.
///
/// This section is the one to copy for a new page: the handler (`LoansSection.list`) reads once
/// in the store (`Read`), makes the page value from the read (`init(_:_:)`, pure), and renders
/// it (`content(words:csrf:)`, pure, in `LoansPage+HTML.swift`); a test takes each step apart.
struct LoansPage {
    /// What the request asks for: `?q=&class=&overdue=1&page=N`.
    struct Query: Equatable {
        var text: String
        /// The class asked for, if any; it counts only when the library has a class by that name.
        var className: String?
        var overdueOnly: Bool
        var page: Int

        init(text: String = "", className: String? = nil, overdueOnly: Bool = false, page: Int = 1) {
            (self.text, self.className, self.overdueOnly, self.page) = (text, className, overdueOnly, page)
        }

        init(_ request: HTTPRequest, page: Int) {
            self.init(text: (request.value("q") ?? "").trimmingCharacters(in: .whitespaces), className: request.value("class"),
                      overdueOnly: request.value("overdue") == "1", page: page)
        }

        /// The class asked for, if the library has it.
        func chosenClass(among classes: [SchoolClass]) -> String? {
            className.flatMap { name in classes.contains { $0.name == name } ? name : nil }
        }
    }

    /// What the store gave for a query, in one read.
    struct Read {
        var library: LibraryState
        var classes: [SchoolClass]
        var listing: ListingPage<LoanListing>
        /// The library's day when the page was asked for.
        var today: LocalDate

        init(library: LibraryState, classes: [SchoolClass], listing: ListingPage<LoanListing>, today: LocalDate) {
            (self.library, self.classes, self.listing, self.today) = (library, classes, listing, today)
        }

        /// Reads in `tx` what `query` asks for, at `now` in the library's time zone.
        init(_ query: Query, library: LibraryState, at now: Date, in tx: any LendingTransaction) throws {
            let classes = try tx.classes()
            let today = LocalDate(now, in: library.policy.timeZone)
            let loanQuery = LoanQuery(text: query.text, className: query.chosenClass(among: classes),
                                      overdueOn: query.overdueOnly ? today : nil,
                                      offset: (query.page - 1) * LoansSection.pageSize, limit: LoansSection.pageSize)
            self.init(library: library, classes: classes, listing: try tx.loanListings(loanQuery), today: today)
        }
    }

    /// One class's Loans on the page, under its heading (no heading where the library has no classes).
    struct Group: Equatable {
        var className: String?
        var rows: [LoanListing]
    }

    var text: String
    /// The class the list is filtered to; empty: all.
    var className: String
    var overdueOnly: Bool
    var page: Int
    /// The library's classes, offered as a filter; none: no filter and no groups.
    var classes: [SchoolClass]
    var groups: [Group]
    /// How many Loans the filter finds, over all pages.
    var total: Int
    var policy: Policy
    var today: LocalDate

    init(_ query: Query, _ read: Read) {
        text = query.text
        className = query.chosenClass(among: read.classes) ?? ""
        overdueOnly = query.overdueOnly
        page = query.page
        classes = read.classes
        total = read.listing.total
        policy = read.library.policy
        today = read.today
        // The store lists Loans in the order of their Users (class, reading, name), so a class's
        // Loans come together: one heading and table each.
        var groups: [Group] = []
        for item in read.listing.items {
            let name = read.classes.isEmpty ? nil : item.user?.className
            if let last = groups.last, last.className == name { groups[groups.count - 1].rows.append(item) } else { groups.append(Group(className: name, rows: [item])) }
        }
        self.groups = groups
    }

    /// The filter as a query, kept by the pager's links.
    var filters: [(String, String)] {
        [("q", text), ("class", className), ("overdue", overdueOnly ? "1" : "")]
    }

    /// This page's own address, where a row's form comes back to.
    var here: String {
        PagePath.with(PagePath.loans, filters + [("page", page > 1 ? "\(page)" : "")])
    }
}

/// 「返却しますか」: the open Loan to return, or none when it is back already.
struct ConfirmReturnPage {
    var id: Int64
    /// The open Loan with its Book and User; nil when it is returned or never was.
    var loan: LoanListing?

    var status: Int { loan == nil ? 404 : 200 }
}
