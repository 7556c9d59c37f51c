import BookLookup
import Feedback
import KioskDisplay
import Language

/// Every word `bookkiosk doctor` says, in one language: the area of each line, what was found
/// and what to do. Each language is a type of its own (`JapaneseDoctorWords`,
/// `EnglishDoctorWords`), so the compiler checks that none lacks a word; doctor speaks the
/// language of the configuration it checks. What other modules give as values (a display's
/// problem, a lookup service's fault, why a voice speaks) is worded here or by the value in
/// this language; a detail only another program words (a server's, a speech engine's own
/// error, a system call's) is passed in as it is.
public protocol DoctorWords: Sendable {
    /// The language these words are in, for what other modules word themselves (`SpeechChoice`).
    var language: Language { get }
    func area(_ area: DoctorCommand.Area) -> String
    var takesNoWords: String { get }
    func summary(failed: Int, warned: Int) -> String

    // config
    func configMissing(_ path: String) -> String
    func configUnreadable(_ path: String, user: String) -> String
    func noConfigFile(_ path: String) -> String
    func serviceReadsAnother(_ path: String) -> String
    func configValid(_ path: String, keys: Int) -> String
    func configProblem(_ path: String, _ problem: String) -> String

    // database
    func databaseMissing(_ path: String) -> String
    func folderNotWritable(_ folder: String, user: String, needed: String) -> String
    func readableByOthers(_ path: String, mode: String) -> String
    var restoreAdvice: String { get }
    func damaged(_ path: String, _ message: String) -> String
    func emptyDatabase(_ path: String) -> String
    func olderSchema(_ path: String, version: Int, latest: Int) -> String
    func currentSchema(_ path: String, version: Int) -> String
    var integrityOK: String { get }
    func integrityProblems(_ path: String, count: Int, first: String) -> String
    func integrityStopped(_ path: String, _ message: String) -> String
    func integrityDidNotRun(_ detail: String) -> String
    func freeSpaceUnreadable(_ folder: String, _ detail: String) -> String
    func freeSpaceCritical(_ free: String, folder: String) -> String
    func freeSpaceLow(_ free: String, folder: String, critical: String) -> String
    func freeSpace(_ free: String, folder: String) -> String
    func cannotWrite(_ paths: [String], user: String) -> String
    func writable(user: String) -> String

    // database on a PostgreSQL server
    func serverUnreachable(_ url: String, _ detail: String) -> String
    func serverRefused(_ url: String, _ detail: String) -> String
    func serverAnswers(_ url: String, version: String, database: String, login: String) -> String
    var encrypted: String { get }
    var localSocket: String { get }
    var notEncrypted: String { get }
    var noSchemaYet: String { get }
    func serverSchemaOlder(_ recorded: Int, latest: Int) -> String
    func serverSchemaNewer(_ recorded: Int, latest: Int) -> String
    func serverSchemaCurrent(_ recorded: Int) -> String
    func slowRoundTrip(_ time: String) -> String
    func roundTrip(_ time: String) -> String

    // privacy (data at rest)
    func encryptedDisk(_ folder: String, kind: String, device: String) -> String
    func encryptedDirectory(_ folder: String) -> String
    func notEncryptedAtRest(_ folder: String, device: String, mountPoint: String) -> String
    func encryptionUnknown(_ folder: String, why: DataAtRest.Unknown) -> String

    // journal
    func nothingWaits(_ path: String, exists: Bool) -> String
    func journalUnreadable(_ path: String, _ detail: String) -> String
    func journalWaiting(returns: Int, oldest: String?, scans: Int, capacity: Int) -> String

    // scanners and the staff keyboard
    func noInputDevices(_ path: String) -> String
    func inputUnreadable(_ path: String, user: String, _ detail: String, group: String) -> String
    func noDeviceForScanner(_ name: String?, selector: String) -> String
    func noScannerConfigured(devices: Int) -> String
    func scannerOpens(_ scanner: String, configured: Bool) -> String
    func mayNotOpen(_ device: String, user: String, rule: String, group: String) -> String
    func grabbedElsewhere(_ device: String) -> String
    func cannotOpen(_ device: String, _ detail: String) -> String
    var noKeyboardConfigured: String { get }
    func staffKeyboard(selector: String, layout: String) -> String
    func keyboardNotPluggedIn(_ keyboard: String, path: String) -> String
    func noDeviceForKeyboard(_ keyboard: String, nearby: [String], more: Int) -> String
    func keyboardOpens(_ device: String, keyboard: String) -> String
    func keyboardMayNotOpen(_ device: String, keyboard: String, user: String, group: String) -> String

    // sound and speech
    var soundOff: String { get }
    func muted(speech: Bool) -> String
    func playerNamesNothing(_ command: String) -> String
    func playerNotFound(_ program: String, command: String) -> String
    func player(_ command: String, at path: String, cues: Bool) -> String
    func noSoundCard(_ path: String, exists: Bool) -> String
    func soundCards(_ first: String, count: Int) -> String
    var speechOff: String { get }
    func noSpeech(_ reason: String, problems: [String]) -> String
    func openJTalkSpeaks(_ reason: String, dictionary: String, trial: String, seconds: Double) -> String
    func openJTalkFails(voice: String, dictionary: String, _ detail: String) -> String
    func espeakLacksVoice(_ voice: String, fromVoiceKey: Bool) -> String
    func espeakSpeaks(_ reason: String, program: String) -> String
    var speechMuted: String { get }

    // screen
    var screenOff: String { get }
    var screenWindow: String { get }
    /// Why the display gives no picture, and what to do (`DisplayError` says it in English).
    func displayProblem(_ error: DisplayError) -> String
    func displayNeeded(_ detail: String) -> String
    func noScreen(_ detail: String) -> String
    func displayOpens(_ device: String, connector: String, mode: String) -> String
    func fontMissing(_ family: String, instead: String?, install: String) -> String
    func fontLacksJapanese(_ family: String, file: String, install: String) -> String
    func fontDrawsJapanese(_ family: String, file: String?) -> String
    func installFont(package: String, family: String) -> String
    func noCoversFolder(_ folder: String) -> String
    func coversIsAFile(_ folder: String) -> String
    func coversUnreadable(_ folder: String, user: String) -> String
    func covers(_ count: Int, in folder: String) -> String

    // kanji conversion
    func anthyUnavailable(_ detail: String) -> String
    func anthyDoesNotConvert(version: String) -> String
    func anthyConverts(version: String, candidates: [String]) -> String

    // the teachers' page
    /// The page answered; `urls` are the addresses a teacher types to open it.
    func pageAnswers(_ urls: [String], secure: Bool) -> String
    /// The page answered at `url`, but listens on every interface of a computer with no network and no name for it.
    func pageAnswersOnlyHere(_ url: String, secure: Bool) -> String
    func pageNotRunning(_ target: String, listen: String) -> String
    func noHostNames(_ listen: String) -> String

    // book lookups
    var lookupsOff: String { get }
    var ndlName: String { get }
    func lookupAnswers(_ service: String, at base: String, milliseconds: Int) -> String
    /// Why a lookup service gave no record (`ServiceFault` says it in English).
    func lookupFault(_ fault: ServiceFault) -> String
    func lookupDoesNotAnswer(_ service: String, at base: String, _ detail: String) -> String
    /// The page's service may reach the lookup services: the drop-in that lets it.
    func pageServiceMayLookUp(_ dropIn: String) -> String
    /// The page's service keeps off the internet, so its lookups fail: what to do.
    func pageServiceCannotLookUp(_ dropIn: String) -> String
    /// The services named stand at none of the addresses the drop-in allows: what to do.
    func pageServiceLookupMoved(_ hosts: [String], _ dropIn: String) -> String
}

/// doctor's words in `language`.
public func doctorWords(_ language: Language) -> any DoctorWords {
    switch language {
    case .ja: JapaneseDoctorWords()
    case .en: EnglishDoctorWords()
    }
}
