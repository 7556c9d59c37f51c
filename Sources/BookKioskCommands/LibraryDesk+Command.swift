import Foundation
import Lending

extension LibraryDesk {
    /// The desk of the person at the terminal, as the audit log names them: `SUDO_USER` (who
    /// ran `sudo bookkiosk …`), else `USER`, else `LOGNAME`, else the name of the account the
    /// command runs as (a script or a service may set none of them). Calls `getpwuid`.
    init(commandUserIn environment: [String: String], at time: Date) {
        let who = environment["SUDO_USER"] ?? environment["USER"] ?? environment["LOGNAME"] ?? Self.accountName()
        self.init(staff: who, at: time)
    }

    /// The user name of this process's effective user ID, or "uid N" when it has no entry.
    static func accountName() -> String {
        let uid = geteuid()
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return String(cString: name)
    }
}
