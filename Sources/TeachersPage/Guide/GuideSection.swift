import Foundation
import HTTPServer

/// 「使い方」: the teachers' guide and its pictures.
struct GuideSection: PageSection {
    let shared: PageShared

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/guide", .guide) { page, _, context in try page.guide.guide(context) },
            .get("/guide/{}", .guidePicture) { page, values, _ in page.guide.guidePicture(values[0]) },
        ]),
    ]
}

extension GuideSection {
    /// `GET /guide`: 「使い方」, the teachers' guide, in the page's frame.
    func guide(_ context: PageContext) throws -> HTTPResponse {
        let library = try store.read { try self.library($0) }
        let guide = GuidePage(guide: setup.guide)
        return page(context, library, heading: guide.heading(words: words), section: .guide, content: guide.content(words: words))
    }

    /// `GET /guide/NAME`: one of the guide's pictures (the page's own screenshots).
    func guidePicture(_ name: String) -> HTTPResponse {
        guard let file = setup.guide?.pictures[name], let data = FileManager.default.contents(atPath: file.path) else {
            return HTTPResponse(status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("no such picture".utf8))
        }
        let type = file.pathExtension.lowercased() == "png" ? "image/png" : "image/jpeg"
        return HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "private, max-age=3600")], body: Array(data))
    }
}
