import Foundation

/// The school year's classes (`SchoolYear.swift`, `SchoolClass.swift`), as one transaction
/// reads and writes them. A User names their class; a class's Users follow its rename.
public protocol SchoolYearStore: AnyObject {
    /// Every class, youngest grade first, classes without a grade after them, then by name.
    func classes() throws -> [SchoolClass]
    /// How many Users (active or not) each class has, by class name; a class with none is absent.
    func userCountsByClass() throws -> [String: Int]
    /// Inserts the class, or sets the grade of the one with the same name.
    func save(_ schoolClass: SchoolClass) throws
    /// Renames a class; its Users (and its lend counts) follow. False when there is no class
    /// `name`; throws `LendingStoreError.classExists` when `newName` is taken.
    func renameClass(_ name: String, to newName: String) throws -> Bool
    /// Removes a class with no Users; false when there is none by that name. Throws
    /// `LendingStoreError.classHasUsers` while Users are in it.
    func removeClass(_ name: String) throws -> Bool
}
