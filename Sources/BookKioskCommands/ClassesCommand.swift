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
        self.words = arguments.words
        switch arguments.words.first {
        case nil: guard arguments.words.isEmpty else { fallthrough }
        case "add": guard arguments.words.count == 2 else { throw Self.usage }
        case "grade": guard arguments.words.count == 3 else { throw Self.usage }
        case "rename": guard arguments.words.count == 3 else { throw Self.usage }
        case "remove": guard arguments.words.count == 2 else { throw Self.usage }
        default: throw Self.usage
        }
        let gradeText = arguments.words.first == "grade" ? arguments.words[2] : arguments.options["grade"]
        if let text = gradeText, !(arguments.words.first == "grade" && text == "none") {
            guard ["add", "grade"].contains(arguments.words.first), let number = Int(text), number >= 1 else {
                throw Arguments.Invalid(description: "a grade goes with `classes add NAME --grade N` or `classes grade NAME N` and is a whole number from 1 (the youngest), like 2; `classes grade NAME none` removes it")
            }
            grade = number
        } else {
            grade = nil
        }
        common = try CommonOptions(arguments, places: places)
        self.console = console
        environment = places.environment
    }

    static let usage = Arguments.Invalid(description: "`bookkiosk classes` lists the classes; `classes add NAME [--grade N]`, `classes grade NAME N|none`, `classes rename OLD NEW` and `classes remove NAME` change them")

    func run() throws -> BookKiosk.Status {
        let repository = try common.openRepository()
        let desk = LibraryDesk(commandUserIn: environment, at: Date())
        func change(_ body: (any LendingTransaction) throws -> LibraryDesk.ClassChange) throws -> LibraryDesk.ClassChange {
            let result = try repository.transaction(body)
            switch result {
            case .done, .unchanged: return result
            case .missing: throw CommandFailure("There is no class \(words[1]); `bookkiosk classes` lists them. Nothing was changed.")
            case .nameTaken(let name): throw CommandFailure("There is already a class called \(name); `bookkiosk classes grade \(name) N` sets its grade. Nothing was changed.")
            case .hasUsers(let count): throw CommandFailure("The class \(words[1]) still has \(count) User(s); move them to another class first. Nothing was changed.")
            case .nameEmpty: throw CommandFailure("A class needs a name, like ひよこ組. Nothing was changed.")
            }
        }
        switch words.first {
        case "add":
            let name = words[1].trimmingCharacters(in: .whitespaces)
            _ = try change { try desk.addClass(name, grade: grade, in: $0) }
            console.print("Added the class \(name)\(grade.map { ", grade \($0)" } ?? " (no grade yet: give it one with `bookkiosk classes grade \(name) N` before promotion)").")
        case "grade":
            let result = try change { try desk.setGrade(of: words[1], to: grade, in: $0) }
            console.print(result == .unchanged ? "\(words[1]) has grade \(grade.map(String.init) ?? "none") already; nothing was changed."
                                               : "\(words[1]) now has grade \(grade.map(String.init) ?? "none").")
        case "rename":
            let newName = words[2].trimmingCharacters(in: .whitespaces)
            _ = try change { try desk.renameClass(words[1], to: newName, in: $0) }
            console.print("Renamed \(words[1]) to \(newName); its Users moved with it.")
        case "remove":
            _ = try change { try desk.removeClass(words[1], in: $0) }
            console.print("Removed the class \(words[1]).")
        default:
            let (classes, counts) = try repository.transaction { tx in (try tx.classes(), try tx.userCountsByClass()) }
            guard !classes.isEmpty else {
                console.print("There are no classes yet. Add one with `bookkiosk classes add ひよこ組 --grade 1`, or import users with a class column.")
                return .success
            }
            for schoolClass in classes {
                let users = counts[schoolClass.name] ?? 0
                console.print("\(schoolClass.name)\tgrade \(schoolClass.grade.map(String.init) ?? "-")\t\(users) user\(users == 1 ? "" : "s")")
            }
        }
        return .success
    }
}
