import CommandCore
import KioskConfiguration
import Foundation
import ScannerInput

/// `bookkiosk decode --evemu F [--layout us|jp]`: the barcodes an evemu recording decodes to.
struct DecodeCommand {
    let file: String
    let layout: KeyboardLayout
    let console: Console

    init(_ words: [String], console: Console) throws {
        let arguments = try Arguments(words, valued: CommonOptions.valued.union(["evemu", "layout"]), flags: [])
        guard arguments.words.isEmpty, let file = arguments.options["evemu"] else {
            throw Arguments.Invalid(description: "give the recording: `bookkiosk decode --evemu FILE [--layout us|jp]`")
        }
        do {
            layout = try KeyboardLayout(parsing: arguments.options["layout"] ?? "us")
        } catch {
            throw Arguments.Invalid(description: "--layout must be us or jp")
        }
        self.file = file
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let barcodes: [String]
        do {
            barcodes = try decodeEvemuRecording(atPath: file, layout: layout, log: { console.error($0) })
        } catch {
            throw CommandFailure(error.description)
        }
        for barcode in barcodes { console.print(barcode) }
        return .success
    }
}

/// `bookkiosk devices`: every input device, and which look like (or are configured as) Scanners.
struct DevicesCommand {
    let common: CommonOptions
    let console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, valued: CommonOptions.valued, flags: [])
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
