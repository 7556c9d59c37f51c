import Foundation

/// The bench's command line (see main.swift's head for the list).
struct Options {
    var json = false
    var skipLarge = false
    var keep = false
    var rounds = 400
    var idleSeconds = 15.0
    /// Children in the long run that compares SQLite's auto-checkpoint with the kiosk's checkpoint when quiet.
    var longRounds = 5000
    /// Also write the JSON object to this file, with the table on standard output.
    var jsonFile: String?
    /// Rounds of 絵本, 貸出中 and a title search (and their floor) each of the page's 8 clients makes.
    var pageRounds = 50
    /// Only the teachers' page figures.
    var pageOnly = false
    /// The nice value of the page's daemon threads (0: as bookkiosk-web.service ships).
    var pageNice: Int32 = 0
    /// The page daemon's threads (default: as `bookkiosk serve` starts it).
    var pageThreads: Int?
    /// Scans each kiosk makes in the many-kiosk run on PostgreSQL.
    var kioskScans = 1000
    /// Only the many-kiosk run.
    var kiosksOnly = false
    /// Only the packaged program against the development build: this Debian package.
    var packaged: String?
    /// Cold and warm lends each in the speech run.
    var speechRounds = 20
    /// Only the speech run.
    var speechOnly = false
    /// Only the kiosk and the page as separate processes (and the page against its floor).
    var shippedOnly = false
    /// Runs of each separate-process figure (the median is reported).
    var shippedRuns = 3
    /// Scans the kiosk makes in each phase of a separate-process run (a third Cards, a third lends, a third returns).
    var shippedScans = 150
    /// The page's unit file, whose Nice=, CPUWeight=, CPUSchedulingPolicy= and CPUQuota= the page runs at.
    var unit: String?
    /// Changes to what the unit says.
    var pageWeight: Int?
    var pageIdle = false
    var pageQuota: Double?
    var pageQuotaPeriod: Int?
    /// Page clients in the Pi-class run.
    var piClients = 8
    /// The Pi-class group's quota period (`cpu.cfs_period_us`); its quota is a quarter of it.
    /// 10 ms: the quarter core comes in slices finer than a 60 Hz frame, as a slow processor
    /// gives it, rather than 25 ms at full speed and then 75 ms of nothing (README, the bench).
    var piPeriodMicroseconds = 10_000
    /// Copies registered through まとめて登録, and lookups at the replay server, in the ISBN run.
    var isbnRounds = 300
    /// Only the ISBN run.
    var isbnOnly = false

    init(_ arguments: [String]) {
        var words = arguments[...]
        while let word = words.popFirst() {
            switch word {
            case "--json": json = true
            case "--skip-large": skipLarge = true
            case "--keep": keep = true
            case "--rounds": rounds = Int(words.popFirst() ?? "") ?? rounds
            case "--idle-seconds": idleSeconds = Double(words.popFirst() ?? "") ?? idleSeconds
            case "--long-rounds": longRounds = Int(words.popFirst() ?? "") ?? longRounds
            case "--json-file": jsonFile = words.popFirst()
            case "--page-only": pageOnly = true
            case "--page-nice": pageNice = Int32(words.popFirst() ?? "") ?? pageNice
            case "--page-threads": pageThreads = Int(words.popFirst() ?? "")
            case "--page-rounds": pageRounds = Int(words.popFirst() ?? "") ?? pageRounds
            case "--kiosk-scans": kioskScans = Int(words.popFirst() ?? "") ?? kioskScans
            case "--kiosks-only": kiosksOnly = true
            case "--speech-rounds": speechRounds = Int(words.popFirst() ?? "") ?? speechRounds
            case "--speech-only": speechOnly = true
            case "--shipped-only": shippedOnly = true
            case "--shipped-runs": shippedRuns = max(1, Int(words.popFirst() ?? "") ?? shippedRuns)
            case "--shipped-scans": shippedScans = max(3, Int(words.popFirst() ?? "") ?? shippedScans)
            case "--unit": unit = words.popFirst()
            case "--page-weight": pageWeight = Int(words.popFirst() ?? "")
            case "--page-idle": pageIdle = true
            case "--page-quota": pageQuota = Double(words.popFirst() ?? "")
            case "--page-quota-period-us": pageQuotaPeriod = Int(words.popFirst() ?? "").map { min(1_000_000, max(1_000, $0)) }
            case "--pi-clients": piClients = Int(words.popFirst() ?? "") ?? piClients
            case "--pi-period-us": piPeriodMicroseconds = min(1_000_000, max(4_000, Int(words.popFirst() ?? "") ?? piPeriodMicroseconds))
            case "--packaged": packaged = words.popFirst()
            case "--isbn-rounds": isbnRounds = max(1, Int(words.popFirst() ?? "") ?? isbnRounds)
            case "--isbn-only": isbnOnly = true
            default:
                FileHandle.standardError.write(Data("""
                usage: bookkiosk-bench [--json] [--json-file F] [--skip-large] [--keep] [--rounds N] [--long-rounds N] [--idle-seconds S] [--page-rounds N] [--page-only] [--page-nice N] [--page-threads N]
                                       [--kiosk-scans N] [--kiosks-only] [--speech-rounds N] [--speech-only]
                                       [--shipped-only] [--shipped-runs N] [--shipped-scans N] [--unit F]
                                       [--page-weight W] [--page-idle] [--page-quota CORES] [--page-quota-period-us N] [--pi-clients N] [--pi-period-us N] [--packaged DEB]
                                       [--isbn-rounds N] [--isbn-only]
                unknown argument: \(word)

                """.utf8))
                exit(2)
            }
        }
    }
}
