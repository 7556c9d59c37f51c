import CommandCore
import Foundation
import KioskConfiguration

/// `bookkiosk init`: makes the library's database, empty and at this version's schema, if it
/// is not there yet (the Debian package's postinst makes the first library with it); an
/// existing one is migrated to this version and otherwise left as it is.
struct InitCommand {
    let common: CommonOptions
    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        common = try CommonOptions(arguments, places: places)
        guard arguments.words.isEmpty else {
            throw Arguments.Invalid(description: commandWords(common.language).initTakesNoWords(arguments.words[0]))
        }
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let place = common.databaseForPeople
        let existed = common.postgresURL != nil || FileManager.default.fileExists(atPath: common.databasePath)
        _ = try common.openRepository()
        let say = commandWords(common.language)
        console.print(existed ? say.libraryReady(place) : say.madeEmptyLibrary(place))
        return .success
    }
}

extension InitCommand: Command {
    static let configuration = CommandConfiguration(commandName: "init", usage: [
        .init("init", abstract: "make the library's database (empty) if there is none; an existing one is brought up to date"),
    ])
}
