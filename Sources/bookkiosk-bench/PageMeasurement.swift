import CSQLite
import Feedback
import Foundation
import HTTPServer
import LendingSQLite
import PostgresScratch

/// The teachers' page (PageBenchmark.swift): 8 clients on loopback, the floor, the kiosk beside it.
@MainActor func measurePage() throws {
    func millis(_ latencies: Latencies) -> [String: Double] {
        ["p50": rounded(latencies.p50 / 1000, places: 2), "p99": rounded(latencies.p99 / 1000, places: 2)]
    }
    func pair(_ latencies: Latencies) -> String {
        "\(rounded(latencies.p50 / 1000, places: 2)) / \(rounded(latencies.p99 / 1000, places: 2))"
    }
    func micros(_ latencies: Latencies) -> [String: Double] {
        ["p50": rounded(latencies.p50), "p99": rounded(latencies.p99)]
    }
    let page = try PageBenchmark.run(folder: folder, start: start, clients: 8, rounds: options.pageRounds,
                                     scanRounds: options.rounds, pageNice: options.pageNice,
                                     pageThreads: options.pageThreads ?? HTTPDaemonConfiguration.defaultThreadCount, progress: progress)
    var pageReport: [String: Any] = ["clients": page.clients, "rounds": options.pageRounds, "pageNice": options.pageNice,
                                     "pageThreads": options.pageThreads ?? HTTPDaemonConfiguration.defaultThreadCount]
    for figures in page.pages {
        let ratio = figures.roundTrip.p50 / figures.floor.p50
        pageReport[figures.name] = ["serverMillis": millis(figures.server), "serverCPUMicros": micros(figures.serverCPU),
                                    "roundTripMillis": millis(figures.roundTrip),
                                    "floorMillis": millis(figures.floor), "pageVsFloor": rounded(ratio, places: 1),
                                    "oneClient": ["serverMillis": millis(figures.serverAlone), "roundTripMillis": millis(figures.roundTripAlone)],
                                    "bytes": figures.bytes, "samples": figures.server.count]
        row("page \(figures.name): server ms p50 / p99", "\(pair(figures.server)) (CPU µs p50 \(rounded(figures.serverCPU.p50)); \(figures.bytes / 1024) KB, \(figures.server.count) requests; 1 client: \(pair(figures.serverAlone)))",
            "p99 ≤ 20 ms: \(verdict(figures.server.p99 <= 20_000))")
        row("page \(figures.name): round trip ms p50 / p99; floor", "\(pair(figures.roundTrip)); floor \(pair(figures.floor)); page ÷ floor (p50) \(rounded(ratio, places: 1))")
    }
    let lendRatio = page.scansHammered.lend.p99 / page.scansAlone.lend.p99
    let cardRatio = page.scansHammered.card.p99 / page.scansAlone.card.p99
    pageReport["kioskWhileHammered"] = ["lendMicrosAlone": micros(page.scansAlone.lend), "lendMicrosHammered": micros(page.scansHammered.lend),
                                        "cardMicrosAlone": micros(page.scansAlone.card), "cardMicrosHammered": micros(page.scansHammered.card),
                                        "lendP99Ratio": rounded(lendRatio, places: 2), "cardP99Ratio": rounded(cardRatio, places: 2),
                                        "pageRequestsDuring": page.requestsDuringScans, "seconds": rounded(page.hammeredSeconds, places: 2)]
    report["page"] = pageReport
    row("page: kiosk lendMicros p99 alone / hammered", "(page: \(options.pageThreads ?? HTTPDaemonConfiguration.defaultThreadCount) threads, nice \(options.pageNice)) " + "\(rounded(page.scansAlone.lend.p99)) / \(rounded(page.scansHammered.lend.p99)) (× \(rounded(lendRatio, places: 2)); \(page.requestsDuringScans) page requests in \(rounded(page.hammeredSeconds, places: 1)) s)",
        "≤ 1.2×: \(verdict(lendRatio <= 1.2))")
    row("page: kiosk cardMicros p99 alone / hammered", "\(rounded(page.scansAlone.card.p99)) / \(rounded(page.scansHammered.card.p99)) (× \(rounded(cardRatio, places: 2)))",
        "≤ 1.2×: \(verdict(cardRatio <= 1.2))")
}

/// `bookkiosk serve` under slow sockets and strangers' large bodies (PageAttackBenchmark.swift).
@MainActor func measurePageAttack() throws {
    guard let executable = ProcessBenchmarks.locateKiosk() else {
        progress("page attack: no bookkiosk beside the benchmark; build it with the benchmark to measure the page under attack")
        return
    }
    let attack = try PageAttackBenchmark.run(executable: executable, folder: folder, configPath: configPath, progress: progress)
    let p99 = rounded(attack.underSlowClients.p99 / 1000, places: 2)
    let peak = rounded(attack.peakRSSAfterBodiesMegabytes)
    report["pageUnderSlowClientsP99Ms"] = p99
    report["pageRSSAfterBodiesMB"] = peak
    report["pageAttack"] = ["slowSockets": attack.slowSockets, "slowSocketsStillOpen": attack.slowSocketsStillOpen,
                            "requests": attack.underSlowClients.count,
                            "underSlowClientsMillis": ["p50": rounded(attack.underSlowClients.p50 / 1000, places: 2), "p99": p99],
                            "rssBeforeMB": rounded(attack.rssBeforeMegabytes), "rssAfterBodiesMB": rounded(attack.rssAfterBodiesMegabytes),
                            "bodies": PageAttackBenchmark.largeBodies, "bodiesRefused413": attack.bodiesRefused]
    row("page: GET /sign-in ms p50 / p99 with \(attack.slowSockets) slow sockets open",
        "\(rounded(attack.underSlowClients.p50 / 1000, places: 2)) / \(p99) (\(attack.underSlowClients.count) requests; \(attack.slowSocketsStillOpen) slow sockets still open after)",
        "p99 ≤ 100 ms: \(verdict(p99 <= 100))")
    row("page: peak RSS MB after \(PageAttackBenchmark.largeBodies) × 16 MB POST /sign-in",
        "\(peak) (before \(rounded(attack.rssBeforeMegabytes)), after \(rounded(attack.rssAfterBodiesMegabytes)); \(attack.bodiesRefused) refused with 413)",
        "≤ 80 MB: \(verdict(peak <= 80))")
}
