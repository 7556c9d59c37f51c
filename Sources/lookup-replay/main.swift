import Foundation
import LookupReplay

// Test helper: serves recorded NDL Search and openBD answers on 127.0.0.1 until stopped.
//   lookup-replay FOLDER [PORT]
// Prints "http://127.0.0.1:PORT" (the base URL for lookup.ndlSearch and lookup.openBD) on one
// line, then answers until it gets SIGTERM or SIGINT. Not shipped.
let arguments = CommandLine.arguments.dropFirst()
guard let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: lookup-replay FOLDER [PORT]\n".utf8))
    exit(2)
}
let port = arguments.dropFirst().first.flatMap { UInt16($0) } ?? 0
do {
    let server = try ReplayServer(recordings: URL(fileURLWithPath: folder), port: port)
    FileHandle.standardOutput.write(Data((server.url + "\n").utf8))
    signal(SIGTERM, SIG_IGN)
    signal(SIGINT, SIG_IGN)
    let signals = [SIGTERM, SIGINT].map { DispatchSource.makeSignalSource(signal: $0, queue: .main) }
    for source in signals {
        source.setEventHandler { server.stop(); exit(0) }
        source.resume()
    }
    dispatchMain()
} catch {
    FileHandle.standardError.write(Data("lookup-replay: \(error)\n".utf8))
    exit(1)
}
