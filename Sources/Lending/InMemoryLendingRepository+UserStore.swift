import Foundation

extension InMemoryLendingRepository.Transaction: UserStore {
    func user(card: String) throws -> User? {
        checkOpen()
        return state.users[card]
    }

    func allUsers() throws -> [User] {
        checkOpen()
        return state.users.values.sorted { $0.card < $1.card }
    }

    func save(_ user: User) throws {
        checkOpen()
        if let name = user.className, state.classes[name] == nil {
            throw LendingStoreError.unknownReference("Class \(name)")
        }
        state.users[user.card] = user
    }

    func removeUser(card: String) throws -> Bool {
        checkOpen()
        guard state.users[card] != nil else { return false }
        let open = state.loans.count { $0.user == card && $0.isOpen }
        guard open == 0 else { throw LendingStoreError.userHasOpenLoans(card: card, count: open) }
        for index in state.loans.indices where state.loans[index].user == card { state.loans[index].user = nil }
        for index in state.audit.indices where state.audit[index].user?.card == card { state.audit[index].user = nil }
        state.users[card] = nil
        return true
    }

    func users(matching text: String, inClass className: String?, offset: Int, limit: Int) throws -> ListingPage<User> {
        checkOpen()
        let sorted = state.users.values
            .filter { ListingSearch.matches(text, in: [$0.name, $0.reading, $0.card]) && (className == nil || $0.className == className) }
            .sortedForLists(classes: Array(state.classes.values))
        return Self.page(sorted, offset: offset, limit: limit)
    }
}
