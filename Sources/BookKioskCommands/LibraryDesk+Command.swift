import Foundation
import Lending

extension LibraryDesk {
    /// The desk of the person at the terminal, as the audit log names them: `SUDO_USER` (who
    /// ran `sudo bookkiosk …`), else `USER`, else `LOGNAME`.
    init(commandUserIn environment: [String: String], at time: Date) {
        let who = environment["SUDO_USER"] ?? environment["USER"] ?? environment["LOGNAME"] ?? "unknown"
        self.init(staff: who, at: time)
    }
}
