import Foundation

extension LibraryRules {
    /// The library's rules: the database's, or, where it has none yet, `configured` saved there
    /// first (once, by the first kiosk or page to start). Afterwards the database wins (the
    /// page's 設定 changes them). The kiosk's assembly and the page's both start with this.
    public static func seeded(_ configured: LibraryRules, in repository: any LendingRepository) throws -> LibraryRules {
        try repository.transaction { tx in
            if let stored = try tx.libraryRules() { return stored }
            try tx.save(configured)
            return configured
        }
    }
}
