import CEvdev
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// The kiosk's `ScanSource`: several grabbed evdev Scanners merged with one `poll`, each
/// Scan naming its Scanner. A Scanner that goes away (`ENODEV`, `POLLHUP`, `POLLERR`) gives
/// `.scannerLost(name)` while the others keep working; the input directory is watched with
/// inotify and the Scanner is reopened when a matching device appears (`.scannerBack(name)`).
/// A Scanner missing when the kiosk starts is announced the same way (`.scannerLost(name)`
/// first) and opened when it appears: the kiosk never needs its scanner to start.
/// A configured staff keyboard is opened and grabbed the same way and polled beside them; its
/// keys arrive as `.key` events. It is not a Scanner: losing it is only logged (the children's
/// lending goes on without it), and it is opened again whenever a matching device appears.
/// An idle source blocks in `poll` for the whole timeout. Not `Sendable`: use it from one thread.
public final class EvdevScanSource: ScanSource {
    private struct OpenScanner {
        var assignment: ScannerAssignment
        var device: EvdevDevice
        var decoder: ScanDecoder
    }

    private struct OpenKeyboard {
        var device: EvdevDevice
        var decoder: StaffKeyDecoder
    }

    public let directory: InputDeviceDirectory
    private var scanners: [OpenScanner] = []
    private var lost: [ScannerAssignment] = []
    /// Scanners not had since the start, waited for.
    private var awaited: [AwaitedScanner] = []
    private let watcher: InputDirectoryWatcher?
    private var pending: [SourceEvent] = []
    private let log: InputLog
    /// The staff keyboard as the terminal, polled beside the Scanners; its keys arrive as
    /// `.key` events.
    public var keyboard: TerminalKeyboard?
    /// The evdev staff keyboard, nil when none is configured.
    public let staffKeyboard: StaffKeyboardConfiguration?
    private var staffKeyboardDevices: [OpenKeyboard] = []
    /// Other descriptors polled beside the devices (the display's console switching); each
    /// one's `readable` is called when `poll` says it can be read.
    public var polled: [PolledDescriptor] = []

    /// The names of the Scanners open now.
    public var openScannerNames: [String] { scanners.map(\.assignment.name) }
    /// The names of the Scanners lost and waited for (also those missing since the start).
    public var lostScannerNames: [String] { awaited.map(\.name) + lost.map(\.name) }
    /// The device nodes of the staff keyboard open now (none when it is unplugged).
    public var openStaffKeyboardPaths: [String] { staffKeyboardDevices.map(\.device.path) }

    /// Finds, opens and grabs every configured Scanner (with none configured: every device
    /// that looks like a scanner) and the staff keyboard, if one is configured; a device the
    /// keyboard's match takes is never a Scanner.
    ///
    /// A Scanner that is missing, or that cannot be opened yet, does not stop the kiosk: it is
    /// logged (with what to do, and the devices there are) and waited for, and the first
    /// events the source delivers are its `.scannerLost(name)` (its configured name, else what
    /// it matches; `AwaitedScanner.unconfiguredName` when none is configured and none is
    /// found). It is opened the moment a matching device appears (`.scannerBack(name)`), also
    /// where the input directory itself does not exist yet. A staff keyboard that is missing or
    /// cannot be opened is logged and opened when it appears.
    /// Throws only when the input directory can be neither read nor watched.
    public static func open(
        configurations: [ScannerConfiguration],
        keyboard: StaffKeyboardConfiguration? = nil,
        directory: InputDeviceDirectory = .system,
        log: @escaping InputLog = logToStandardError
    ) throws(ScannerOpenError) -> EvdevScanSource {
        // Watch first: a device plugged in while the others are opened is not missed.
        let watcher: InputDirectoryWatcher
        do {
            watcher = try InputDirectoryWatcher(directory: directory.devicePath)
        } catch {
            throw ScannerOpenError(problem: .directoryFailed(directory.devicePath, error), available: [])
        }
        var devices: [InputDeviceInfo] = []
        if directory.exists {
            do {
                devices = try directory.devices()
            } catch {
                throw ScannerOpenError(problem: .directoryFailed(directory.devicePath, error), available: [])
            }
        } else {
            log("\(ScannerOpenError(problem: .noInputDirectory(directory.devicePath), available: [])) The kiosk waits for it to appear.")
        }
        let (keyboardDevices, scannerCandidates) = keyboard?.claim(devices) ?? ([], devices)
        let (assignments, unmatched) = ScannerAssignment.assign(configurations, to: scannerCandidates)
        var awaited: [AwaitedScanner] = []
        for configuration in unmatched {
            let scanner = AwaitedScanner(configuration: configuration)
            if directory.exists { log("\(ScannerOpenError(problem: .noMatch(configuration), available: devices))") }
            log("\(scanner.name): not plugged in; the kiosk waits for it")
            awaited.append(scanner)
        }
        if configurations.isEmpty && assignments.isEmpty {
            if directory.exists { log("\(ScannerOpenError(problem: .noScannerFound, available: devices))") }
            log("\(AwaitedScanner.unconfiguredName): none plugged in; the kiosk waits for a device that looks like a scanner")
            awaited.append(AwaitedScanner(configuration: nil, name: AwaitedScanner.unconfiguredName))
        }
        var openedKeyboard: [EvdevDevice] = []
        for device in keyboardDevices {
            do {
                openedKeyboard.append(try EvdevDevice(path: device.path))
            } catch {
                log("\(staffKeyboardOpenError(error, path: device.path, available: devices)) It is tried again when the device changes.")
            }
        }
        if let keyboard, keyboardDevices.isEmpty {
            log("\(StaffKeyboardConfiguration.logName): no device matches \(keyboard.selector) now; it is opened when it is plugged in")
        }
        var opened: [(ScannerAssignment, EvdevDevice)] = []
        for assignment in assignments {
            do {
                opened.append((assignment, try EvdevDevice(path: assignment.device.path)))
            } catch {
                // udev may not have given the kiosk the device yet; its IN_ATTRIB brings another try.
                log("\(openError(error, assignment: assignment, available: devices)) The kiosk waits and tries again when the device changes.")
                awaited.append(AwaitedScanner(configuration: assignment.configuration, name: assignment.name))
            }
        }
        let source = EvdevScanSource(opened: opened, staffKeyboard: keyboard, keyboardDevices: openedKeyboard,
                                     directory: directory, watcher: watcher, log: log)
        source.awaited = awaited
        source.pending = awaited.map { .scannerLost($0.name) }
        return source
    }

    static func staffKeyboardOpenError(_ error: Errno, path: String, available: [InputDeviceInfo]) -> ScannerOpenError {
        switch error {
        case .permissionDenied, .operationNotPermitted:
            ScannerOpenError(problem: .staffKeyboardPermissionDenied(path: path), available: available)
        default:
            ScannerOpenError(problem: .staffKeyboardFailed(path: path, error), available: available)
        }
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

    /// Serves already opened devices (each Scanner with its assignment; `keyboardDevices`
    /// are the staff keyboard's). `watcher`, when given, lets lost Scanners come back and a
    /// configured `staffKeyboard` be opened when it is plugged in.
    public init(opened: [(ScannerAssignment, EvdevDevice)], staffKeyboard: StaffKeyboardConfiguration? = nil,
                keyboardDevices: [EvdevDevice] = [], directory: InputDeviceDirectory, watcher: InputDirectoryWatcher?,
                log: @escaping InputLog = logToStandardError) {
        self.scanners = opened.map { OpenScanner(assignment: $0.0, device: $0.1, decoder: ScanDecoder(layout: $0.0.configuration.layout)) }
        self.staffKeyboard = staffKeyboard
        self.staffKeyboardDevices = keyboardDevices.map { OpenKeyboard(device: $0, decoder: StaffKeyDecoder(layout: staffKeyboard?.layout ?? .us)) }
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
            let staffKeyboardStart = descriptors.count
            descriptors += staffKeyboardDevices.map { pollfd(fd: $0.device.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            let polledStart = descriptors.count
            descriptors += polled.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            let ready = try retryOnInterrupt { poll(&descriptors, nfds_t(descriptors.count), pollTimeoutMilliseconds(until: deadline)) }
            if ready == 0 {
                if let deadline, ContinuousClock.now >= deadline { return .timedOut }
                continue
            }
            var gone: [Int] = []
            for index in scanners.indices where !isStillThere(descriptors[index], afterReading: { readEvents(from: index) }) {
                gone.append(index)
            }
            for index in gone.reversed() {
                lose(at: index)
            }
            var goneKeyboards: [Int] = []
            for index in staffKeyboardDevices.indices
            where !isStillThere(descriptors[staffKeyboardStart + index], afterReading: { readStaffKeys(from: index) }) {
                goneKeyboards.append(index)
            }
            for index in goneKeyboards.reversed() {
                loseStaffKeyboard(at: index)
            }
            if let watcher, Int32(descriptors[watcherIndex].revents) & Int32(POLLIN) != 0 {
                _ = watcher.takeChanges()
                reopenLostDevices()
            }
            if let keyboard, keyboardIndex < staffKeyboardStart, descriptors[keyboardIndex].revents != 0 {
                pending += keyboard.readKeys().map(SourceEvent.key)
            }
            for (index, extra) in polled.enumerated() where descriptors[polledStart + index].revents != 0 {
                extra.readable()
            }
        }
        return pending.removeFirst()
    }

    /// Reads the device with `read` when `poll` says it is readable; returns false when it is
    /// gone: `read` failed, or `poll` said it hung up, failed or was closed.
    private func isStillThere(_ descriptor: pollfd, afterReading read: () -> Bool) -> Bool {
        let events = Int32(descriptor.revents)
        if events & Int32(POLLIN) != 0 && !read() { return false }
        return events & Int32(POLLHUP | POLLERR | POLLNVAL) == 0
    }

    /// Reads everything a Scanner has; false when it is gone.
    private func readEvents(from index: Int) -> Bool {
        let name = scanners[index].assignment.name
        return drain(scanners[index].device, name: name,
                     event: { deliver(scanners[index].decoder.handle($0), from: index) },
                     eventsLost: { deliver(scanners[index].decoder.discardScanInProgress(because: .eventsLost), from: index) },
                     resync: { scanners[index].decoder.applyResync($0) })
    }

    /// Reads everything the staff keyboard's device has; false when it is gone.
    private func readStaffKeys(from index: Int) -> Bool {
        drain(staffKeyboardDevices[index].device, name: StaffKeyboardConfiguration.logName,
              event: { event in
                  if let key = staffKeyboardDevices[index].decoder.handle(event) { pending.append(.key(key)) }
              },
              eventsLost: {},
              resync: { staffKeyboardDevices[index].decoder.applyResync($0) })
    }

    /// Reads `device` until it has nothing more, handing ordinary events to `event`; after
    /// `SYN_DROPPED` calls `eventsLost` and hands libevdev's resync to `resync`. Returns false
    /// when the device is gone. Calls `EvdevDevice.nextEvent`.
    private func drain(_ device: EvdevDevice, name: String, event: (InputEvent) -> Void,
                       eventsLost: () -> Void, resync: (InputEvent) -> Void) -> Bool {
        var resyncing = false
        while true {
            let result: EvdevDevice.ReadResult
            do {
                result = try device.nextEvent(resyncing: resyncing)
            } catch {
                if error != .noSuchDevice {
                    log("\(name): reading \(device.path) failed: \(error)")
                }
                return false
            }
            switch result {
            case .event(let read):
                event(read)
            case .resyncNeeded:
                log("\(name): events were lost (SYN_DROPPED); resynchronising")
                eventsLost()
                resyncing = true
            case .resyncEvent(let read):
                resync(read)
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

    private func loseStaffKeyboard(at index: Int) {
        let keyboard = staffKeyboardDevices.remove(at: index)
        let comesBack = watcher == nil ? "the input directory is not watched, so it cannot come back" : "it is opened again when plugged back in"
        log("\(StaffKeyboardConfiguration.logName): lost (\(keyboard.device.path)); \(comesBack)")
    }

    /// After a change in the input directory: opens the staff keyboard's devices that are not
    /// open yet, and reopens lost Scanners on devices the keyboard did not take.
    private func reopenLostDevices() {
        guard !lost.isEmpty || !awaited.isEmpty || staffKeyboard != nil else { return }
        // Not there yet: the watcher says when it is created.
        guard directory.exists else { return }
        let devices: [InputDeviceInfo]
        do {
            devices = try directory.devices()
        } catch {
            log("cannot list \(directory.devicePath) to find lost devices: \(error)")
            return
        }
        let (keyboardDevices, scannerCandidates) = staffKeyboard?.claim(devices) ?? ([], devices)
        let openKeyboardPaths = Set(openStaffKeyboardPaths)
        for device in keyboardDevices where !openKeyboardPaths.contains(device.path) {
            do {
                let opened = try EvdevDevice(path: device.path)
                staffKeyboardDevices.append(OpenKeyboard(device: opened, decoder: StaffKeyDecoder(layout: staffKeyboard?.layout ?? .us)))
                log("\(StaffKeyboardConfiguration.logName): opened \(device.path)")
            } catch {
                log("\(StaffKeyboardConfiguration.logName): found \(device.path) but cannot open it yet: \(error)")
            }
        }
        let openPaths = Set(scanners.map(\.device.path))
        for (scanner, device) in ScannerAssignment.reopenable(lost: lost, devices: scannerCandidates, openPaths: openPaths) {
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
        for (scanner, assignment) in AwaitedScanner.found(awaited, devices: scannerCandidates, openPaths: Set(scanners.map(\.device.path))) {
            do {
                let opened = try EvdevDevice(path: assignment.device.path)
                scanners.append(OpenScanner(assignment: assignment, device: opened, decoder: ScanDecoder(layout: assignment.configuration.layout)))
                awaited.removeAll { $0 == scanner }
                log("\(scanner.name): scanner plugged in (\(assignment.device.path))")
                pending.append(.scannerBack(scanner.name))
            } catch {
                log("\(scanner.name): found \(assignment.device.path) but cannot open it yet: \(error)")
            }
        }
    }
}
