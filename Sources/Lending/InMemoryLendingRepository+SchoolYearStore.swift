import Foundation

extension InMemoryLendingRepository.Transaction: SchoolYearStore {
    func classes() throws -> [SchoolClass] {
        checkOpen()
        return Array(state.classes.values).sortedByGrade()
    }

    func userCountsByClass() throws -> [String: Int] {
        checkOpen()
        return state.users.values.reduce(into: [:]) { counts, user in
            if let name = user.className { counts[name, default: 0] += 1 }
        }
    }

    func save(_ schoolClass: SchoolClass) throws {
        checkOpen()
        state.classes[schoolClass.name] = schoolClass
    }

    func renameClass(_ name: String, to newName: String) throws -> Bool {
        checkOpen()
        guard var schoolClass = state.classes[name] else { return false }
        guard name == newName || state.classes[newName] == nil else { throw LendingStoreError.classExists(name: newName) }
        state.classes[name] = nil
        schoolClass.name = newName
        state.classes[newName] = schoolClass
        for card in state.users.keys where state.users[card]?.className == name { state.users[card]?.className = newName }
        for index in state.lendCounts.indices where state.lendCounts[index].className == name {
            state.lendCounts[index].className = newName
        }
        return true
    }

    func removeClass(_ name: String) throws -> Bool {
        checkOpen()
        guard state.classes[name] != nil else { return false }
        let members = state.users.values.count { $0.className == name }
        guard members == 0 else { throw LendingStoreError.classHasUsers(name: name, count: members) }
        state.classes[name] = nil
        return true
    }
}
