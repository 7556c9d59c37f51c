import Foundation
import Lending
import LendingSQLite
import ScannerInput
import Testing

/// What a crash looks like on standard error: a Swift runtime trap or a backtrace.
private let crashMarks = ["Fatal error", "Stack dump", "Backtrace", "Current stack trace", "Crash", "SIGSEGV", "SIGILL", "Illegal instruction", "Segmentation fault"]

/// Checks that a command ended by itself, with no signal and no crash report.
private func expectNoCrash(_ result: BookKioskBinary.Result, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.signal == nil, "\(what): killed by signal \(result.signal ?? 0): \(result.errors)", sourceLocation: sourceLocation)
    for mark in crashMarks {
        #expect(!result.errors.contains(mark), "\(what): \(result.errors)", sourceLocation: sourceLocation)
    }
}

/// Random bytes, and variations of a valid text with bytes replaced, inserted and cut.
struct Garbage {
    var random: SplitMix64

    mutating func bytes(_ count: Int) -> Data {
        Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }

    /// `text` with a few bytes changed, some lines doubled or cut, sometimes truncated.
    mutating func mutated(_ text: String) -> Data {
        var bytes = Array(text.utf8)
        let interesting: [UInt8] = Array("\"{}[],:\n\r\\0-9eE.@ \u{7f}".utf8) + [0, 0xff, 0xc3, 0xe3]
        for _ in 0..<(1 + Int(random.next() % 6)) where !bytes.isEmpty {
            let index = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 4 {
            case 0: bytes[index] = interesting[Int(random.next() % UInt64(interesting.count))]
            case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: index)
            case 2: bytes.remove(at: index)
            default: bytes = Array(bytes[..<index])
            }
        }
        return Data(bytes)
    }
}

@Suite("Garbage in")
struct GarbageInTests {
    @Test("random and broken configuration files: a clear error naming the file and a non-zero exit, never a crash")
    func configurations() throws {
        let folder = try TemporaryFolder("garbage-config")
        let database = folder.file("library.sqlite")
        try makeLibrary(at: database, books: 2, users: 1)
        let valid = #"{"loanLimit": 2, "loanDays": 7, "closedWeekdays": ["saturday", "sunday"], "closedDates": ["2026-12-29"], "blockOnOverdue": true, "sessionTimeoutSeconds": 30, "debounceSeconds": 2, "timeZone": "Asia/Tokyo", "language": "ja", "volume": 0.8, "scanners": [{"match": "0c2e:0b61", "layout": "us", "name": "入口"}]}"#
        // The control: the valid file is taken, so a refusal below is the garbage's doing.
        let control = try BookKioskBinary.run(["simulate", "--write", "--db", database, "--config", try folder.write("valid.json", valid),
                                               "--now", "2026-12-01T09:00:00Z"], input: Data("C0001\n".utf8), in: folder)
        #expect(control.status == 0 && control.output.split(separator: "\n").count == 2, "\(control.errors)")
        var garbage = Garbage(random: SplitMix64(seed: 11))
        var refused = 0, accepted = 0
        for index in 0..<60 {
            let data = index < 20 ? garbage.bytes(1 + Int(garbage.random.next() % 400)) : garbage.mutated(valid)
            let config = try folder.write("config-\(index).json", data)
            let result = try BookKioskBinary.run(["simulate", "--write", "--db", database, "--config", config, "--now", "2026-12-01T09:00:00Z"],
                                                 input: Data("C0001\n".utf8), in: folder)
            expectNoCrash(result, "config \(index)")
            if result.status == 0 {
                accepted += 1
                #expect(index >= 20, "random bytes were taken as a configuration: \(data as NSData)")
                #expect(result.output.hasPrefix("{\"event\":\"ready\""))
            } else {
                refused += 1
                #expect(result.status == 1 || result.status == 2)
                #expect(result.errors.contains("config-\(index).json"), "config \(index): the error does not name the file: \(result.errors)")
                #expect(result.output.isEmpty, "config \(index): the kiosk started on a bad configuration")
            }
        }
        #expect(refused >= 20)
        report("garbage config: \(refused + accepted) files, \(refused) refused with a clear error and exit 1–2, \(accepted) mutations still valid and accepted, 0 crashes")
    }

    @Test("random and broken CSV: all or nothing, a clear error and a non-zero exit, never a crash or a half-import")
    func csv() throws {
        let folder = try TemporaryFolder("garbage-csv")
        let database = folder.file("library.sqlite")
        try makeLibrary(at: database, books: 3, users: 2)
        let config = try folder.configuration()
        let valid = "barcode,title,author,isbn,status\n" + (1...12).map { "N\(1000 + $0),\"Title, \($0)\",Author \($0),\($0 % 3 == 0 ? "9784834000825" : ""),\($0 % 5 == 0 ? "withdrawn" : "available")" }.joined(separator: "\r\n") + "\n"
        // The control: the valid file imports into a library of its own.
        let control = try BookKioskBinary.run(["import", "books", try folder.write("valid.csv", valid), "--db", folder.file("control.sqlite"),
                                               "--config", config], in: folder)
        #expect(control.status == 0 && control.output.contains("12 books added"), "\(control.output) \(control.errors)")
        var garbage = Garbage(random: SplitMix64(seed: 12))
        var failed = 0, imported = 0
        for index in 0..<60 {
            let before = try SQLiteLendingRepository(path: database).transaction { try $0.allBooks() }
            let data = index < 20 ? garbage.bytes(1 + Int(garbage.random.next() % 600)) : garbage.mutated(valid)
            let file = try folder.write("books-\(index).csv", data)
            let kind = index % 2 == 0 ? "books" : "users"
            let result = try BookKioskBinary.run(["import", kind, file, "--db", database, "--config", config], in: folder)
            expectNoCrash(result, "csv \(index)")
            let after = try SQLiteLendingRepository(path: database).transaction { try $0.allBooks() }
            if result.status == 0 {
                imported += 1
                #expect(result.output.hasPrefix("Imported"))
            } else {
                failed += 1
                #expect(result.status == 1, "csv \(index): \(result.errors)")
                #expect(result.errors.contains("books-\(index).csv"), "csv \(index): \(result.errors)")
                #expect(after == before, "csv \(index): a failed import changed the Books")
            }
        }
        #expect(try SQLiteLendingRepository(path: database).integrityCheck() == ["ok"])
        report("garbage CSV: \(failed + imported) files, \(failed) refused whole with the file named and exit 1, \(imported) imported, 0 half-imports, 0 crashes")
    }

    @Test("random and broken evemu recordings: an error naming the line, or the Scans they hold; never a crash")
    func evemu() throws {
        let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("recordings")
        let texts = try FileManager.default.contentsOfDirectory(atPath: recordings.path).filter { $0.hasSuffix(".evemu") }.sorted()
            .map { try String(contentsOf: recordings.appendingPathComponent($0), encoding: .utf8) }
        try #require(!texts.isEmpty)
        // The control: every recording as recorded decodes to at least one Scan.
        for text in texts {
            let source = EvemuScanSource(recording: try EvemuRecording(parsing: text), log: { _ in })
            var scans = 0
            while case let event = source.next(timeout: nil), event != .ended { if case .scan = event { scans += 1 } }
            #expect(scans > 0)
        }
        var garbage = Garbage(random: SplitMix64(seed: 13))
        var rejected = 0, decoded = 0, barcodes = 0
        for index in 0..<600 {
            let data = index < 100 ? garbage.bytes(1 + Int(garbage.random.next() % 2000)) : garbage.mutated(texts[index % texts.count])
            let text = String(decoding: data, as: UTF8.self)
            do {
                let recording = try EvemuRecording(parsing: text, source: "garbage-\(index).evemu")
                let source = EvemuScanSource(recording: recording, layout: index % 2 == 0 ? .us : .jp, log: { _ in })
                var count = 0
                while case let event = source.next(timeout: nil), event != .ended {
                    if case .scan(let scan) = event {
                        #expect((4...64).contains(scan.barcode.count))
                        count += 1
                    }
                }
                decoded += 1
                barcodes += count
            } catch {
                rejected += 1
                #expect(error.description.contains("garbage-\(index).evemu"), "\(error.description)")
            }
        }
        #expect(rejected >= 100)

        // The same through the command a person runs: `bookkiosk decode --evemu F`.
        let folder = try TemporaryFolder("garbage-evemu")
        var commandRejected = 0, commandDecoded = 0
        for index in 0..<60 {
            let data = index < 20 ? garbage.bytes(1 + Int(garbage.random.next() % 2000)) : garbage.mutated(texts[index % texts.count])
            let file = try folder.write("garbage-\(index).evemu", data)
            let result = try BookKioskBinary.run(["decode", "--evemu", file, "--layout", index % 2 == 0 ? "us" : "jp"], in: folder)
            expectNoCrash(result, "decode \(index)")
            if result.status == 0 {
                commandDecoded += 1
                #expect(result.output.split(separator: "\n").allSatisfy { (4...64).contains($0.count) }, "decode \(index): \(result.output)")
            } else {
                commandRejected += 1
                #expect(result.status == 1 && result.errors.contains("garbage-\(index).evemu"), "decode \(index): \(result.status) \(result.errors)")
                #expect(result.output.isEmpty)
            }
        }
        #expect(commandRejected >= 20)
        report("garbage evemu: \(rejected + decoded) recordings parsed in-process, \(rejected) rejected naming the file and line, \(decoded) decoded to \(barcodes) Scans of 4–64 characters; bookkiosk decode --evemu on 60 more: \(commandRejected) exit 1 naming the file, \(commandDecoded) decoded; 0 crashes")
    }

    @Test("random simulate lines: bad directives skipped with a message, every output line an event, never a crash")
    func simulateLines() throws {
        let folder = try TemporaryFolder("garbage-simulate")
        let database = folder.file("library.sqlite")
        try makeLibrary(at: database, books: 5, users: 2)
        let config = try folder.configuration()
        var garbage = Garbage(random: SplitMix64(seed: 14))
        let directives = ["@at", "@wait", "@key", "@type", "@enter", "@", "@@", "@wait -", "@at 9999-99-99T99:99:99"]
        let numbers = ["1e308", "-1", "nan", "inf", "9223372036854775807", "0x10", "1e-320", "", "99999999999999999999", "3"]
        let units = ["", "s", "ms", "m", "h", "d"]
        var lines = 0
        for run in 0..<20 {
            var input = Data()
            for _ in 0..<150 {
                switch garbage.random.next() % 5 {
                case 0: input += garbage.bytes(Int(garbage.random.next() % 200))
                case 1: input += Data("\(directives[Int(garbage.random.next() % UInt64(directives.count))]) \(numbers[Int(garbage.random.next() % UInt64(numbers.count))])\(units[Int(garbage.random.next() % UInt64(units.count))])".utf8)
                case 2: input += Data(String(format: "%@%04d", ["B", "C", "A", "D"][Int(garbage.random.next() % 4)], Int(garbage.random.next() % 8)).utf8)
                case 3: input += Data(String(repeating: "9", count: Int(garbage.random.next() % 5000)).utf8)
                default: input += Data("@wait 3s".utf8)
                }
                input += Data("\n".utf8)
                lines += 1
            }
            let result = try BookKioskBinary.run(["simulate", "--write", "--db", database, "--config", config, "--now", "2026-12-01T09:00:00Z"],
                                                 input: input, in: folder)
            expectNoCrash(result, "simulate run \(run)")
            #expect(result.status == 0, "run \(run): \(result.errors.suffix(500))")
            for line in result.output.split(separator: "\n") {
                #expect(Event(String(line)) != nil, "run \(run): not an event: \(line.prefix(200))")
            }
        }
        #expect(try SQLiteLendingRepository(path: database).integrityCheck() == ["ok"])
        report("garbage simulate lines: \(lines) lines in 20 runs, every run exit 0 with only event lines on stdout, 0 crashes")
    }
}
