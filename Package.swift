// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

/// BookKiosk's version, in this one place: `bookkiosk --version` prints it and `scripts/package`
/// names the Debian package after it. `BOOKKIOSK_VERSION=1.4.1 scripts/package` builds another.
let version = Context.environment["BOOKKIOSK_VERSION"] ?? "1.4.0"

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
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        // The kernel's virtual-terminal ioctls (linux/vt.h; headers only, from the C library).
        .systemLibrary(name: "CLinuxVT"),
        // statx(2)'s file attributes (linux/stat.h; headers only): whether a folder is fscrypt-encrypted.
        .systemLibrary(name: "CLinuxStat"),
        // Kana-kanji conversion (Debian: libanthy-dev; its dictionary is the package anthy-common).
        .systemLibrary(name: "CAnthy", pkgConfig: "anthy", providers: [.apt(["libanthy-dev"])]),
        // The desktop window of the demo (Debian: libsdl2-dev).
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        // JPEG book covers (Debian: libjpeg62-turbo-dev).
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // The teachers' page: its web server (GnuTLS for HTTPS) and its QR code.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // Book lookups by ISBN: HTTP (libcurl with GnuTLS) and the NDL's XML (libxml2).
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-gnutls-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // The floor under every module that makes system calls: one `Errno`, `retryOnInterrupt`
        // and `writeAll`, as swift-system. No dependencies.
        .target(name: "POSIX"),
        // SHA-256 and HMAC-SHA-256 (cached speech's names, the page's signed values).
        .target(name: "Digest"),
        // The circulation rules and the repository protocol, with its in-memory implementation.
        .target(name: "Lending"),
        // The library's schema and its migrations, declared once and rendered to SQLite's and PostgreSQL's SQL.
        .target(name: "LendingSchema"),
        // The SQLite repository and a thin wrapper over the sqlite3 C API.
        .target(name: "LendingSQLite", dependencies: ["POSIX", "Lending", "LendingSchema", "CSQLite"]),
        // The PostgreSQL repository (many kiosks, one library) and a thin wrapper over libpq.
        .target(name: "LendingPostgres", dependencies: ["Lending", "LendingSchema", "CPostgres"]),
        // A throwaway PostgreSQL server (initdb + pg_ctl) for tests and the bench; not shipped.
        .target(name: "PostgresScratch", dependencies: ["POSIX", "Lending", "LendingPostgres"]),
        // Typing text: keys pressed, romaji to kana, the composer of a text field, conversion
        // segments. Pure values, no C library.
        .target(name: "TextInput"),
        // Key events to Scans; evdev devices; evemu recordings; ScanSource.
        .target(name: "ScannerInput", dependencies: ["POSIX", "CEvdev", "TextInput"]),
        // Kanji conversion for kana input, with anthy.
        .target(name: "KanjiConversion", dependencies: ["CAnthy", "TextInput"]),
        // The language of every word the kiosk, the page and the commands say, with the names of
        // weekdays and months written once.
        .target(name: "Language", dependencies: ["Lending"]),
        // Messages, status line, cues, speech, the JSON event stream.
        .target(name: "Feedback", dependencies: ["POSIX", "Digest", "Lending", "Language", "TextInput"]),
        // Staff PINs as crypt(3) yescrypt hashes.
        .target(name: "StaffPIN", dependencies: ["POSIX", "CCrypt"]),
        // The pure kiosk state machine and the runtime that carries out its effects.
        .target(name: "Kiosk", dependencies: ["Lending", "ScannerInput", "TextInput", "Feedback", "StaffPIN"]),
        // Pictures as plain values: shapes, text runs, images (the screen, printed pages).
        .target(name: "Scene"),
        // The one painter: a Scene onto pixels, a PNG or PDF pages, with cairo and pango.
        .target(name: "ScenePainter", dependencies: ["POSIX", "Scene", "CCairo", "CJPEG"]),
        // The kiosk's display: DRM/KMS dumb buffers, page flips, console (VT) switching.
        .target(name: "KioskDisplay", dependencies: ["POSIX", "Scene", "CDRM", "CLinuxVT"]),
        // Library cards and book labels: sheets, NW-7 and Code 128, pages laid out as Scenes.
        .target(name: "Printing", dependencies: ["Lending", "Language", "Scene"]),
        // A Book's cover, found the same way wherever one is shown: the covers folder's file (by
        // barcode, then ISBN), else the photo kept in the library, with how long each answer is kept.
        .target(name: "Covers", dependencies: ["POSIX", "Lending"]),
        // The kiosk's screen: a pure model folded from events, prompts and time; a pure layout into a scene.
        .target(name: "KioskScreen", dependencies: ["Lending", "Language", "Feedback", "TextInput", "Scene"]),
        // Shows the screen on any FrameOutput: lays out and paints only what changed; PNG frames.
        .target(name: "KioskPresenter", dependencies: ["KioskScreen", "Scene", "ScenePainter", "Feedback", "Lending"]),
        // The demo's desktop window (SDL2): a FrameOutput, and its keys as a ScanSource.
        .target(name: "ScreenWindow", dependencies: ["CSDL2", "Scene", "ScannerInput", "TextInput"]),
        // HTTP for the teachers' page: request and response values, and a daemon (libmicrohttpd)
        // that turns bytes into them. Knows nothing of libraries or books.
        .target(name: "HTTPServer", dependencies: ["POSIX", "CMicroHTTPD"]),
        // A QR code (libqrencode) as a matrix of modules, and as a standalone SVG.
        .target(name: "QRCode", dependencies: ["POSIX", "CQREncode"]),
        // The teachers' page: HTML by construction, sessions, sign-in and the pages, as handlers
        // from request values to response values (no socket).
        // It knows no store by name: its library comes as a `RepositoryPool`, backup and restore
        // as a `LibraryBackup` value (neither SQLite nor libpq is linked through it).
        .target(name: "TeachersPage", dependencies: ["Lending", "Digest", "HTTPServer", "StaffPIN", "Language",
                                                     // 印刷, 取り込み, backup and restore
                                                     "CatalogIO", "Printing", "Scene", "ScenePainter", "Covers",
                                                     // 調べる and まとめて登録
                                                     "BookLookup"]),
        // The one place the teachers' page is assembled from settings and an opened library:
        // the pool of connections, the rules seeded, covers, backup and restore, the daemon,
        // the stop signals. `serve`, `bookkiosk-bench` and the page's tests all build it here.
        .target(name: "PageAssembly", dependencies: ["TeachersPage", "Lending", "LendingSQLite", "LendingPostgres", "HTTPServer",
                                                     "POSIX", "Covers", "QRCode", "Printing", "Language"]),
        // Books by their ISBN: NDL Search (SRU, DC-NDL) and openBD over HTTP, a found record or a
        // reason. Knows nothing of kiosks or pages.
        .target(name: "BookLookup", dependencies: ["Lending", "CCurl", "CLibXML2"]),
        // A local HTTP server that answers as NDL Search and openBD did, from recorded answers
        // (tests, the bench and the browser suite; not shipped).
        .target(name: "LookupReplay", dependencies: ["POSIX", "HTTPServer"]),
        .executableTarget(name: "lookup-replay", dependencies: ["LookupReplay", "HTTPServer"]),
        // The one place a kiosk is assembled from settings and a repository: runtime, announcer,
        // presenter, journal, privacy pass, quiet checkpoint, library rules, server retry.
        .target(
            name: "KioskAssembly",
            dependencies: ["Kiosk", "Lending", "LendingSQLite", "Language", "Feedback", "ScannerInput", "TextInput", "KanjiConversion", "KioskScreen",
                           "KioskPresenter", "Covers", "Scene", "ScenePainter"]
        ),
        // The configuration file and its places (XDG, systemd), and KioskSetup: the configuration
        // and the database path a command, the kiosk or the page works on. Reads settings only:
        // it opens no database and links neither SQLite, libpq nor the web server.
        .target(name: "KioskConfiguration", dependencies: ["POSIX", "Lending", "Feedback", "Printing", "ScannerInput", "BookLookup"]),
        // The version string, compiled in from the `version` above.
        .target(name: "CVersion", cSettings: [.define("BOOKKIOSK_VERSION", to: "\"\(version)\"")]),
        // What every command shares: the Command protocol and its usage lines, Arguments, Console, the version,
        // and the opening of the store the configuration names.
        .target(name: "CommandCore", dependencies: ["POSIX", "KioskConfiguration", "Language", "CVersion", "Lending", "LendingSQLite", "LendingPostgres"]),
        // Books, Users and Loans in and out: the CSV reader, import (titles looked up by ISBN), export (no store by name).
        .target(name: "CatalogIO", dependencies: ["POSIX", "Lending", "Language", "BookLookup"]),
        // A SQLite library copied to PostgreSQL, and what to run to back up a PostgreSQL one.
        .target(name: "LibraryTransfer", dependencies: ["Lending", "LendingSQLite", "LendingPostgres"]),
        // `bookkiosk doctor`: checks the configuration, database, scanners, sound, speech, screen, kanji, the page.
        .target(
            name: "Doctor",
            dependencies: ["POSIX", "CommandCore", "KioskConfiguration", "Lending", "LendingSQLite", "LendingPostgres", "ScannerInput", "Language", "Feedback",
                           "KanjiConversion", "KioskDisplay", "ScenePainter", "HTTPServer", "BookLookup", "CLinuxStat"]
        ),
        // The commands (simulate, demo, import, ...) as thin types in one table, so they can be tested.
        .target(
            name: "BookKioskCommands",
            dependencies: ["POSIX", "CommandCore", "KioskConfiguration", "CatalogIO", "Doctor",
                           "Lending", "LendingSQLite", "LendingPostgres", "ScannerInput", "TextInput", "Language", "Feedback", "Kiosk", "KioskAssembly", "StaffPIN", "KanjiConversion",
                           "Printing", "Scene", "ScenePainter", "KioskScreen", "KioskPresenter", "ScreenWindow", "KioskDisplay",
                           "HTTPServer", "QRCode", "TeachersPage", "PageAssembly", "LibraryTransfer", "BookLookup"]
        ),
        .executableTarget(name: "bookkiosk", dependencies: ["BookKioskCommands", "CommandCore"]),
        // Test helper: paints a known scene onto the DRM display, or into a PNG, and compares
        // PNGs (the VM harness's `screen` check; not shipped).
        .executableTarget(name: "display-probe", dependencies: ["Scene", "ScenePainter", "KioskDisplay", "CCairo"]),
        // Test helper: a second process for RepositoryTests' two-kiosk race (not shipped).
        .executableTarget(name: "lend-race-probe", dependencies: ["Lending", "LendingSQLite", "LendingPostgres"]),
        // Figures: scan latency, durable-write floor, decoder, import, startup, idle CPU, memory.
        .executableTarget(
            name: "bookkiosk-bench",
            dependencies: ["POSIX", "Lending", "LendingSQLite", "CSQLite", "LendingPostgres", "PostgresScratch", "ScannerInput", "CEvdev",
                           "Language", "Feedback", "Kiosk", "KioskAssembly", "Printing", "Scene", "ScenePainter", "KioskScreen", "KioskPresenter", "HTTPServer", "TeachersPage", "PageAssembly", "StaffPIN",
                           "BookLookup", "LookupReplay", "CLinuxStat"]
        ),

        .testTarget(name: "LendingTests", dependencies: ["Lending"]),
        .testTarget(name: "POSIXTests", dependencies: ["POSIX"]),
        .testTarget(name: "DigestTests", dependencies: ["Digest"]),
        .testTarget(
            name: "RepositoryTests",
            dependencies: ["POSIX", "Lending", "LendingSQLite", "CSQLite", "LendingPostgres", "PostgresScratch"]
        ),
        .testTarget(name: "ScannerInputTests", dependencies: ["POSIX", "ScannerInput", "TextInput", "CEvdev"]),
        // mozc/ holds mozc's romaji table (BSD-3-Clause, with its licence) for RomajiTableTests.
        .testTarget(name: "TextInputTests", dependencies: ["TextInput"], resources: [.copy("mozc")]),
        .testTarget(name: "KanjiConversionTests", dependencies: ["KanjiConversion", "TextInput"]),
        .testTarget(name: "FeedbackTests", dependencies: ["Feedback", "Language", "Lending", "TextInput"]),
        .testTarget(name: "StaffPINTests", dependencies: ["StaffPIN"]),
        .testTarget(name: "TeachersPageTests", dependencies: ["TeachersPage", "HTTPServer", "Lending", "LendingSQLite", "LendingPostgres",
                                                            "PostgresScratch", "StaffPIN", "Language", "Printing", "CatalogIO", "PageAssembly",
                                                            "BookLookup", "LookupReplay", "ScenePainter"]),
        .testTarget(name: "ScenePainterTests", dependencies: ["Scene", "ScenePainter"]),
        .testTarget(name: "KioskDisplayTests", dependencies: ["POSIX", "KioskDisplay", "Scene"]),
        .testTarget(name: "PrintingTests", dependencies: ["Printing", "Scene", "ScenePainter", "Lending"]),
        .testTarget(name: "KioskScreenTests", dependencies: ["KioskScreen", "KioskPresenter", "Scene", "ScenePainter", "Language", "Feedback", "Lending", "TextInput",
                                                          "KioskAssembly"]),
        .testTarget(name: "KioskTests", dependencies: ["Kiosk", "Lending", "Feedback", "ScannerInput", "TextInput", "StaffPIN"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["POSIX", "BookKioskCommands", "CommandCore", "KioskConfiguration", "CatalogIO", "Doctor",
                           "Lending", "LendingSQLite", "LendingPostgres", "PostgresScratch", "Language", "Feedback", "StaffPIN", "TextInput", "KanjiConversion",
                           "Printing", "ScenePainter", "Kiosk", "KioskAssembly", "ScannerInput", "HTTPServer",
                           "BookLookup", "LookupReplay", "Covers"]
        ),
        .testTarget(name: "HTTPServerTests", dependencies: ["POSIX", "HTTPServer"]),
        .testTarget(name: "BookLookupTests", dependencies: ["BookLookup", "LookupReplay", "HTTPServer", "Lending"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "CoversTests", dependencies: ["Covers", "Lending"]),
        // The kiosk's deployment files (udev/, kiosk/): syntax, sandbox level, installer.
        .testTarget(name: "DeploymentTests"),
        // Power cuts, full disks, locks, unplugged scanners, random sequences, garbage in.
        .testTarget(
            name: "FaultTests",
            dependencies: ["POSIX", "Lending", "LendingSQLite", "CSQLite", "LendingPostgres", "PostgresScratch", "ScannerInput", "CEvdev",
                           "Feedback", "Kiosk", "KioskAssembly", "KioskPresenter", "Scene", "BookKioskCommands"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
