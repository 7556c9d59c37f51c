import Foundation
import Testing
@testable import BookKioskCommands
@testable import CommandCore

/// One ```sh block of the README or a guide under docs/, with the marker written just before its
/// fence (docs/README.md explains the markers):
///
///     <!-- run -->                                   run as it is
///     <!-- run: with the sample books.csv users.csv -->  run in a folder that has those files
///     <!-- run: prints the block below -->           its standard output is the next block
///     <!-- run: skip (needs root: …) -->             not run, for the reason given
struct DocumentedBlock: Sendable, CustomTestStringConvertible {
    enum Marker: Sendable, Equatable {
        case run(samples: [String])
        case prints(String)
        case skip(reason: String)
        case unmarked
        case unreadable(String)
    }

    var file: String
    var line: Int
    var script: String
    var marker: Marker

    var testDescription: String { "\(file):\(line)" }

    /// Every `bookkiosk` command the block starts, as the word after `bookkiosk` where
    /// `bookkiosk` stands where a command does: first on a line, after a pipe, `&&`, `;`, `$(`,
    /// `swift run` or `sudo -u bookkiosk`.
    var commandsNamed: [String] {
        var names: [String] = []
        for line in script.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            for (index, word) in words.enumerated() where index + 1 < words.count {
                let previous = index == 0 ? nil : words[index - 1]
                let startsACommand = previous == nil || ["|", "&&", "||", ";", "run"].contains(previous!)
                    || previous == "bookkiosk" && index >= 2 && words[index - 2] == "-u"
                guard word == "bookkiosk" || word == "$(bookkiosk", startsACommand || word.hasPrefix("$(") else { continue }
                let next = words[index + 1]
                if !next.hasPrefix("-"), !next.hasPrefix("#") { names.append(next) }
            }
        }
        return names
    }
}

/// The README and the guides, as the documentation test reads them.
enum Documentation {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every Markdown file under docs/, as paths from the repository's root.
    static let files: [String] = {
        let docs = repository.appendingPathComponent("docs")
        let guides = (FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        return ["README.md"] + guides.sorted()
    }()

    static func text(_ file: String) -> String {
        (try? String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    static let blocks: [DocumentedBlock] = files.flatMap { blocks(in: text($0), file: $0) }
    static var runnable: [DocumentedBlock] {
        blocks.filter { if case .skip = $0.marker { false } else { true } }
    }
    static var skipped: [DocumentedBlock] {
        blocks.filter { if case .skip = $0.marker { true } else { false } }
    }

    /// The fenced blocks of a Markdown text: (the line of the fence, its info string, its lines
    /// with the fence's indent taken off).
    static func fences(in text: String) -> [(line: Int, info: String, body: [String])] {
        let lines = text.components(separatedBy: "\n")
        var result: [(Int, String, [String])] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].drop { $0 == " " }
            guard trimmed.hasPrefix("```") else { index += 1; continue }
            let indent = lines[index].count - trimmed.count
            let info = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            var body: [String] = []
            var end = index + 1
            while end < lines.count, !lines[end].drop(while: { $0 == " " }).hasPrefix("```") {
                body.append(String(lines[end].dropFirst(min(indent, lines[end].prefix { $0 == " " }.count))))
                end += 1
            }
            result.append((index + 1, info, body))
            index = end + 1
        }
        return result
    }

    static func blocks(in text: String, file: String) -> [DocumentedBlock] {
        let lines = text.components(separatedBy: "\n")
        let fences = fences(in: text)
        return fences.enumerated().compactMap { position, fence in
            guard fence.info == "sh" else { return nil }
            let before = lines[..<(fence.line - 1)].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
                .trimmingCharacters(in: .whitespaces) ?? ""
            let marker: DocumentedBlock.Marker
            if before == "<!-- run -->" {
                marker = .run(samples: [])
            } else if before.hasPrefix("<!-- run: "), before.hasSuffix(" -->") {
                let words = String(before.dropFirst("<!-- run: ".count).dropLast(" -->".count))
                if words.hasPrefix("skip (") && words.hasSuffix(")") {
                    marker = .skip(reason: String(words.dropFirst("skip (".count).dropLast()))
                } else if words.hasPrefix("with the sample ") {
                    marker = .run(samples: words.dropFirst("with the sample ".count).split(separator: " ").map(String.init))
                } else if words == "prints the block below", position + 1 < fences.count, fences[position + 1].info.isEmpty {
                    marker = .prints(fences[position + 1].body.joined(separator: "\n"))
                } else {
                    marker = .unreadable(words)
                }
            } else {
                marker = .unmarked
            }
            return DocumentedBlock(file: file, line: fence.line, script: fence.body.joined(separator: "\n"), marker: marker)
        }
    }

    /// Sample files a block may ask for, small and in the import's own columns.
    static let samples: [String: String] = [
        "books.csv": "barcode,title,author,isbn\nB0001,ぐりとぐら,なかがわ りえこ,9784834000825\n,はらぺこあおむし,エリック・カール,\n",
        "users.csv": "card,name,reading,class\nC0001,はると,はると,ひよこ組\nC0002,めい,めい,ひよこ組\n",
        "children.csv": "card,name,reading,class\n,山田 はると,やまだ はると,ひよこ組\n,鈴木 めい,すずき めい,うさぎ組\n",
    ]

    /// GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as
    /// `-`; a repeated one gets `-1`, `-2`, ….
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.drop(while: { $0 == " " }).hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let heading = line.drop { $0 == "#" }
            guard heading.first == " " else { continue }
            let slug = String(heading.dropFirst().trimmingCharacters(in: .whitespaces).lowercased().unicodeScalars.filter {
                CharacterSet.letters.contains($0) || CharacterSet.decimalDigits.contains($0) || CharacterSet.nonBaseCharacters.contains($0)
                    || $0 == "-" || $0 == "_" || $0 == " "
            }.map(Character.init)).replacingOccurrences(of: " ", with: "-")
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The targets of the Markdown links and pictures of a text, outside fenced blocks and code.
    static func links(in text: String) -> [String] {
        var targets: [String] = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.drop(while: { $0 == " " }).hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence else { continue }
            let outsideCode = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(outsideCode)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return targets
    }
}

@Suite("The README's and the guides' commands and links")
struct DocumentationTests {
    static var binaryBuilt: Bool { FileManager.default.isExecutableFile(atPath: BookKioskBinary.url.path) }

    @Test("every shell block is marked: run, or skipped with a reason", arguments: Documentation.blocks)
    func marked(_ block: DocumentedBlock) {
        switch block.marker {
        case .unmarked: Issue.record("\(block.file):\(block.line): mark this block <!-- run --> or <!-- run: skip (REASON) -->")
        case .unreadable(let words): Issue.record("\(block.file):\(block.line): a marker this test does not know: \(words)")
        case .skip(let reason): #expect(reason.count >= 10, "\(block.file):\(block.line): say why it is not run")
        case .run(let samples): for name in samples { #expect(Documentation.samples[name] != nil, "no sample \(name)") }
        case .prints: break
        }
    }

    @Test("the guides have blocks of each kind, the README's two set-up lines first")
    func guidesAreRead() throws {
        #expect(Documentation.files.contains("docs/ja/setup.md"))
        #expect(Documentation.files.contains("docs/ja/teachers.md"))
        #expect(Documentation.runnable.count >= 4)
        #expect(Documentation.skipped.count >= 10)
        let first = try #require(Documentation.blocks.first)
        #expect(first.file == "README.md")
        #expect(first.script == "scripts/setup && swift run bookkiosk demo\nscripts/setup --tests && swift test")
    }

    @Test("every bookkiosk command a block names is one the program has", arguments: Documentation.blocks)
    func commandsExist(_ block: DocumentedBlock) {
        for name in block.commandsNamed {
            #expect(BookKiosk.command(named: name) != nil, "\(block.file):\(block.line) runs `bookkiosk \(name)`, which is no command")
        }
    }

    @Test("every script a block names is in the repository", arguments: Documentation.blocks)
    func scriptsExist(_ block: DocumentedBlock) {
        let words = block.script.split(whereSeparator: { " \n\t|&;(".contains($0) })
        for word in words where word.hasPrefix("scripts/") || word.hasPrefix("kiosk/") && word.hasSuffix(".sh") {
            #expect(FileManager.default.isExecutableFile(atPath: Documentation.repository.appendingPathComponent(String(word)).path),
                    "\(block.file):\(block.line) runs \(word), which is not an executable file here")
        }
    }

    @Test("a block marked to run runs, with the built bookkiosk first on the PATH, in a folder of its own",
          .enabled(if: binaryBuilt, "the bookkiosk program is not built (swift build)"),
          arguments: Documentation.runnable)
    func runs(_ block: DocumentedBlock) throws {
        let folder = try TemporaryFolder()
        if case .run(let samples) = block.marker {
            for name in samples { try folder.write(name, try #require(Documentation.samples[name])) }
        }
        let result = try Self.shell(block.script, in: folder.url)
        #expect(result.status == 0, "\(block.file):\(block.line) exited \(result.status):\n\(result.errors)")
        if case .prints(let expected) = block.marker {
            #expect(result.output.trimmingCharacters(in: .newlines) == expected.trimmingCharacters(in: .newlines),
                    "\(block.file):\(block.line) printed:\n\(result.output)")
        }
    }

    /// The blocks marked skip are never run here; the test shows as skipped with each block's
    /// reason. Each is still checked above: marked, its commands and scripts real.
    @Test("the blocks that need root, a kiosk's hardware, a network or a long build are not run",
          .disabled(Comment(rawValue: Documentation.skipped.map { block in
              guard case .skip(let reason) = block.marker else { return "" }
              return "\(block.file):\(block.line) \(reason)"
          }.joined(separator: "; "))))
    func notRunHere() {}

    @Test("every relative link leads to a file, and every anchor to a heading", arguments: Documentation.files)
    func linksResolve(_ file: String) throws {
        let text = Documentation.text(file)
        let folder = Documentation.repository.appendingPathComponent(file).deletingLastPathComponent()
        for link in Documentation.links(in: text) {
            if link.contains("://") || link.hasPrefix("mailto:") { continue }
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0].removingPercentEncoding ?? parts[0]
            let target = path.isEmpty ? Documentation.repository.appendingPathComponent(file)
                                      : folder.appendingPathComponent(path).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: target.path), "\(file): \(link) leads nowhere")
            if parts.count == 2, target.pathExtension == "md" {
                let anchor = parts[1].removingPercentEncoding ?? parts[1]
                let anchors = Documentation.anchors(in: (try? String(contentsOf: target, encoding: .utf8)) ?? "")
                #expect(anchors.contains(anchor), "\(file): \(link) names no heading of \(target.lastPathComponent)")
            }
        }
    }

    @Test("the README fits on a screen or two and links to the Japanese guides from its first screen")
    func readmeIsAFrontPage() {
        let lines = Documentation.text("README.md").components(separatedBy: "\n")
        #expect(lines.count <= 250)
        let firstScreen = lines.prefix(10).joined(separator: "\n")
        #expect(firstScreen.contains("(docs/ja/setup.md)"))
        #expect(firstScreen.contains("(docs/ja/teachers.md)"))
    }

    @Test("the anchors are GitHub's")
    func anchorsAreGitHubs() {
        #expect(Documentation.anchors(in: "# The teachers' page / 先生のページ\n## 4. Connect the scanner\n## `bookkiosk` on the PATH\n## A\n## A")
            == ["the-teachers-page--先生のページ", "4-connect-the-scanner", "bookkiosk-on-the-path", "a", "a-1"])
        #expect(Documentation.anchors(in: "## 進級（年度のかわりめ）") == ["進級年度のかわりめ"])
    }

    @Test("a block's commands are found after sudo, pipes and $(")
    func commandsAreFound() {
        let block = DocumentedBlock(file: "x", line: 1, script: "sudo -u bookkiosk bookkiosk staff add 先生\nprintf 'x' | bookkiosk simulate --db a\nbookkiosk --version", marker: .run(samples: []))
        #expect(block.commandsNamed == ["staff", "simulate"])
    }

    /// Runs `script` with bash (-e, pipefail) in `directory`: the built program's folder first on
    /// the PATH, HOME the folder, Japan's time zone, book lookups to a port where nothing listens.
    static func shell(_ script: String, in directory: URL) throws -> BookKioskBinary.Result {
        try BookKioskBinary.run(URL(fileURLWithPath: "/bin/bash"), ["-e", "-o", "pipefail", "-c", script], input: "", in: directory, environment: [
            "HOME": directory.path, "PATH": BookKioskBinary.url.deletingLastPathComponent().path + ":/usr/bin:/bin",
            "TZ": "Asia/Tokyo", "LANG": "C.UTF-8", "BOOKKIOSK_LOOKUP_URL": "http://127.0.0.1:9",
        ])
    }
}
