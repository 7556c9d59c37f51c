import CommandCore
import Foundation
import ScannerInput

/// `bookkiosk decode --evemu F [--layout us|jp]`: the barcodes an evemu recording decodes to.
struct DecodeCommand {
    let file: String
    let layout: KeyboardLayout
    let console: Console

    init(_ words: [String], console: Console) throws {
        let arguments = try Arguments(words, for: Self.configuration)
        guard arguments.words.isEmpty, let file = arguments[Options.evemu] else {
            throw Arguments.Invalid(description: "give the recording: `bookkiosk decode --evemu FILE [--layout us|jp]`")
        }
        layout = try arguments.value(of: Options.layout, invalid: "--layout must be us or jp") ?? .us
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
