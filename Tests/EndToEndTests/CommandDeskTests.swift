import Foundation
import Lending
import Testing
@testable import BookKioskCommands

@Suite("The audit log names who ran a command")
struct CommandDeskTests {
    let time = Date(timeIntervalSince1970: 1_796_083_200)

    @Test("SUDO_USER first, then USER, then LOGNAME", arguments: [
        (["SUDO_USER": "tanaka", "USER": "root", "LOGNAME": "root"], "tanaka"),
        (["USER": "yamada", "LOGNAME": "other"], "yamada"),
        (["LOGNAME": "sato"], "sato"),
    ])
    func fromTheEnvironment(environment: [String: String], expected: String) {
        #expect(LibraryDesk(commandUserIn: environment, at: time).staff == expected)
    }

    @Test("with none of them (a script, a service), the account the command runs as, never 'unknown'")
    func fromTheAccount() throws {
        let entry = try #require(getpwuid(geteuid()))
        let name = String(cString: entry.pointee.pw_name)
        #expect(LibraryDesk(commandUserIn: [:], at: time).staff == name)
        #expect(name != "unknown")
    }
}
