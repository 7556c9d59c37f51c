#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import POSIX
import Testing

@Suite("Errno")
struct ErrnoTests {
    @Test("named values are their C numbers, described by strerror", arguments: [
        (Errno.noSuchFileOrDirectory, ENOENT, "No such file or directory"),
        (.permissionDenied, EACCES, "Permission denied"),
        (.interrupted, EINTR, "Interrupted system call"),
        (.resourceBusy, EBUSY, "Device or resource busy"),
        (.isDirectory, EISDIR, "Is a directory"),
        (.addressInUse, EADDRINUSE, "Address already in use"),
    ])
    func named(_ error: Errno, number: Int32, text: String) {
        #expect(error.rawValue == number)
        #expect(error.description == text)
    }

    @Test("-errno results (libevdev, libdrm) map once; zero and positive are not errors")
    func negatedResults() {
        #expect(Errno(negatedResult: -ENODEV) == .noSuchDevice)
        #expect(Errno(negatedResult: 0) == nil)
        #expect(Errno(negatedResult: 3) == nil)
    }
}

@Suite("retryOnInterrupt and writeAll")
struct RetryOnInterruptTests {
    @Test("a call interrupted by signals is made again until it answers")
    func retriesInterruptedCalls() throws {
        var calls = 0
        let value = try retryOnInterrupt { () -> Int in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 42
        }
        #expect(value == 42)
        #expect(calls == 3)
    }

    @Test("another failure is thrown at once as its Errno; 0 is an answer, not a failure")
    func throwsOtherFailures() {
        var calls = 0
        #expect(throws: Errno.resourceTemporarilyUnavailable) {
            try retryOnInterrupt { () -> Int32 in
                calls += 1
                errno = EAGAIN
                return -1
            }
        }
        #expect(calls == 1)
        #expect((try? retryOnInterrupt { Int32(0) }) == 0)
    }

    @Test("a real read of a closed descriptor throws EBADF")
    func realCall() {
        var byte: UInt8 = 0
        #expect(throws: Errno.badFileDescriptor) { try retryOnInterrupt { read(-1, &byte, 1) } }
    }

    @Test("writeAll writes every byte of a buffer larger than one write takes")
    func writesEverything() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("POSIXTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }
        try writeAll(bytes, to: descriptor)
        close(descriptor)
        #expect(FileManager.default.contents(atPath: path) == Data(bytes))
    }

    @Test("writeAll to a closed descriptor throws its Errno")
    func writeFailure() {
        #expect(throws: Errno.badFileDescriptor) { try writeAll([1, 2, 3], to: -1) }
    }
}
