import Foundation
import Testing
import ScannerInput

@Suite("EvdevScanSource: other descriptors polled beside the devices")
struct PolledDescriptorTests {
    @Test("a readable descriptor is handed to its callback, and the wait goes on until the timeout")
    func readableIsCalled() throws {
        let root = try TemporaryDirectory()
        let source = EvdevScanSource(
            opened: [], directory: InputDeviceDirectory(devicePath: root.path, sysfsPath: root.path),
            watcher: try InputDirectoryWatcher(directory: root.path), log: { _ in })
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var received: [UInt8] = []
        source.polled.append(PolledDescriptor(fileDescriptor: ends[0]) {
            var byte: UInt8 = 0
            if read(ends[0], &byte, 1) == 1 { received.append(byte) }
        })

        var request: UInt8 = 0x52
        #expect(write(ends[1], &request, 1) == 1)
        #expect(try source.next(timeout: .milliseconds(50)) == .timedOut)
        #expect(received == [0x52])

        // Nothing more to read: the callback is not called again.
        #expect(try source.next(timeout: .milliseconds(20)) == .timedOut)
        #expect(received == [0x52])
    }
}
