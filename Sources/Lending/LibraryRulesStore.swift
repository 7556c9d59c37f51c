import Foundation

/// The library's rules (`LibraryRules.swift`), as one transaction reads and writes them: one
/// set for every kiosk of the library and its teachers' page.
public protocol LibraryRulesStore: AnyObject {
    /// The rules every kiosk of this library follows; nil until a config or the page saved them.
    func libraryRules() throws -> LibraryRules?
    func save(_ rules: LibraryRules) throws
}
