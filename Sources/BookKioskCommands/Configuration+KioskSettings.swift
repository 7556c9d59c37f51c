import Foundation
import KioskAssembly
import KioskConfiguration
import Language
import Lending

extension Configuration {
    /// The kiosk's settings as this configuration gives them, for `KioskAssembly`: the status
    /// line and event stream go where the command says; `journal` for a shared server.
    func kioskSettings(statusLine: Int32? = nil, events: Int32? = nil, announces: Bool = true, journal: String? = nil,
                       language: Language? = nil, covers: String? = nil, libraryName: String? = nil,
                       environment: [String: String] = ProcessInfo.processInfo.environment) -> KioskSettings {
        var feedback = feedbackSettings(statusLine: statusLine, events: events, environment: environment)
        if let language { feedback.language = language }
        return KioskSettings(policy: policy, libraryName: self.libraryName, feedback: feedback, announces: announces,
                             privacyDays: privacyDays, bookNumbering: bookNumbering, cardNumbering: cardNumbering,
                             screen: ScreenSettings(font: screen.font, covers: covers ?? screen.covers, libraryName: libraryName),
                             returnJournal: journal, logsEachScan: environment["BOOKKIOSK_LOG"] == "debug")
    }
}
