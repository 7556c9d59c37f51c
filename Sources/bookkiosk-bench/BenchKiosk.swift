import Foundation
import Feedback
import KioskAssembly
import Lending
import Scene

/// The kiosk the bench measures: the one `run` assembles (`KioskAssembly`), on the bench's own
/// clock, with no sound, status line or log, and its events handed to `announce`.
func benchKiosk(policy: Policy, repository: any LendingRepository, screen: (any FrameOutput)? = nil, now: Date,
                announce: @escaping (KioskEvent, Date) -> Void) throws -> KioskAssembly {
    let settings = KioskSettings(policy: policy, feedback: FeedbackSettings(language: .ja, sound: false, timeZone: policy.timeZone),
                                 announces: false, convertsKana: false)
    let kiosk = try KioskAssembly(settings: settings, repository: repository, screen: screen, now: now, log: { _ in })
    kiosk.onEvent(announce)
    return kiosk
}
