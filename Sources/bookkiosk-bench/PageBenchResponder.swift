import POSIX
import HTTPServer
import TeachersPage

/// The page behind the bench's daemon as `serve` puts it there (each head admitted once, then
/// answered from its admission), the floor's stored bytes beside it, and the page's own time
/// taken on the daemon's threads: its admission and its answer together.
struct PageBenchResponder: HTTPResponder {
    struct Admission: Sendable {
        var floor: HTTPResponse?
        var page: PageAdmission?
        /// The wall and CPU time the page's admission took, in nanoseconds.
        var nanoseconds: UInt64 = 0
        var cpuNanoseconds: UInt64 = 0
    }

    let page: TeachersPage
    let floor: FloorResponses
    let pageNice: Int32
    let serverTimes: SharedLatencies
    let serverCPUTimes: SharedLatencies

    func admit(_ head: HTTPRequest) -> Admission {
        if pageNice != 0 { lowerThisThreadsPriority(to: pageNice) }
        if let stored = floor.response(for: head.path) { return Admission(floor: stored) }
        let (before, cpuBefore) = (monotonicNanoseconds(), PageBenchmark.threadCPUNanoseconds())
        let admission = page.admit(head)
        let (after, cpuAfter) = (monotonicNanoseconds(), PageBenchmark.threadCPUNanoseconds())
        return Admission(page: admission, nanoseconds: after - before, cpuNanoseconds: cpuAfter - cpuBefore)
    }

    func bodyLimit(of admission: Admission) -> Int {
        admission.page.map { page.bodyLimit(of: $0) } ?? .max
    }

    func respond(to request: HTTPRequest, admitted admission: Admission) -> HTTPResponse {
        guard let admitted = admission.page else { return admission.floor ?? HTTPResponse(status: 404) }
        let (before, cpuBefore) = (monotonicNanoseconds(), PageBenchmark.threadCPUNanoseconds())
        let response = page.respond(to: request, admitted: admitted)
        let (after, cpuAfter) = (monotonicNanoseconds(), PageBenchmark.threadCPUNanoseconds())
        let name = PageBenchmark.name(of: request)
        serverTimes.add(name, microseconds(from: before, to: after) + Double(admission.nanoseconds) / 1000)
        serverCPUTimes.add(name, microseconds(from: cpuBefore, to: cpuAfter) + Double(admission.cpuNanoseconds) / 1000)
        return response
    }
}
