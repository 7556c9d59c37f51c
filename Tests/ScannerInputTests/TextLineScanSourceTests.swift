import Foundation
import Testing
@testable import ScannerInput
import POSIX

/// A pipe whose ends are closed when it goes away.
final class Pipe2 {
    let readEnd: Int32
    var writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Errno.current }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(writeEnd, $0.baseAddress, $0.count) }
    }

    func closeWriteEnd() {
        close(writeEnd)
        writeEnd = -1
    }

    deinit {
        close(readEnd)
        if writeEnd >= 0 { close(writeEnd) }
    }
}

@Suite("TextLineScanSource")
struct TextLineScanSourceTests {
    @Test("each non-blank line is a Scan; CRLF and a last line without newline count; EOF ends")
    func linesThenEnd() throws {
        let pipe = try Pipe2()
        pipe.write("C0001\n\n  \nB0042\r\nlast")
        pipe.closeWriteEnd()
        let source = TextLineScanSource(fileDescriptor: pipe.readEnd, scannerName: "stdin")
        #expect(try source.next(timeout: .zero) == .scan(Scan(barcode: "C0001", scanner: "stdin")))
        #expect(try source.next(timeout: .zero) == .scan(Scan(barcode: "B0042", scanner: "stdin")))
        #expect(try source.next(timeout: nil) == .scan(Scan(barcode: "last", scanner: "stdin")))
        #expect(try source.next(timeout: nil) == .ended)
        #expect(try source.next(timeout: .zero) == .ended)
    }

    @Test("no complete line before the timeout → timedOut; the line arrives later whole")
    func timeout() throws {
        let pipe = try Pipe2()
        let source = TextLineScanSource(fileDescriptor: pipe.readEnd)
        #expect(try source.next(timeout: .zero) == .timedOut)
        pipe.write("97848")
        #expect(try source.next(timeout: .zero) == .timedOut)
        pipe.write("34000825\nB1")
        #expect(try source.next(timeout: .zero) == .scan(Scan(barcode: "9784834000825", scanner: "keyboard")))
        #expect(try source.next(timeout: .zero) == .timedOut)
    }

    @Test("UTF-8 lines (names typed in Japanese) come through whole")
    func utf8() throws {
        let pipe = try Pipe2()
        pipe.write("ぐりとぐら\n")
        let source = TextLineScanSource(fileDescriptor: pipe.readEnd)
        #expect(try source.next(timeout: .zero) == .scan(Scan(barcode: "ぐりとぐら", scanner: "keyboard")))
    }

    @Test("a closed descriptor is a thrown Errno")
    func badDescriptor() throws {
        let pipe = try Pipe2()
        let closed = dup(pipe.readEnd)
        close(closed)
        let source = TextLineScanSource(fileDescriptor: closed)
        #expect(throws: Errno(rawValue: EBADF)) { try source.next(timeout: .zero) }
    }
}

@Suite("poll timeout")
struct PollTimeoutTests {
    @Test("no deadline waits; a past deadline does not; a future one rounds up")
    func milliseconds() {
        // Time is an argument: `now` is fixed, so a busy machine cannot change the answer.
        let now = ContinuousClock.now
        #expect(pollTimeoutMilliseconds(until: nil, now: now) == -1)
        #expect(pollTimeoutMilliseconds(until: now - .seconds(1), now: now) == 0)
        #expect(pollTimeoutMilliseconds(until: now, now: now) == 0)
        #expect(pollTimeoutMilliseconds(until: now + .milliseconds(1500), now: now) == 1500)
        #expect(pollTimeoutMilliseconds(until: now + .microseconds(10), now: now) == 1)
        #expect(pollTimeoutMilliseconds(until: now + .milliseconds(1500) + .microseconds(1), now: now) == 1501)
    }
}
