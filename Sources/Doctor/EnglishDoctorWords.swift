import BookLookup
import Foundation
import KioskDisplay
import Language

/// doctor's words in English.
public struct EnglishDoctorWords: DoctorWords {
    public init() {}
    public var language: Language { .en }

    public func area(_ area: DoctorCommand.Area) -> String { area.rawValue }
    public let takesNoWords = "`bookkiosk doctor` takes no words, only --db and --config"
    public func summary(failed: Int, warned: Int) -> String {
        let warnings = warned == 1 ? "1 warning" : "\(warned) warnings"
        if failed == 0 {
            return warned == 0 ? "Every check passed." : "Nothing failed; \(warnings) to look at."
        }
        return "\(failed) \(failed == 1 ? "check" : "checks") failed, \(warnings): fix the FAIL lines, then run `bookkiosk doctor` again."
    }

    public func configMissing(_ path: String) -> String { "\(path) does not exist — check the path, or leave out --config to use the defaults" }
    public func configUnreadable(_ path: String, user: String) -> String {
        "\(path) cannot be read by user “\(user)” — check the path, or leave out --config to use the defaults"
    }
    public func noConfigFile(_ path: String) -> String { "no file at \(path), so the defaults are used (every key is optional)" }
    public func serviceReadsAnother(_ path: String) -> String { "; the kiosk service reads \(path): check that one with --config \(path)" }
    public func configValid(_ path: String, keys: Int) -> String { "\(path) is valid (\(keys) \(keys == 1 ? "key" : "keys"))" }
    public func configProblem(_ path: String, _ problem: String) -> String {
        "\(path): \(problem) — the kiosk does not start until this is fixed (remove a key to use its default)"
    }

    public func databaseMissing(_ path: String) -> String {
        "\(path) does not exist yet; the kiosk creates it when it first starts (or give the right file with --db)"
    }
    public func folderNotWritable(_ folder: String, user: String, needed: String) -> String {
        "\(folder) cannot be written by user “\(user)”, so the database cannot be created there — create \(needed) for the kiosk's user (the installer does), or choose another place with --db"
    }
    public func readableByOthers(_ path: String, mode: String) -> String {
        "\(path) may be read by other users of this computer (mode \(mode)), and it holds the children's names — `chmod 600 \(path)`"
    }
    public let restoreAdvice = "stop the kiosk and restore the database from a backup (an installed kiosk keeps daily ones in /var/lib/bookkiosk/backups)"
    public func damaged(_ path: String, _ message: String) -> String { "\(path) is damaged (\(message)) — \(restoreAdvice)" }
    public func emptyDatabase(_ path: String) -> String { "\(path) is empty; the kiosk makes it a library when it first starts" }
    public func olderSchema(_ path: String, version: Int, latest: Int) -> String {
        "\(path) is a BookKiosk database with schema version \(version), older than this BookKiosk's \(latest); it will be upgraded when the kiosk starts"
    }
    public func currentSchema(_ path: String, version: Int) -> String { "\(path) is a BookKiosk database, schema version \(version) (current)" }
    public let integrityOK = "SQLite's integrity check found no damage"
    public func integrityProblems(_ path: String, count: Int, first: String) -> String {
        "\(path) is damaged: SQLite's integrity check found \(count == 1 ? "1 problem" : "\(count) problems") (first: \(first)) — \(restoreAdvice)"
    }
    public func integrityStopped(_ path: String, _ message: String) -> String {
        "\(path) is damaged: the integrity check stopped at “\(message)” — \(restoreAdvice)"
    }
    public func integrityDidNotRun(_ detail: String) -> String { "the integrity check could not run: \(detail)" }
    public func freeSpaceUnreadable(_ folder: String, _ detail: String) -> String { "the free space on the disk holding \(folder) cannot be read (\(detail))" }
    public func freeSpaceCritical(_ free: String, folder: String) -> String {
        "only \(free) free on the disk holding \(folder): a lend may not be written — free some space (old backups, logs) or move the database with --db"
    }
    public func freeSpaceLow(_ free: String, folder: String, critical: String) -> String {
        "only \(free) free on the disk holding \(folder) — free some space soon (old backups, logs); under \(critical) lends may fail"
    }
    public func freeSpace(_ free: String, folder: String) -> String { "\(free) free on the disk holding \(folder)" }
    public func cannotWrite(_ paths: [String], user: String) -> String {
        "user “\(user)” cannot write \(paths.joined(separator: ", ")) — give the database and its folder to the kiosk's user, e.g. `sudo chown bookkiosk: \(paths.joined(separator: " "))` (run doctor as the kiosk's user to check what it may do)"
    }
    public func writable(user: String) -> String { "the file and its folder may be written by user “\(user)”" }

    public func serverUnreachable(_ url: String, _ detail: String) -> String {
        "\(url): the server does not answer or refused the login (\(detail)) — check that the server runs, the network reaches it, and the login and password (in ~/.pgpass) are right"
    }
    public func serverRefused(_ url: String, _ detail: String) -> String {
        "\(url): \(detail) — check that the server runs, the network reaches it, and the login and password (in ~/.pgpass) are right"
    }
    public func serverAnswers(_ url: String, version: String, database: String, login: String) -> String {
        "\(url) answers: PostgreSQL \(version), database “\(database)”, login “\(login)”"
    }
    public let encrypted = "the connection is encrypted (TLS)"
    public let localSocket = "the connection is not encrypted; it is a local socket, which needs none"
    public let notEncrypted = "the connection is not encrypted — add ?sslmode=require (or verify-full) to the URL when the network between kiosk and server is shared"
    public let noSchemaYet = "the database holds no BookKiosk schema yet; the kiosk makes it a library when it first starts"
    public func serverSchemaOlder(_ recorded: Int, latest: Int) -> String {
        "schema version \(recorded), older than this BookKiosk's \(latest); it will be upgraded when a kiosk starts"
    }
    public func serverSchemaNewer(_ recorded: Int, latest: Int) -> String {
        "schema version \(recorded), newer than this BookKiosk knows (\(latest)) — update BookKiosk on this kiosk"
    }
    public func serverSchemaCurrent(_ recorded: Int) -> String { "a BookKiosk database, schema version \(recorded) (current)" }
    public func slowRoundTrip(_ time: String) -> String {
        "round trip \(time): a lend takes about eight of them, so scans will feel slow — put the server nearer the kiosks"
    }
    public func roundTrip(_ time: String) -> String { "round trip \(time) (median of 5)" }

    static let encryptionGuide = "“Encrypting the library” in docs/install.md says how (LUKS when Debian is installed, the key in the TPM with systemd-cryptenroll)"
    public func encryptedDisk(_ folder: String, kind: String, device: String) -> String { "\(folder) is on an encrypted disk (\(kind), \(device))" }
    public func encryptedDirectory(_ folder: String) -> String { "\(folder) is an encrypted directory (fscrypt)" }
    public func notEncryptedAtRest(_ folder: String, device: String, mountPoint: String) -> String {
        "\(folder) is not encrypted (\(device) on \(mountPoint)): a kiosk carried off has every child's name on it — \(Self.encryptionGuide)"
    }
    public func encryptionUnknown(_ folder: String, why: DataAtRest.Unknown) -> String {
        let because = switch why {
        case .mountInfoUnreadable: "/proc/self/mountinfo cannot be read"
        case .notVisible: "the file system that holds it is not visible here, as in a chroot or a container"
        }
        return "whether \(folder) is encrypted cannot be told (\(because)) — \(Self.encryptionGuide)"
    }

    public func nothingWaits(_ path: String, exists: Bool) -> String {
        exists ? "nothing waits for the database server (\(path))" : "nothing waits for the database server (no return journal at \(path) yet)"
    }
    public func journalUnreadable(_ path: String, _ detail: String) -> String {
        "the return journal \(path) cannot be read (\(detail)) — check its owner and mode (the kiosk's user, 0600)"
    }
    public func journalWaiting(returns: Int, oldest: String?, scans: Int, capacity: Int) -> String {
        "\(returns) return(s) scanned while the database server was away wait to be applied\(oldest.map { " (the oldest scanned \($0))" } ?? ""), "
            + "and \(scans) scan(s) to be looked up: the kiosk applies them itself once it reaches the server, so keep it running; "
            + "it keeps at most \(capacity) returns, past that a child is asked to keep the Book"
    }

    public func noInputDevices(_ path: String) -> String {
        "\(path) does not exist, so this computer has no input devices and no scanner can be found — plug in the scanner (a virtual machine or container must be given the input devices); see `bookkiosk devices`"
    }
    public func inputUnreadable(_ path: String, user: String, _ detail: String, group: String) -> String {
        "\(path) cannot be read by user “\(user)” (\(detail)) — run doctor as the kiosk's user, a member of the “\(group)” group"
    }
    public func noDeviceForScanner(_ name: String?, selector: String) -> String {
        "no input device matches scanner \(name.map { "“\($0)” " } ?? "")(match: \(selector)) — plug it in, or correct its \"match\"; `bookkiosk devices` lists the devices here"
    }
    public func noScannerConfigured(devices: Int) -> String {
        let count = devices == 1 ? "the 1 input device" : "the \(devices) input devices"
        return "no scanner is configured and none of \(count) looks like one — plug in the scanner; if it is plugged in, name it in \"scanners\" (`bookkiosk devices` lists the devices)"
    }
    public func scannerOpens(_ scanner: String, configured: Bool) -> String {
        "\(scanner) opens and can be grabbed\(configured ? "" : " (not configured; used because it looks like a scanner)")"
    }
    public func mayNotOpen(_ device: String, user: String, rule: String, group: String) -> String {
        "user “\(user)” may not open \(device) — install the udev rule \(rule) and put the kiosk's user in the “\(group)” group (kiosk/install.sh does both), then plug the scanner in again"
    }
    public func grabbedElsewhere(_ device: String) -> String {
        "\(device) is grabbed by another program — if that is the kiosk itself (`systemctl status bookkiosk`), all is well; otherwise stop that program"
    }
    public func cannotOpen(_ device: String, _ detail: String) -> String {
        "\(device) cannot be opened as an input device (\(detail)) — unplug it and plug it in again; `bookkiosk devices` lists the devices"
    }
    public let noKeyboardConfigured = "none configured: staff keys come from the terminal `bookkiosk run` runs on (set \"keyboard\" to use a USB keyboard)"
    public func staffKeyboard(selector: String, layout: String) -> String { "the staff keyboard (match: \(selector), layout: \(layout))" }
    public func keyboardNotPluggedIn(_ keyboard: String, path: String) -> String {
        "\(keyboard) is not plugged in: \(path) does not exist — plug it in; the kiosk opens it when it appears, and lends without it meanwhile"
    }
    public func noDeviceForKeyboard(_ keyboard: String, nearby: [String], more: Int) -> String {
        let close = nearby.isEmpty ? "no device here can type"
            : "devices here that can type: \(nearby.joined(separator: "; "))\(more > 0 ? "; and \(more) more" : "")"
        return "no input device matches \(keyboard) — plug it in (the kiosk opens it when it appears), or correct its \"match\"; \(close)"
    }
    public func keyboardOpens(_ device: String, keyboard: String) -> String { "\(device) is \(keyboard); it opens and can be grabbed" }
    public func keyboardMayNotOpen(_ device: String, keyboard: String, user: String, group: String) -> String {
        "user “\(user)” may not open \(device), \(keyboard) — give it to the kiosk as a scanner is: `sudo kiosk/install.sh --scanner VVVV:PPPP` with its USB ID, and put the kiosk's user in the “\(group)” group"
    }

    public let soundOff = "off (\"sound\": false): no cues are played"
    public func muted(speech: Bool) -> String { "muted (\"player\": \"none\"): no cues\(speech ? " and no speech" : "") are played" }
    public func playerNamesNothing(_ command: String) -> String {
        "\"player\": \"\(command)\" names no program — set it to a command such as \"aplay -q\", or \"none\" to mute"
    }
    public func playerNotFound(_ program: String, command: String) -> String {
        "the player “\(program)” (\"player\": \"\(command)\") is not found on PATH — install it\(program == "aplay" ? " (it is in the alsa-utils package)" : ""), set \"player\" to a command that is installed, or to \"none\" to mute"
    }
    public func player(_ command: String, at path: String, cues: Bool) -> String {
        "the player “\(command)” is \(path) and \(cues ? "plays the cues" : "plays the speech (cues are off)")"
    }
    public func noSoundCard(_ path: String, exists: Bool) -> String {
        "no sound card found (\(path) \(exists ? "lists none" : "does not exist")) — connect the speaker or a USB sound card; until then nobody hears the cues"
    }
    public func soundCards(_ first: String, count: Int) -> String { count == 1 ? "sound card: \(first)" : "\(count) sound cards, the first: \(first)" }
    public let speechOff = "off (\"speech\": true has the messages spoken)"
    public func noSpeech(_ reason: String, problems: [String]) -> String { "\(reason) — " + problems.joined(separator: "; ") }
    public func openJTalkSpeaks(_ reason: String, dictionary: String, trial: String, seconds: Double) -> String {
        "\(reason); dictionary \(dictionary); it said “\(trial)” in \(String(format: "%.1f", seconds)) s"
    }
    public func openJTalkFails(voice: String, dictionary: String, _ detail: String) -> String {
        "Open JTalk cannot speak with the voice \(voice) and the dictionary \(dictionary): \(detail) — reinstall open-jtalk and open-jtalk-mecab-naist-jdic, or set \"speech\": {\"voice\"} to a working .htsvoice"
    }
    public func espeakLacksVoice(_ voice: String, fromVoiceKey: Bool) -> String {
        "espeak-ng has no voice “\(voice)” (\(fromVoiceKey ? "\"voice\"" : "the language's own")) — set \"voice\" to one that `espeak-ng --voices` lists, or remove it to use the language's own"
    }
    public func espeakSpeaks(_ reason: String, program: String) -> String { "\(reason), from \(program)" }
    public let speechMuted = "speech is on, but \"player\": \"none\" mutes it — set a player, or \"speech\": false"

    public let screenOff = "off (\"screen\": {\"output\": \"none\"}): the kiosk shows its status line and plays its cues"
    public let screenWindow = "a desktop window (\"output\": \"window\")"
    public func displayProblem(_ error: DisplayError) -> String { error.description }
    public func displayNeeded(_ detail: String) -> String { "\(detail) (\"output\": \"drm\" needs a display)" }
    public func noScreen(_ detail: String) -> String { "no screen: \(detail); until then the kiosk shows its status line and plays its cues" }
    public func displayOpens(_ device: String, connector: String, mode: String) -> String {
        "\(device) opens; \(connector) has a display connected, its preferred mode \(mode)"
    }
    public func fontMissing(_ family: String, instead: String?, install: String) -> String {
        "fontconfig has no font “\(family)”, so the screen is drawn with \(instead ?? "no font at all") instead — \(install)"
    }
    public func fontLacksJapanese(_ family: String, file: String, install: String) -> String {
        "the font “\(family)” (\(file)) cannot draw Japanese, so kana are drawn with a fallback font — \(install)"
    }
    public func fontDrawsJapanese(_ family: String, file: String?) -> String { "the font “\(family)” is \(file ?? "installed") and draws Japanese" }
    public func installFont(package: String, family: String) -> String {
        "install it (`sudo apt install \(package) fonts-noto-cjk`; its family name is “\(family)”), or set \"screen\": {\"font\": …} to a family `fc-list :lang=ja family` lists"
    }
    public func noCoversFolder(_ folder: String) -> String {
        "no covers folder \(folder): books are shown without covers (put <barcode>.png or .jpg, or <isbn>.png or .jpg, there to show them)"
    }
    public func coversIsAFile(_ folder: String) -> String {
        "\(folder) is a file, not a folder, so no covers are shown — set \"screen\": {\"covers\": …} to the folder of cover pictures"
    }
    public func coversUnreadable(_ folder: String, user: String) -> String {
        "user “\(user)” cannot read \(folder), so no covers are shown — `sudo chmod -R a+rX \(folder)`"
    }
    public func covers(_ count: Int, in folder: String) -> String { "\(count) \(count == 1 ? "cover" : "covers") in \(folder)" }

    static let kanjiAdvice = "kanji conversion is off (kana input still works; Space offers hiragana and katakana only) — install the Debian package anthy (`sudo apt install anthy`), which brings its dictionary"
    public func anthyUnavailable(_ detail: String) -> String { "\(detail); \(Self.kanjiAdvice)" }
    public func anthyDoesNotConvert(version: String) -> String {
        "anthy \(version) started but did not convert ほん to 本 (its dictionary may be damaged); \(Self.kanjiAdvice)"
    }
    public func anthyConverts(version: String, candidates: [String]) -> String {
        "anthy \(version) converts kana to kanji (ほん → \(candidates.joined(separator: " ")) …)"
    }

    public func pageAnswers(_ urls: [String], secure: Bool) -> String {
        "the teachers' page answers (\(secure ? "HTTPS" : "plain HTTP")); teachers open it at \(urls.joined(separator: " or "))"
    }
    public func pageAnswersOnlyHere(_ url: String, secure: Bool) -> String {
        "the teachers' page answers on this computer at \(url) (\(secure ? "HTTPS" : "plain HTTP")), but this computer has no network address "
            + "for teachers to open it at: connect it to the school network, or name it in web.hostNames"
    }
    public func pageNotRunning(_ target: String, listen: String) -> String {
        "nothing answers at \(target) (web.listen \(listen)): the teachers' page is not running — start it with `bookkiosk serve`, or `install.sh --web` for its service (then `systemctl status bookkiosk-web`)"
    }
    public func noHostNames(_ listen: String) -> String {
        "web.listen \(listen) listens on every interface and web.hostNames is empty: the page answers only to this computer's addresses and localhost. If teachers open it by a name (like toshokan.local), list it in web.hostNames; to keep it off other networks, set web.listen to the school network's address"
    }

    public let lookupsOff = "book lookups by ISBN are off (\"lookup\": false): the page and import never ask the NDL or openBD; titles are typed"
    public let ndlName = "NDL Search (国立国会図書館サーチ)"
    public func lookupAnswers(_ service: String, at base: String, milliseconds: Int) -> String { "\(service) answers at \(base) (\(milliseconds) ms)" }
    public func pageServiceMayLookUp(_ dropIn: String) -> String {
        "the teachers' page's service may reach the lookup services (\(dropIn), written by install.sh --lookups, at the addresses they had then)"
    }
    public func pageServiceCannotLookUp(_ dropIn: String) -> String {
        "the teachers' page's service keeps off the internet (IPAddressDeny=any in bookkiosk-web.service), so its 調べる and まとめて登録 say they cannot reach the services, whatever this check says of them — run `sudo kiosk/install.sh --lookups` to let it reach their addresses (it writes bookkiosk-web.service.d/\(dropIn)), or set \"lookup\": false"
    }
    public func pageServiceLookupMoved(_ hosts: [String], _ dropIn: String) -> String {
        "\(hosts.joined(separator: " and ")) now stand\(hosts.count == 1 ? "s" : "") at none of the addresses \(dropIn) lets the teachers' page reach, so its lookups there fail — run `sudo kiosk/install.sh --lookups` again"
    }
    public func lookupFault(_ fault: ServiceFault) -> String { fault.description }
    public func lookupDoesNotAnswer(_ service: String, at base: String, _ detail: String) -> String {
        "\(service) at \(base) does not answer: \(detail) — the page's 調べる and import cannot fill titles from it until it does (this computer needs HTTPS to it; set \"lookup\": false to stop asking)"
    }
}
