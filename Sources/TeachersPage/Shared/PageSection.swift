import Foundation
import HTTPServer
import Lending

/// What every section of the page is given by the page that composes it: the setup, the
/// words, the library, the sessions and the clock. One value, made once, the same for all.
struct PageShared: Sendable {
    let setup: TeachersPage.Setup
    let words: any PageWords
    /// The library: reads side by side, writes in the store's own transactions.
    let store: RepositoryPool
    let sessions: Locked<SessionTable>
    let now: @Sendable () -> Date
}

/// A section of the page (貸出中, 絵本, 利用者, …), as a Hummingbird controller is an area of an
/// application: it declares its routes with their options (`routes`), owns the handlers they
/// name and the state those handlers lock, and its words are a protocol of its own. The page
/// only composes sections (`TeachersPage`, `PageRoutes`).
protocol PageSection: Sendable {
    var shared: PageShared { get }
    /// The section's endpoints, in groups by who may open them and what they must carry.
    static var routes: [RouteGroup] { get }
}

extension PageSection {
    var setup: TeachersPage.Setup { shared.setup }
    var words: any PageWords { shared.words }
    var store: RepositoryPool { shared.store }
    var sessions: Locked<SessionTable> { shared.sessions }
    var now: @Sendable () -> Date { shared.now }

    /// Rows on one page of a long list.
    static var pageSize: Int { TeachersPage.pageSize }
}
