import CEvdev
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The kiosk's `ScanSource`: several grabbed evdev Scanners merged with one `poll`, each
/// Scan naming its Scanner. A Scanner that goes away (`ENODEV`, `POLLHUP`, `POLLERR`) gives
/// `.scannerLost(name)` while the others keep working; the input directory is watched with
/// inotify and the Scanner is reopened when a matching device appears (`.scannerBack(name)`).
/// An idle source blocks in `poll` for the whole timeout. Not `Sendable`: use it from one thread.
public final class EvdevScanSource: ScanSource {
    private struct OpenScanner {
        var assignment: ScannerAssignment
        var device: EvdevDevice
        var decoder: ScanDecoder
    }

    public let directory: InputDeviceDirectory
    private var scanners: [OpenScanner] = []
    private var lost: [ScannerAssignment] = []
    private let watcher: InputDirectoryWatcher?
    private var pending: [SourceEvent] = []
    private let log: InputLog
    /// The staff keyboard, polled beside the Scanners; its keys arrive as `.key` events.
    public var keyboard: TerminalKeyboard?

    /// The names of the Scanners open now.
    public var openScannerNames: [String] { scanners.map(\.assignment.name) }
    /// The names of the Scanners lost and waited for.
    public var lostScannerNames: [String] { lost.map(\.name) }

    /// Finds, opens and grabs every configured Scanner (with none configured: every device
    /// that looks like a scanner). Fails, with a message a person can act on, when one cannot
    /// be found or opened.
    public static func open(
        configurations: [ScannerConfiguration],
        directory: InputDeviceDirectory = .system,
        log: @escaping InputLog = logToStandardError
    ) throws(ScannerOpenError) -> EvdevScanSource {
        guard directory.exists else {
            throw ScannerOpenError(problem: .noInputDirectory(directory.devicePath), available: [])
        }
        let devices: [InputDeviceInfo]
        do {
            devices = try directory.devices()
        } catch {
            throw ScannerOpenError(problem: .directoryFailed(directory.devicePath, error), available: [])
        }
        let (assignments, unmatched) = ScannerAssignment.assign(configurations, to: devices)
        if let missing = unmatched.first {
            throw ScannerOpenError(problem: .noMatch(missing), available: devices)
        }
        if assignments.isEmpty {
            throw ScannerOpenError(problem: .noScannerFound, available: devices)
        }
        var opened: [(ScannerAssignment, EvdevDevice)] = []
        for assignment in assignments {
            do {
                opened.append((assignment, try EvdevDevice(path: assignment.device.path)))
            } catch {
                throw openError(error, assignment: assignment, available: devices)
            }
        }
        let watcher: InputDirectoryWatcher
        do {
            watcher = try InputDirectoryWatcher(directory: directory.devicePath)
        } catch {
            throw ScannerOpenError(problem: .directoryFailed(directory.devicePath, error), available: devices)
        }
        return EvdevScanSource(opened: opened, directory: directory, watcher: watcher, log: log)
    }

    static func openError(_ error: Errno, assignment: ScannerAssignment, available: [InputDeviceInfo]) -> ScannerOpenError {
        let path = assignment.device.path
        switch error {
        case .permissionDenied, .operationNotPermitted:
            return ScannerOpenError(problem: .permissionDenied(path: path, scanner: assignment.name), available: available)
        default:
            return ScannerOpenError(problem: .deviceFailed(path: path, scanner: assignment.name, error), available: available)
        }
    }

    /// Serves already opened devices (each with its assignment). `watcher`, when given,
    /// lets lost Scanners come back.
    public init(opened: [(ScannerAssignment, EvdevDevice)], directory: InputDeviceDirectory, watcher: InputDirectoryWatcher?, log: @escaping InputLog = logToStandardError) {
        self.scanners = opened.map { OpenScanner(assignment: $0.0, device: $0.1, decoder: ScanDecoder(layout: $0.0.configuration.layout)) }
        self.directory = directory
        self.watcher = watcher
        self.log = log
    }

    /// Waits up to `timeout` (nil: without limit) for the next Scan or Scanner change.
    /// Returns `.ended` only when no Scanner is open and none can come back (no watcher).
    /// Throws `Errno` when `poll` itself fails.
    public func next(timeout: Duration?) throws -> SourceEvent {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while pending.isEmpty {
            if scanners.isEmpty && watcher == nil { return .ended }
            var descriptors = scanners.map { pollfd(fd: $0.device.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            let watcherIndex = descriptors.count
            if let watcher {
                descriptors.append(pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let keyboardIndex = descriptors.count
            if let keyboard, !keyboard.reachedEnd {
                descriptors.append(pollfd(fd: keyboard.fileDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), pollTimeoutMilliseconds(until: deadline))
            if ready < 0 {
                if errno == EINTR { continue }
                throw Errno.current
            }
            if ready == 0 {
                if let deadline, ContinuousClock.now >= deadline { return .timedOut }
                continue
            }
            var gone: [Int] = []
            for index in scanners.indices {
                let events = Int32(descriptors[index].revents)
                if events & Int32(POLLIN) != 0 {
                    if !readEvents(from: index) { gone.append(index); continue }
                }
                if events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 && !gone.contains(index) {
                    gone.append(index)
                }
            }
            for index in gone.reversed() {
                lose(at: index)
            }
            if let watcher, Int32(descriptors[watcherIndex].revents) & Int32(POLLIN) != 0 {
                _ = watcher.takeChanges()
                reopenLostScanners()
            }
            if let keyboard, keyboardIndex < descriptors.count, descriptors[keyboardIndex].revents != 0 {
                pending += keyboard.readKeys().map(SourceEvent.key)
            }
        }
        return pending.removeFirst()
    }

    /// Reads everything the device has; false when it is gone.
    private func readEvents(from index: Int) -> Bool {
        var resyncing = false
        while true {
            let result: EvdevDevice.ReadResult
            do {
                result = try scanners[index].device.nextEvent(resyncing: resyncing)
            } catch {
                if error != .noSuchDevice {
                    log("\(scanners[index].assignment.name): reading \(scanners[index].device.path) failed: \(error)")
                }
                return false
            }
            switch result {
            case .event(let event):
                deliver(scanners[index].decoder.handle(event), from: index)
            case .resyncNeeded:
                log("\(scanners[index].assignment.name): events were lost (SYN_DROPPED); resynchronising")
                deliver(scanners[index].decoder.discardScanInProgress(because: .eventsLost), from: index)
                resyncing = true
            case .resyncEvent(let event):
                scanners[index].decoder.applyResync(event)
            case .drained:
                if resyncing {
                    resyncing = false
                    continue
                }
                return true
            }
        }
    }

    private func deliver(_ outputs: [ScanDecoder.Output], from index: Int) {
        let name = scanners[index].assignment.name
        for output in outputs {
            switch output {
            case .barcode(let barcode): pending.append(.scan(Scan(barcode: barcode, scanner: name)))
            case .dropped(let dropped): log("\(name): \(dropped)")
            }
        }
    }

    private func lose(at index: Int) {
        let scanner = scanners.remove(at: index)
        var decoder = scanner.decoder
        for case .dropped(let dropped) in decoder.discardScanInProgress(because: .inputEnded) {
            log("\(scanner.assignment.name): \(dropped)")
        }
        log("\(scanner.assignment.name): scanner lost (\(scanner.device.path))")
        lost.append(scanner.assignment)
        pending.append(.scannerLost(scanner.assignment.name))
        if watcher == nil {
            log("\(scanner.assignment.name): the input directory is not watched, so it cannot come back")
        }
    }

    private func reopenLostScanners() {
        guard !lost.isEmpty else { return }
        let devices: [InputDeviceInfo]
        do {
            devices = try directory.devices()
        } catch {
            log("cannot list \(directory.devicePath) to find lost scanners: \(error)")
            return
        }
        let openPaths = Set(scanners.map(\.device.path))
        for (scanner, device) in ScannerAssignment.reopenable(lost: lost, devices: devices, openPaths: openPaths) {
            do {
                let opened = try EvdevDevice(path: device.path)
                var assignment = scanner
                assignment.device = device
                scanners.append(OpenScanner(assignment: assignment, device: opened, decoder: ScanDecoder(layout: scanner.configuration.layout)))
                lost.removeAll { $0 == scanner }
                log("\(scanner.name): scanner back (\(device.path))")
                pending.append(.scannerBack(scanner.name))
            } catch {
                // udev may not have set the group yet; its IN_ATTRIB brings another try.
                log("\(scanner.name): found \(device.path) but cannot open it yet: \(error)")
            }
        }
    }
}
