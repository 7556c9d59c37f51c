import CommandCore
import KioskConfiguration
import ScannerInput

/// `bookkiosk devices`: every input device, and which look like (or are configured as) Scanners.
struct DevicesCommand {
    let common: CommonOptions
    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.isEmpty else { throw Arguments.Invalid(description: "`bookkiosk devices` takes no words") }
        common = try CommonOptions(arguments, places: places)
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let text = DeviceListing.text(configurations: common.configuration.scanners)
        console.print(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        return .success
    }
}
