import Foundation

extension InMemoryLendingRepository.Transaction: LibraryRulesStore {
    func libraryRules() throws -> LibraryRules? {
        checkOpen()
        return state.rules
    }

    func save(_ rules: LibraryRules) throws {
        checkOpen()
        state.rules = rules
    }
}
