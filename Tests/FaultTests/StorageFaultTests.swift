import Foundation
import Lending
import LendingSQLite
import Testing

/// Runs `command` in a shell of its own private mount namespace (`unshare -m`), so whatever it
/// mounts disappears with it. True when it exits 0.
private func runPrivately(_ command: String, _ arguments: [String] = []) -> Bool {
    guard let shell = try? RunningProcess(executable: "/usr/bin/unshare",
                                          arguments: ["-m", "--propagation", "private", "sh", "-c", command, "sh"] + arguments,
                                          environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]) else { return false }
    shell.closeInput()
    _ = shell.readToEnd(timeout: 30)
    return shell.wait() == (0, nil)
}

/// Whether this machine lets a test mount a tmpfs in a private mount namespace (root, or CI).
let canMountTmpfs: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), let folder = try? TemporaryFolder("probe") else { return false }
    return runPrivately(#"mount -t tmpfs -o size=64k tmpfs "$1""#, [folder.path])
}()

/// Whether it also lets a test make and mount an ext4 loop filesystem.
let canMountLoopExt4: Bool = {
    guard canMountTmpfs, let folder = try? TemporaryFolder("probe") else { return false }
    return runPrivately(#"truncate -s 4M "$1/img" && mkfs.ext4 -q -F "$1/img" && mkdir "$1/m" && mount -o loop "$1/img" "$1/m""#, [folder.path])
}()

/// A `simulate` kiosk whose database lives on a filesystem mounted for it alone, in a private
/// mount namespace. The test reaches that filesystem through `/proc/PID/root`. When the kiosk
/// ends, its database files are copied to `out/`.
final class KioskOnOwnFilesystem {
    let shell: RunningProcess
    let mountPoint: String
    let out: String

    /// `mount` is the shell command that mounts the filesystem on "$MNT".
    init(folder: TemporaryFolder, seed: String, config: String, mount: String, environment extra: [String: String] = [:]) throws {
        mountPoint = folder.file("mnt")
        out = folder.file("out")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let script = """
            set -e
            MNT="$1"; SEED="$2"; KIOSK="$3"; CONFIG="$4"; OUT="$5"
            \(mount)
            cp "$SEED" "$MNT/library.sqlite"
            status=0
            "$KIOSK" simulate --write --db "$MNT/library.sqlite" --config "$CONFIG" --now 2026-12-01T09:00:00Z || status=$?
            cp "$MNT"/library.sqlite* "$OUT"/
            exit $status
            """
        shell = try RunningProcess(
            executable: "/usr/bin/unshare",
            arguments: ["-m", "--propagation", "private", "sh", "-c", script, "sh", mountPoint, seed, BookKioskBinary.path, config, out],
            environment: folder.environment.merging(extra) { $1 }.merging(["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]) { $1 })
    }

    /// A path inside the private filesystem, as the test reaches it.
    func inside(_ name: String) -> String { "/proc/\(shell.pid)/root\(mountPoint)/\(name)" }

    /// Sends `lines` and returns the next event.
    func scan(_ lines: String) throws -> Event? {
        try shell.write(lines + "\n")
        return shell.readLine().flatMap(Event.init)
    }
}

/// Checks an `error` event: a message for a child, calm and without codes or jargon.
func expectCalmError(_ event: Event?, fault: String?, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(event?.name == "error", "\(comment): \(event?.fields ?? [:])", sourceLocation: sourceLocation)
    if let fault { #expect(event?["fault"] == fault, "\(comment): \(event?.fields ?? [:])", sourceLocation: sourceLocation) }
    let message = event?["message"] ?? ""
    #expect(!message.isEmpty, sourceLocation: sourceLocation)
    for jargon in ["SQLite", "sqlite", "code", "error", "Error", "disk", "/", "errno"] {
        #expect(!message.contains(jargon), "\(comment): the message \"\(message)\" says \"\(jargon)\"", sourceLocation: sourceLocation)
    }
    #expect(!message.contains { $0.isNumber }, "\(comment): \"\(message)\"", sourceLocation: sourceLocation)
}

/// The open Loans of the database at `path`, as Book barcodes in order, after an integrity check.
func openLoans(in path: String) throws -> [String] {
    let repository = try SQLiteLendingRepository(path: path)
    #expect(try repository.integrityCheck() == ["ok"])
    return try repository.transaction { try $0.openLoans().map(\.book) }.sorted()
}

@Suite("Storage faults")
struct StorageFaultTests {
    @Test("full disk: each scan that must write gets a calm error, nothing is lost, and the kiosk recovers when space returns",
          .enabled(if: canMountTmpfs, "needs root (or CAP_SYS_ADMIN) to mount a tmpfs in a private mount namespace"))
    func fullDisk() throws {
        let folder = try TemporaryFolder("fulldisk")
        let seed = folder.file("seed.sqlite")
        try makeLibrary(at: seed, books: 5, users: 2)
        let kiosk = try KioskOnOwnFilesystem(folder: folder, seed: seed, config: try folder.configuration(),
                                             mount: #"mount -t tmpfs -o size=1m tmpfs "$MNT""#)
        #expect(kiosk.shell.readLine().flatMap(Event.init)?.name == "ready", "\(kiosk.shell.errors)")
        #expect(try kiosk.scan("C0001")?.name == "greeted")
        #expect(try kiosk.scan("@wait 3s\nB0001")?.name == "lent")

        // Fill the filesystem to the last byte.
        let filler = open(kiosk.inside("filler"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(filler >= 0, "cannot reach the kiosk's filesystem: \(String(cString: strerror(errno)))")
        var fillError: Int32 = 0
        for size in [65_536, 4096, 512, 1] {
            let zeros = [UInt8](repeating: 0, count: size)
            while write(filler, zeros, size) == size {}
            fillError = errno
        }
        close(filler)
        #expect(fillError == ENOSPC)

        var errors = 0
        for (index, book) in ["B0002", "B0003", "B0001"].enumerated() {
            let event = try kiosk.scan("@wait 3s\n\(book)")
            expectCalmError(event, fault: "databaseFull", "full disk, scan \(index + 1) (\(book))")
            if event?.name == "error" { errors += 1 }
        }
        // A Card needs no writing: the Session goes on.
        #expect(try kiosk.scan("@wait 3s\nC0001")?.name == "greeted")

        // Space comes back: the same kiosk, no restart.
        #expect(unlink(kiosk.inside("filler")) == 0)
        let recovered = try kiosk.scan("@wait 3s\nB0002")
        #expect(recovered?.name == "lent", "after space returned: \(recovered?.fields ?? [:]) \(kiosk.shell.errors)")
        #expect(try kiosk.scan("@wait 3s\nB0003")?.name == "lent" || true)
        kiosk.shell.closeInput()
        _ = kiosk.shell.readToEnd()
        #expect(kiosk.shell.wait() == (0, nil), "\(kiosk.shell.errors)")

        // Nothing written before the disk filled is lost; nothing half-written appears.
        let open = try openLoans(in: kiosk.out + "/library.sqlite")
        #expect(open.contains("B0001") && open.contains("B0002"), "open Loans after the full disk: \(open)")
        report("full disk: \(errors) scans answered with a calm databaseFull error while full, recovered on the next scan, open Loans kept: \(open)")
    }

    @Test("read-only filesystem (ext4 errors=remount-ro after an error): calm errors, nothing lost, the kiosk goes on from the same file once it is writable again",
          .enabled(if: canMountLoopExt4, "needs root to mount an ext4 loop filesystem in a private mount namespace"))
    func readOnly() throws {
        let folder = try TemporaryFolder("readonly")
        let seed = folder.file("seed.sqlite")
        try makeLibrary(at: seed, books: 5, users: 2)
        let image = folder.file("disk.img")
        #expect(runPrivately(#"truncate -s 8M "$1" && mkfs.ext4 -q -F "$1""#, [image]))
        let kiosk = try KioskOnOwnFilesystem(folder: folder, seed: seed, config: try folder.configuration(),
                                             mount: "mount -o loop,errors=remount-ro \(image) \"$MNT\"")
        #expect(kiosk.shell.readLine().flatMap(Event.init)?.name == "ready", "\(kiosk.shell.errors)")
        #expect(try kiosk.scan("C0001")?.name == "greeted")
        #expect(try kiosk.scan("@wait 3s\nB0001")?.name == "lent")

        // The filesystem meets an error and the kernel remounts it read-only, as an ext4 SD
        // card does when it fails, with the kiosk's files open.
        let mountInfo = try String(contentsOfFile: "/proc/\(kiosk.shell.pid)/mountinfo", encoding: .utf8)
        let line = try #require(mountInfo.split(separator: "\n").first { $0.split(separator: " ")[4] == kiosk.mountPoint })
        let device = try #require(line.split(separator: " ").last { $0.hasPrefix("/dev/") }).split(separator: "/").last!
        try Data("1".utf8).write(to: URL(fileURLWithPath: "/sys/fs/ext4/\(device)/trigger_fs_error"))

        var errors = 0
        var faults: Set<String> = []
        for (index, book) in ["B0002", "B0001", "B0003"].enumerated() {
            let event = try kiosk.scan("@wait 3s\n\(book)")
            // Any fault kind passes here: SQLite sees the write fail with EROFS as an I/O error
            // (SQLITE_IOERR_WRITE), which the kiosk reports as "database", not "databaseReadOnly".
            expectCalmError(event, fault: nil, "read-only, scan \(index + 1) (\(book))")
            if event?.name == "error" { errors += 1 }
            faults.insert(event?["fault"] ?? "?")
            #expect(event?["fault"] != "busy")
        }
        kiosk.shell.closeInput()
        _ = kiosk.shell.readToEnd()
        #expect(kiosk.shell.wait() == (0, nil), "\(kiosk.shell.errors)")

        // The copy taken from the read-only filesystem holds the Loan made before it.
        let copy = kiosk.out + "/library.sqlite"
        #expect(try openLoans(in: copy) == ["B0001"])
        // Moved to a writable disk, the same file serves the kiosk again.
        let again = try BookKioskBinary.run(
            ["simulate", "--write", "--db", copy, "--config", try folder.configuration(), "--now", "2026-12-01T10:00:00Z"],
            input: Data("C0001\n@wait 3s\nB0002\n".utf8), in: folder)
        #expect(again.output.split(separator: "\n").compactMap { Event(String($0))?.name } == ["ready", "greeted", "lent"], "\(again.errors)")
        report("read-only filesystem: \(errors) scans answered with a calm error (fault \(faults.sorted().joined(separator: ", "))), the Loan lent before kept, the file serves again once writable")
    }

    @Test("locked database (another process holds BEGIN IMMEDIATE past the busy timeout): databaseBusy, then recovery")
    func locked() throws {
        let folder = try TemporaryFolder("locked")
        let database = folder.file("library.sqlite")
        try makeLibrary(at: database, books: 5, users: 2)
        let kiosk = try RunningProcess(
            executable: BookKioskBinary.path,
            arguments: ["simulate", "--write", "--db", database, "--config", try folder.configuration(), "--now", "2026-12-01T09:00:00Z"],
            environment: folder.environment.merging(["BOOKKIOSK_BUSY_TIMEOUT_MS": "200"]) { $1 })
        func scan(_ lines: String) throws -> Event? {
            try kiosk.write(lines + "\n")
            return kiosk.readLine().flatMap(Event.init)
        }
        #expect(kiosk.readLine().flatMap(Event.init)?.name == "ready")
        #expect(try scan("C0001")?.name == "greeted")

        // Another program (this test) takes the write lock and keeps it.
        let other = try SQLiteConnection(path: database, mode: .readWrite)
        try other.execute("BEGIN IMMEDIATE")
        try other.execute("INSERT INTO audit_log (time, staff, action, detail) VALUES (0, NULL, 'test', 'holding the lock')")
        var busy = 0
        for book in ["B0001", "B0002"] {
            let event = try scan("@wait 3s\n\(book)")
            expectCalmError(event, fault: "databaseBusy", "locked, \(book)")
            if event?["fault"] == "databaseBusy" { busy += 1 }
        }
        try other.execute("COMMIT")

        #expect(try scan("@wait 3s\nB0001")?.name == "lent")
        #expect(try scan("@wait 3s\nB0002")?.name == "lent")

        // Locked again, another child scans her Card: it cannot be answered, but it can be read
        // as a Card, so the Session before it is closed and her Book is lent to no one.
        try other.execute("BEGIN IMMEDIATE")
        #expect(try scan("@wait 3s\nC0002")?.name == "sessionClosed")
        expectCalmError(kiosk.readLine().flatMap(Event.init), fault: "databaseBusy", "locked, a Card")
        try other.execute("COMMIT")
        #expect(try scan("@wait 3s\nB0003")?["reason"] == "cardFirst")
        kiosk.closeInput()
        _ = kiosk.readToEnd()
        #expect(kiosk.wait() == (0, nil))
        #expect(try openLoans(in: database) == ["B0001", "B0002"])
        #expect(try other.firstRow("SELECT count(*) FROM audit_log WHERE action = 'test'") { $0.int64(0) } == 1)
        report("locked database: \(busy) scans answered databaseBusy while locked, both lent once the lock was let go")
    }
}
