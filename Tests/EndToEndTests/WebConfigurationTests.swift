import Foundation
import HTTPServer
import Language
import LendingSQLite
import Testing
@testable import BookKioskCommands
@testable import CommandCore
@testable import Doctor
@testable import KioskConfiguration
import POSIX

@Suite("configuration: web")
struct WebConfigurationTests {
    func parse(_ json: String) throws -> Configuration {
        try Configuration.parse(Data(json.utf8), file: "config.json")
    }

    func problems(_ json: String) -> [String] {
        do {
            _ = try Configuration.parse(Data(json.utf8), file: "config.json")
            return []
        } catch {
            return error.problems
        }
    }

    @Test("by default: every IPv4 interface on port 8080, plain HTTP, 30-minute sessions")
    func defaults() throws {
        let web = try parse("{}").web
        #expect(web.listen == ListenAddress(family: .ipv4, host: "0.0.0.0", port: 8080))
        #expect(web.certificate == nil && web.key == nil && !web.isSecure)
        #expect(web.sessionMinutes == 30)
    }

    @Test("every key is read")
    func everyKey() throws {
        let web = try parse(#"{"web": {"listen": "[::1]:8443", "certificate": "/etc/bookkiosk/web.crt", "key": "/etc/bookkiosk/web.key", "sessionMinutes": 45}}"#).web
        #expect(web.listen == ListenAddress(family: .ipv6, host: "::1", port: 8443))
        #expect(web.certificate == "/etc/bookkiosk/web.crt" && web.key == "/etc/bookkiosk/web.key" && web.isSecure)
        #expect(web.sessionMinutes == 45)
    }

    @Test("each problem is named web.KEY and says what to write", arguments: [
        (#"{"web": "0.0.0.0:8080"}"#, "web: must be an object"),
        (#"{"web": {"listen": "8080"}}"#, "web.listen: "),
        (#"{"web": {"listen": "school:8080"}}"#, "web.listen: "),
        (#"{"web": {"listen": 8080}}"#, "web.listen: must be an address and a port"),
        (#"{"web": {"sessionMinutes": 0}}"#, "web.sessionMinutes: must be a whole number of minutes from 1 to 600"),
        (#"{"web": {"certificate": "web.crt", "key": "/k"}}"#, "web.certificate: must be the full path"),
        (#"{"web": {"certificate": "/c"}}"#, "web: \"certificate\" and \"key\" go together"),
        (#"{"web": {"port": 80}}"#, "web.port: is not a key BookKiosk knows; the web object has listen, certificate, key, sessionMinutes"),
    ])
    func problemsNamed(json: String, start: String) {
        let found = problems(json)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix(start) == true, "\(found)")
    }
}

@Suite("serve")
struct ServeEndToEndTests {
    @Test("serve prints the address, answers with the page's headers, seeds the rules once, and stops on SIGTERM")
    func servesUntilSIGTERM() throws {
        let folder = try TemporaryFolder()
        try Data(#"{"loanLimit": 4, "libraryName": "ひまわり文庫"}"#.utf8).write(to: folder.url.appendingPathComponent("config.json"))
        let process = Process()
        process.executableURL = BookKioskBinary.url
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--db", "library.sqlite", "--config", "config.json"]
        process.currentDirectoryURL = folder.url
        process.environment = ["HOME": folder.url.path, "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8"]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // The first line names the address (its port chosen by the system).
        var first = Data()
        while !first.contains(0x0A) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first += chunk
        }
        let line = String(decoding: first, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.hasPrefix("先生のページ: http://127.0.0.1:"))
        let port = try #require(UInt16(line.split(separator: ":").last?.filter(\.isNumber) ?? ""))
        let answer = try Self.get("/sign-in", port: port)
        #expect(answer.hasPrefix("HTTP/1.1 200") || answer.hasPrefix("HTTP/1.0 200"))
        #expect(answer.contains("Content-Security-Policy: default-src 'none'"))
        #expect(answer.contains("bookkiosk_session="))
        #expect(answer.contains(">ログイン</button>"))
        #expect(try Self.get("/loans", port: port).contains("Location: /sign-in"))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let repository = try SQLiteLendingRepository(path: folder.url.appendingPathComponent("library.sqlite").path)
        let rules = try repository.transaction { try $0.libraryRules() }
        #expect(rules?.loanLimit == 4 && rules?.libraryName == "ひまわり文庫")
    }

    /// One plain HTTP/1.0 GET over loopback; the whole answer as text.
    static func get(_ path: String, port: UInt16) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}

@Suite("doctor: web")
struct DoctorWebTests {
    @Test("nothing listening: a warning that says how to start the page; something listening: ok with the address")
    func web() throws {
        // A port that was free a moment ago: bind port 0, note it, close it.
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) } }
        let port = UInt16(bigEndian: address.sin_port)
        var web = WebConfiguration()
        web.listen = ListenAddress(family: .ipv4, host: "0.0.0.0", port: port)
        let doctor = try DoctorCommand([], places: Places(environment: ["HOME": "/nonexistent"]), console: Console())

        close(probe)
        let stopped = doctor.checkWeb(web)
        #expect(stopped.map(\.level) == [.warn])
        #expect(stopped.first?.message.contains("bookkiosk serve") == true)
        #expect(stopped.first?.message.contains("127.0.0.1:\(port)") == true)

        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        try #require(bound == 0)
        listen(listener, 1)
        let running = doctor.checkWeb(web)
        #expect(running.map(\.level) == [.ok])
        // Where teachers open it, as `serve` prints it; never 0.0.0.0, which no browser can open.
        #expect(running == [DoctorCommand.answered(web, target: .loopback(port: port), interfaces: InterfaceAddress.current(), doctor.say)])
        #expect(running.first?.message.contains("0.0.0.0") == false, "\(running)")
    }

    static let interfaces = [
        InterfaceAddress(interface: "lo", family: .ipv4, host: "127.0.0.1", isLoopback: true, isUp: true),
        InterfaceAddress(interface: "eth0", family: .ipv4, host: "192.168.1.20", isLoopback: false, isUp: true),
    ]

    @Test("a page that answers: doctor names the addresses teachers type, in the configuration's language", arguments: [
        ("0.0.0.0:8080", [String](), 2, "en", "the teachers' page answers (plain HTTP); teachers open it at http://192.168.1.20:8080/"),
        ("0.0.0.0:8080", ["toshokan.local"], 2, "en",
         "the teachers' page answers (plain HTTP); teachers open it at http://toshokan.local:8080/ or http://192.168.1.20:8080/"),
        ("0.0.0.0:8080", [], 2, "ja", "動いています(暗号化なしの HTTP)。先生たちは http://192.168.1.20:8080/ で開けます"),
        ("127.0.0.1:8080", [], 2, "en", "the teachers' page answers (plain HTTP); teachers open it at http://127.0.0.1:8080/"),
        // Only a loopback interface: nothing for a teacher to type, and doctor says why.
        ("0.0.0.0:8080", [], 1, "en", "the teachers' page answers on this computer at http://127.0.0.1:8080/ (plain HTTP), but this computer has no network address"),
    ])
    func answered(listen: String, hostNames: [String], interfaceCount: Int, language: String, expected: String) throws {
        var web = WebConfiguration()
        web.listen = try ListenAddress(parsing: listen)
        web.hostNames = hostNames
        let say = doctorWords(Language(rawValue: language)!)
        let finding = DoctorCommand.answered(web, target: .loopback(port: 8080), interfaces: Array(Self.interfaces.prefix(interfaceCount)), say)
        #expect(finding.level == .ok)
        #expect(finding.message.hasPrefix(expected), "\(finding.message)")
    }
}

@Suite("serve: where it listens")
struct ServeListenTests {
    /// A socket listening on 127.0.0.1 at a port the system chose, and that port.
    static func occupiedPort() throws -> (Int32, UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        try #require(bound == 0 && listen(descriptor, 1) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    @Test("a busy port: serve says so once, clearly, and exits 1")
    func busyPort() throws {
        let folder = try TemporaryFolder()
        let (descriptor, port) = try Self.occupiedPort()
        defer { close(descriptor) }
        // In English (the default configuration speaks Japanese: CommandLanguageTests.portInUse).
        let english = try folder.write("config.json", #"{"language": "en"}"#)
        let result = try BookKioskBinary.run(["serve", "--listen", "127.0.0.1:\(port)", "--db", folder.path("library.sqlite"), "--config", english], in: folder.url)
        #expect(result.status == 1)
        #expect(result.errors.components(separatedBy: "already listening").count == 2, "\(result.errors)")
        #expect(result.errors.contains("Another program is already listening on 127.0.0.1:\(port)"))
    }

    @Test("--listen localhost:PORT is resolved to the loopback address")
    func localhostName() throws {
        let folder = try TemporaryFolder()
        let (descriptor, port) = try Self.occupiedPort()
        defer { close(descriptor) }
        // The name is resolved: the refusal names the address it stands for.
        let english = try folder.write("config.json", #"{"language": "en"}"#)
        let result = try BookKioskBinary.run(["serve", "--listen", "localhost:\(port)", "--db", folder.path("library.sqlite"), "--config", english], in: folder.url)
        #expect(!result.errors.contains("not an address"), "\(result.errors)")
        #expect(result.errors.contains("listening on 127.0.0.1:\(port)"), "\(result.errors)")
    }
}
