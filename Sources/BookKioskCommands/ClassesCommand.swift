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
        self.words = arguments.words
        switch arguments.words.first {
        case nil: guard arguments.words.isEmpty else { fallthrough }
        case "add": guard arguments.words.count == 2 else { throw Self.usage }
        case "rename": guard arguments.words.count == 3 else { throw Self.usage }
        case "remove": guard arguments.words.count == 2 else { throw Self.usage }
        default: throw Self.usage
        }
        if let text = arguments.options["grade"] {
            guard arguments.words.first == "add", let number = Int(text), number >= 1 else {
                throw Arguments.Invalid(description: "--grade goes with `classes add` and is a whole number from 1 (the youngest), like --grade 2")
            }
            grade = number
        } else {
            grade = nil
        }
        common = try CommonOptions(arguments, places: places)
        self.console = console
    }

    static let usage = Arguments.Invalid(description: "`bookkiosk classes` lists the classes; `classes add NAME --grade N`, `classes rename OLD NEW` and `classes remove NAME` change them")

    func run() throws -> BookKiosk.Status {
        let repository = try common.openRepository()
        switch words.first {
        case "add":
            let name = words[1].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw CommandFailure("A class needs a name, like ひよこ組.") }
            let existed = try repository.transaction { tx in
                let existing = try tx.classes().first { $0.name == name }
                try tx.save(SchoolClass(name: name, grade: grade ?? existing?.grade))
                return existing != nil
            }
            console.print(existed ? "\(name) now has grade \(grade.map(String.init) ?? "none")." : "Added the class \(name)\(grade.map { ", grade \($0)" } ?? " (no grade yet: give it one with --grade N before promotion)").")
        case "rename":
            do {
                guard try repository.transaction({ try $0.renameClass(words[1], to: words[2]) }) else {
                    throw CommandFailure("There is no class \(words[1]); `bookkiosk classes` lists them.")
                }
            } catch let error as LendingStoreError {
                throw CommandFailure("\(error.description) Nothing was changed.")
            }
            console.print("Renamed \(words[1]) to \(words[2]); its Users moved with it.")
        case "remove":
            do {
                guard try repository.transaction({ try $0.removeClass(words[1]) }) else {
                    throw CommandFailure("There is no class \(words[1]); `bookkiosk classes` lists them.")
                }
            } catch let error as LendingStoreError {
                throw CommandFailure("\(error.description) Nothing was changed.")
            }
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
