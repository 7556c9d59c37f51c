// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BookKiosk",
    products: [
        .executable(name: "bookkiosk", targets: ["bookkiosk"]),
    ],
    targets: [
        // C system libraries (Debian: libsqlite3-dev, libevdev-dev).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CCrypt", pkgConfig: "libcrypt", providers: [.apt(["libcrypt-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        // The circulation rules and the repository protocol, with its in-memory implementation.
        .target(name: "Lending"),
        // The SQLite repository and a thin wrapper over the sqlite3 C API.
        .target(name: "LendingSQLite", dependencies: ["Lending", "CSQLite"]),
        // The PostgreSQL repository (many kiosks, one library) and a thin wrapper over libpq.
        .target(name: "LendingPostgres", dependencies: ["Lending", "CPostgres"]),
        // A throwaway PostgreSQL server (initdb + pg_ctl) for tests and the bench; not shipped.
        .target(name: "PostgresScratch", dependencies: ["LendingPostgres"]),
        // Key events to Scans; evdev devices; evemu recordings; ScanSource.
        .target(name: "ScannerInput", dependencies: ["CEvdev"]),
        // Messages, status line, cues, speech, the JSON event stream.
        .target(name: "Feedback", dependencies: ["Lending"]),
        // Staff PINs as crypt(3) yescrypt hashes.
        .target(name: "StaffPIN", dependencies: ["CCrypt"]),
        // The pure kiosk state machine and the runtime that carries out its effects.
        .target(name: "Kiosk", dependencies: ["Lending", "ScannerInput", "Feedback", "StaffPIN"]),
        // The commands (simulate, demo, import, ...) as a library, so they can be tested.
        .target(
            name: "BookKioskCommands",
            dependencies: ["Lending", "LendingSQLite", "LendingPostgres", "ScannerInput", "Feedback", "Kiosk", "StaffPIN"]
        ),
        .executableTarget(name: "bookkiosk", dependencies: ["BookKioskCommands"]),
        // Test helper: a second process for RepositoryTests' two-kiosk race (not shipped).
        .executableTarget(name: "lend-race-probe", dependencies: ["Lending", "LendingSQLite", "LendingPostgres"]),
        // Figures: scan latency, durable-write floor, decoder, import, startup, idle CPU, memory.
        .executableTarget(
            name: "bookkiosk-bench",
            dependencies: ["Lending", "LendingSQLite", "CSQLite", "LendingPostgres", "PostgresScratch", "ScannerInput",
                           "CEvdev", "Feedback", "Kiosk"]
        ),

        .testTarget(name: "LendingTests", dependencies: ["Lending"]),
        .testTarget(
            name: "RepositoryTests",
            dependencies: ["Lending", "LendingSQLite", "CSQLite", "LendingPostgres", "PostgresScratch"]
        ),
        .testTarget(name: "ScannerInputTests", dependencies: ["ScannerInput", "CEvdev"]),
        .testTarget(name: "FeedbackTests", dependencies: ["Feedback", "Lending"]),
        .testTarget(name: "StaffPINTests", dependencies: ["StaffPIN"]),
        .testTarget(name: "KioskTests", dependencies: ["Kiosk", "Lending", "Feedback", "ScannerInput", "StaffPIN"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["BookKioskCommands", "Lending", "LendingSQLite", "LendingPostgres", "PostgresScratch", "Feedback"]
        ),
        // The kiosk's deployment files (udev/, kiosk/): syntax, sandbox level, installer.
        .testTarget(name: "DeploymentTests"),
        // Power cuts, full disks, locks, unplugged scanners, random sequences, garbage in.
        .testTarget(
            name: "FaultTests",
            dependencies: ["Lending", "LendingSQLite", "CSQLite", "LendingPostgres", "PostgresScratch", "ScannerInput", "CEvdev",
                           "Feedback", "Kiosk", "BookKioskCommands"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
