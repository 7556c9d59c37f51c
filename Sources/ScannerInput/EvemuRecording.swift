/// A recording in `evemu-record`'s text format: the device description (`N:` name,
/// `I:` bus/vendor/product/version, `P:`, `B:`, `A:`, `L:`, `S:` lines, all optional here)
/// and its events, `E: sec.usec type code value` (type and code in hex, value in decimal).
/// `#` starts a comment, at the start of a line or after an event.
public struct EvemuRecording: Sendable, Equatable {
    /// The device's name (`N:`), nil when the recording has none.
    public var deviceName: String?
    /// From the `I:` line, when present.
    public var busType: UInt16?
    public var vendor: UInt16?
    public var product: UInt16?
    public var events: [InputEvent]

    public init(deviceName: String?, busType: UInt16? = nil, vendor: UInt16? = nil, product: UInt16? = nil, events: [InputEvent]) {
        self.deviceName = deviceName
        self.busType = busType
        self.vendor = vendor
        self.product = product
        self.events = events
    }

    /// Parses a recording's text. `source` names it in errors (a path, or nil).
    public init(parsing text: String, source: String? = nil) throws(EvemuRecordingError) {
        events = []
        var lineNumber = 0
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.last == "\r" { line = line.dropLast() }
            line = line.drop(while: { $0 == " " || $0 == "\t" })
            if line.isEmpty || line.first == "#" { continue }
            guard line.count >= 2, line.dropFirst().first == ":", let tag = line.first else {
                throw EvemuRecordingError(source: source, line: lineNumber, message: "not an evemu line (expected “X: …” or a # comment): \(Self.excerpt(line))")
            }
            let body = line.dropFirst(2)
            switch tag {
            case "E":
                events.append(try Self.parseEvent(body, source: source, line: lineNumber))
            case "N":
                deviceName = String(Self.withoutComment(body).trimmingSpaces())
            case "I":
                let fields = Self.fields(body)
                guard fields.count == 4, let bus = UInt16(fields[0], radix: 16),
                      let vendor = UInt16(fields[1], radix: 16), let product = UInt16(fields[2], radix: 16),
                      UInt16(fields[3], radix: 16) != nil
                else {
                    throw EvemuRecordingError(source: source, line: lineNumber, message: "an I: line needs four hex numbers (bus vendor product version): \(Self.excerpt(line))")
                }
                busType = bus
                self.vendor = vendor
                self.product = product
            case "P", "B", "A", "L", "S":
                // The device's properties, capabilities, axes, LED and switch states: needed to
                // recreate the device with evemu-device, not to decode its keys.
                continue
            default:
                throw EvemuRecordingError(source: source, line: lineNumber, message: "unknown line type “\(tag):”: \(Self.excerpt(line))")
            }
        }
    }

    /// Reads and parses the recording at `path`.
    public init(contentsOf path: String) throws(EvemuRecordingError) {
        let text: String
        do {
            text = try POSIXFile.readText(path)
        } catch {
            throw EvemuRecordingError(source: path, line: nil, message: "cannot read the recording: \(error)")
        }
        try self.init(parsing: text, source: path)
    }

    private static func parseEvent(_ body: Substring, source: String?, line: Int) throws(EvemuRecordingError) -> InputEvent {
        let fields = Self.fields(body)
        func fail(_ why: String) -> EvemuRecordingError {
            EvemuRecordingError(source: source, line: line, message: "\(why): E:\(excerpt(body))")
        }
        guard fields.count == 4 else { throw fail("an event needs a time, type, code and value") }
        guard let time = parseTime(fields[0]) else { throw fail("the time “\(fields[0])” is not seconds.microseconds") }
        guard let type = UInt16(fields[1], radix: 16) else { throw fail("the type “\(fields[1])” is not a hex number") }
        guard let code = UInt16(fields[2], radix: 16) else { throw fail("the code “\(fields[2])” is not a hex number") }
        guard let value = Int32(fields[3]) else { throw fail("the value “\(fields[3])” is not a decimal number") }
        return InputEvent(time: time, type: type, code: code, value: value)
    }

    /// `sec.usec` as evemu writes it (`%lu.%06u`); a shorter fraction reads as a decimal one.
    private static func parseTime(_ text: Substring) -> Duration? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let seconds = Int64(parts[0]), seconds >= 0 else { return nil }
        guard parts.count == 2 else { return .seconds(seconds) }
        let fraction = parts[1]
        guard !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
              let nanoseconds = Int64(fraction + String(repeating: "0", count: 9 - fraction.count))
        else { return nil }
        return .seconds(seconds) + .nanoseconds(nanoseconds)
    }

    private static func withoutComment(_ text: Substring) -> Substring {
        text.firstIndex(of: "#").map { text[..<$0] } ?? text
    }

    private static func fields(_ text: Substring) -> [Substring] {
        withoutComment(text).split(whereSeparator: { $0 == " " || $0 == "\t" })
    }

    private static func excerpt(_ line: Substring) -> String {
        line.count > 60 ? String(line.prefix(60)) + "…" : String(line)
    }
}

/// A recording that cannot be read, with where and why.
public struct EvemuRecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, when the recording came from one.
    public var source: String?
    /// The 1-based line number, nil when the whole file is at fault.
    public var line: Int?
    public var message: String

    public init(source: String?, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    public var description: String {
        var place = source ?? "evemu recording"
        if let line { place += ":\(line)" }
        return "\(place): \(message)"
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
