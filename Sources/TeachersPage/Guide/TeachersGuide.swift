import Foundation

/// The teachers' guide (先生のページの使い方, `docs/ja/teachers.md`), as the page serves it under
/// 「使い方」: its Markdown read once, laid out as the page's own HTML values (every text escaped
/// as everywhere else), and the screenshots it shows, served by the page itself so the guide
/// opens on a school network without the internet.
///
/// It reads the little Markdown the guide is written in: headings, paragraphs, lists, tables,
/// pictures on a line of their own, and in a line `**strong**`, `` `code` `` and links. A link
/// to another document is shown as its text (the page serves this guide alone); a link to a
/// heading of the guide stays a link.
public struct TeachersGuide: Sendable {
    /// The guide's title (its first `#` heading).
    public var title: String
    /// The guide below its title.
    var content: [HTML]
    /// The pictures it shows, by the name their address carries (`/guide/NAME`).
    public var pictures: [String: URL]

    /// The guide in the Markdown `text`, its pictures' paths relative to `folder`; a picture
    /// whose file is not there is left out.
    public init(markdown text: String, folder: URL) {
        var reader = GuideReader(folder: folder)
        reader.read(text)
        title = reader.title
        content = reader.content
        pictures = reader.pictures
    }

    /// The guide's file below a root: the repository's `docs/`, or the package's
    /// `/usr/share/bookkiosk/guide/`, which keeps the same layout (`ja/teachers.md`,
    /// `page/ja-1024x768/…png`).
    static let file = "ja/teachers.md"

    /// Where the guide is looked for: where the package installs it; `../share/bookkiosk/guide/`
    /// beside the program (an install under /usr/local); and `docs/` in any folder above the
    /// program (a checkout's `.build/debug/bookkiosk`, `swift run`).
    public static func places(program: URL) -> [URL] {
        var places = [URL(fileURLWithPath: "/usr/share/bookkiosk/guide")]
        let folder = program.deletingLastPathComponent()
        places.append(folder.deletingLastPathComponent().appendingPathComponent("share/bookkiosk/guide"))
        var above = folder
        while above.path != "/" {
            places.append(above.appendingPathComponent("docs"))
            above = above.deletingLastPathComponent()
        }
        return places
    }

    /// The guide from the first of `places` that has it; nil when none does.
    public static func find(in places: [URL]) -> TeachersGuide? {
        for root in places {
            let file = root.appendingPathComponent(Self.file)
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            return TeachersGuide(markdown: text, folder: file.deletingLastPathComponent())
        }
        return nil
    }
}

/// Reads the guide's Markdown, block by block.
private struct GuideReader {
    let folder: URL
    var title = ""
    var content: [HTML] = []
    var pictures: [String: URL] = [:]
    private var paragraph: [String] = []
    private var list: (ordered: Bool, items: [[String]])?
    private var table: [[String]] = []
    private var code: [String]?
    private var seenAnchors: [String: Int] = [:]

    init(folder: URL) {
        self.folder = folder
    }

    mutating func read(_ text: String) {
        for line in text.components(separatedBy: "\n") {
            if code != nil {
                if line.hasPrefix("```") { finishCode() } else { code?.append(line) }
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") { finish(); code = []; continue }
            if trimmed.isEmpty || trimmed.hasPrefix("<!--") { finish(); continue }
            if let level = headingLevel(line) {
                finish()
                heading(level, String(line.drop { $0 == "#" }.dropFirst()))
            } else if trimmed.hasPrefix("|") {
                finishAllBut(table: true)
                table.append(cells(trimmed))
            } else if trimmed.hasPrefix("!["), trimmed.hasSuffix(")"), paragraph.isEmpty, list == nil {
                finish()
                content.append(picture(trimmed))
            } else if let item = listItem(line) {
                finishAllBut(list: true)
                if list == nil || list?.ordered != item.ordered { finishList(); list = (item.ordered, []) }
                list?.items.append([item.text])
            } else if line.hasPrefix(" "), var open = list, !open.items.isEmpty {
                open.items[open.items.count - 1].append(trimmed)
                list = open
            } else {
                finishAllBut(paragraph: true)
                paragraph.append(trimmed)
            }
        }
        finish()
    }

    private func headingLevel(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        return (1...3).contains(hashes) && line.dropFirst(hashes).first == " " ? hashes : nil
    }

    private func listItem(_ line: String) -> (ordered: Bool, text: String)? {
        if line.hasPrefix("- ") { return (false, String(line.dropFirst(2))) }
        let digits = line.prefix { $0.isNumber }
        guard !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        return (true, String(line.dropFirst(digits.count + 2)))
    }

    private func cells(_ row: String) -> [String] {
        row.trimmingCharacters(in: CharacterSet(charactersIn: "| ")).components(separatedBy: "|")
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private mutating func heading(_ level: Int, _ text: String) {
        let plain = text.trimmingCharacters(in: .whitespaces)
        if level == 1, title.isEmpty { title = plain; return }
        let slug = Self.anchor(plain)
        let count = seenAnchors[slug, default: 0]
        seenAnchors[slug] = count + 1
        let id = count == 0 ? slug : "\(slug)-\(count)"
        content.append(.el(level <= 2 ? .h2 : .h3, [.id(id)], children: inline(plain)))
    }

    /// A heading's anchor as GitHub makes it, so the guide's own links work here and there.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.filter {
            CharacterSet.letters.contains($0) || CharacterSet.decimalDigits.contains($0)
                || CharacterSet.nonBaseCharacters.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
        }.map(Character.init)).replacingOccurrences(of: " ", with: "-")
    }

    private mutating func picture(_ line: String) -> HTML {
        guard let middle = line.range(of: "](") else { return .empty }
        let alt = String(line[line.index(line.startIndex, offsetBy: 2)..<middle.lowerBound])
        let path = String(line[middle.upperBound..<line.index(before: line.endIndex)])
        let file = folder.appendingPathComponent(path).standardizedFileURL
        guard FileManager.default.fileExists(atPath: file.path) else { return .empty }
        // Its name: the path's folders and file joined by "-", without the "..".
        let name = path.split(separator: "/").filter { $0 != ".." && $0 != "." }.joined(separator: "-")
        pictures[name] = file
        return .el(.p, [.class("guide-picture")],
                   .el(.img, [HTMLAttribute(.src, PageRoute(.guidePicture, name).path), HTMLAttribute(.alt, alt),
                              HTMLAttribute(.loading, "lazy")]))
    }

    /// Lines of one paragraph or item, joined as Japanese is: no space where a line ends or
    /// the next begins with a character that is not ASCII.
    private func joined(_ lines: [String]) -> String {
        lines.reduce("") { text, line in
            guard let last = text.unicodeScalars.last, let first = line.unicodeScalars.first else { return text + line }
            return text + (last.isASCII && first.isASCII ? " " : "") + line
        }
    }

    /// `**strong**`, `` `code` `` and `[text](link)` inside a line; the rest is text.
    private func inline(_ text: String) -> [HTML] {
        var nodes: [HTML] = []
        var plain = ""
        var rest = Substring(text)
        func flush() { if !plain.isEmpty { nodes.append(.text(plain)); plain = "" } }
        while let first = rest.first {
            if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                flush()
                nodes.append(.el(.strong, children: inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]))))
                rest = rest[end.upperBound...]
            } else if first == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                flush()
                nodes.append(.el(.code, .text(String(rest[rest.index(after: rest.startIndex)..<end]))))
                rest = rest[rest.index(after: end)...]
            } else if first == "[", let middle = rest.range(of: "]("), let end = rest[middle.upperBound...].firstIndex(of: ")") {
                flush()
                let label = String(rest[rest.index(after: rest.startIndex)..<middle.lowerBound])
                let target = String(rest[middle.upperBound..<end])
                if target.hasPrefix("#") || target.hasPrefix("http://") || target.hasPrefix("https://") {
                    nodes.append(.el(.a, [.href(target)], children: inline(label)))
                } else {
                    nodes.append(contentsOf: inline(label))
                }
                rest = rest[rest.index(after: end)...]
            } else {
                plain.append(first)
                rest = rest.dropFirst()
            }
        }
        flush()
        return nodes
    }

    private mutating func finish() {
        finishAllBut()
    }

    private mutating func finishAllBut(paragraph keepParagraph: Bool = false, list keepList: Bool = false, table keepTable: Bool = false) {
        if !keepParagraph, !paragraph.isEmpty {
            content.append(.el(.p, children: inline(joined(paragraph))))
            paragraph = []
        }
        if !keepList { finishList() }
        if !keepTable, !table.isEmpty {
            let header = table[0]
            let rows = table.dropFirst().filter { !$0.allSatisfy { $0.allSatisfy { "-: ".contains($0) } } }
            content.append(.el(.table, [.class("list guide-table")],
                .el(.thead, .el(.tr, children: header.map { .el(.th, [HTMLAttribute(.scope, "col")], children: inline($0)) })),
                .el(.tbody, children: rows.map { row in .el(.tr, children: row.map { .el(.td, children: inline($0)) }) })))
            table = []
        }
    }

    private mutating func finishList() {
        guard let open = list else { return }
        content.append(.el(open.ordered ? .ol : .ul, children: open.items.map { .el(.li, children: inline(joined($0))) }))
        list = nil
    }

    private mutating func finishCode() {
        content.append(.el(.pre, .el(.code, .text((code ?? []).joined(separator: "\n")))))
        code = nil
    }
}
