import CommandCore
import Foundation
import KioskConfiguration
import Lending

/// `bookkiosk classes`: the classes (組) with their grade and how many Users each has;
/// `classes add NAME [--grade N]`, `grade NAME N|none`, `rename OLD NEW`, `remove NAME`
/// (refused while Users are in it). Each change is the desk's (`LibraryDesk+SchoolYear.swift`),
/// as on the page: recorded in the audit log, and a name taken already is refused.
struct ClassesCommand {
    let words: [String]
    let grade: Int?
    let common: CommonOptions
    let console: Console
    let environment: [String: String]

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        common = try CommonOptions(arguments, places: places)
        let say = commandWords(common.language)
        let usage = Arguments.Invalid(description: say.classesUsage)
        self.words = arguments.words
        switch arguments.words.first {
        case nil: guard arguments.words.isEmpty else { fallthrough }
        case "add": guard arguments.words.count == 2 else { throw usage }
        case "grade": guard arguments.words.count == 3 else { throw usage }
        case "rename": guard arguments.words.count == 3 else { throw usage }
        case "remove": guard arguments.words.count == 2 else { throw usage }
        default: throw usage
        }
        let gradeText = arguments.words.first == "grade" ? arguments.words[2] : arguments[Options.grade]
        if let text = gradeText, !(arguments.words.first == "grade" && text == "none") {
            guard ["add", "grade"].contains(arguments.words.first), let number = Int(text), number >= 1 else {
                throw Arguments.Invalid(description: say.gradeUsage)
            }
            grade = number
        } else {
            grade = nil
        }
        self.console = console
        environment = places.environment
    }

    func run() throws -> BookKiosk.Status {
        let say = commandWords(common.language)
        let repository = try common.openRepository()
        let desk = LibraryDesk(commandUserIn: environment, at: Date())
        func change(_ body: (any LendingTransaction) throws -> LibraryDesk.ClassChange) throws -> LibraryDesk.ClassChange {
            let result = try repository.transaction(body)
            switch result {
            case .done, .unchanged: return result
            case .missing: throw CommandFailure("\(say.noSuchClass(words[1])) \(say.nothingChanged)")
            case .nameTaken(let name): throw CommandFailure("\(say.classNameTaken(name)) \(say.nothingChanged)")
            case .hasUsers(let count): throw CommandFailure("\(say.classHasUsers(words[1], count: count)) \(say.nothingChanged)")
            case .nameEmpty: throw CommandFailure("\(say.classNeedsName) \(say.nothingChanged)")
            }
        }
        switch words.first {
        case "add":
            let name = words[1].trimmingCharacters(in: .whitespaces)
            _ = try change { try desk.addClass(name, grade: grade, in: $0) }
            console.print(say.classAdded(name, grade: grade))
        case "grade":
            let result = try change { try desk.setGrade(of: words[1], to: grade, in: $0) }
            console.print(result == .unchanged ? say.classGradeUnchanged(words[1], grade: grade) : say.classGradeSet(words[1], grade: grade))
        case "rename":
            let newName = words[2].trimmingCharacters(in: .whitespaces)
            _ = try change { try desk.renameClass(words[1], to: newName, in: $0) }
            console.print(say.classRenamed(words[1], to: newName))
        case "remove":
            _ = try change { try desk.removeClass(words[1], in: $0) }
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
