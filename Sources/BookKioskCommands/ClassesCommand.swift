import CommandCore
import Foundation
import KioskConfiguration
import Lending

/// `bookkiosk classes`: the classes (組) with their grade and how many Users each has;
/// `classes add NAME --grade N` (on an existing class it sets the grade), `rename OLD NEW`,
/// `remove NAME` (refused while Users are in it).
struct ClassesCommand {
    let words: [String]
    let grade: Int?
    let common: CommonOptions
    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, valued: CommonOptions.valued.union(["grade"]), flags: [])
        common = try CommonOptions(arguments, places: places)
        let usage = Arguments.Invalid(description: commandWords(common.language).classesUsage)
        self.words = arguments.words
        switch arguments.words.first {
        case nil: guard arguments.words.isEmpty else { fallthrough }
        case "add": guard arguments.words.count == 2 else { throw usage }
        case "rename": guard arguments.words.count == 3 else { throw usage }
        case "remove": guard arguments.words.count == 2 else { throw usage }
        default: throw usage
        }
        if let text = arguments.options["grade"] {
            guard arguments.words.first == "add", let number = Int(text), number >= 1 else {
                throw Arguments.Invalid(description: commandWords(common.language).gradeUsage)
            }
            grade = number
        } else {
            grade = nil
        }
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let say = commandWords(common.language)
        let repository = try common.openRepository()
        switch words.first {
        case "add":
            let name = words[1].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw CommandFailure(say.classNeedsName) }
            let existed = try repository.transaction { tx in
                let existing = try tx.classes().first { $0.name == name }
                try tx.save(SchoolClass(name: name, grade: grade ?? existing?.grade))
                return existing != nil
            }
            console.print(existed ? say.classGradeSet(name, grade: grade) : say.classAdded(name, grade: grade))
        case "rename":
            do {
                guard try repository.transaction({ try $0.renameClass(words[1], to: words[2]) }) else {
                    throw CommandFailure(say.noSuchClass(words[1]))
                }
            } catch let error as LendingStoreError {
                throw CommandFailure("\(error.description) \(say.nothingChanged)")
            }
            console.print(say.classRenamed(words[1], to: words[2]))
        case "remove":
            do {
                guard try repository.transaction({ try $0.removeClass(words[1]) }) else {
                    throw CommandFailure(say.noSuchClass(words[1]))
                }
            } catch let error as LendingStoreError {
                throw CommandFailure("\(error.description) \(say.nothingChanged)")
            }
            console.print(say.classRemoved(words[1]))
        default:
            let (classes, counts) = try repository.transaction { tx in (try tx.classes(), try tx.userCountsByClass()) }
            guard !classes.isEmpty else {
                console.print(say.noClassesYet)
                return .success
            }
            for schoolClass in classes {
                let users = counts[schoolClass.name] ?? 0
                console.print(say.classLine(schoolClass.name, grade: schoolClass.grade, users: users))
            }
        }
        return .success
    }
}
