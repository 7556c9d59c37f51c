import Foundation
import HTTPServer
import Lending
import ScenePainter

/// 「表紙の写真」: a photo of a Book's front, from an iPad's camera or a PC's file, kept in the
/// library's database as its cover (upright, at most 800 px, a JPEG), so the page and every
/// kiosk of the library show it at once. A file of the covers folder wins where it has one.
extension BooksSection {
    /// The section on a Book's page: the file input opens the camera on an iPad or a phone
    /// (`capture="environment"`) and takes a file on a PC; a multipart form, no JavaScript.
    static func coverPhotoSection(_ barcode: String, folderHasOne: Bool, csrf: String, words: any PageWords) -> HTML {
        var content: [HTML] = [
            .el(.h2, .text(words.coverPhoto)),
            .el(.p, [.class("hint")], .text(words.coverPhotoExplained)),
        ]
        if folderHasOne { content.append(.el(.p, [.class("hint")], .text(words.coverPhotoFolderWins))) }
        content.append(
            .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.to(.saveCoverPhoto, barcode)),
                        HTMLAttribute(.enctype, "multipart/form-data"), .class("cover-photo")],
                Form.hidden(PageSecurity.csrfField, csrf),
                .el(.div, [.class("field")],
                    .el(.label, [.for("field-cover-photo")], .text(words.coverPhotoFile)),
                    .el(.input, [.type("file"), .name("photo"), .id("field-cover-photo"), HTMLAttribute(.accept, "image/*"),
                                 HTMLAttribute(.capture, "environment"), .flag(.required)])),
                Form.submit(words.coverPhotoSave, style: "primary")))
        return .el(.section, [.id("cover-photo"), HTMLAttribute(.ariaLabel, words.coverPhoto)], children: content)
    }

    /// `POST /books/BARCODE/cover` (multipart, file `photo`): the photo made upright and small
    /// (outside every transaction: decoding a 12 MB photo takes a moment), then kept and
    /// recorded through `LibraryDesk`. A file that is not a picture is refused beside the form,
    /// and nothing is kept.
    func saveCoverPhoto(_ barcode: String, _ context: PageContext) throws -> HTTPResponse {
        let back = PagePath.book(barcode) + "#cover-photo"
        guard try store.read({ try $0.book(barcode: barcode) }) != nil else { return try notFound(context) }
        guard let upload = context.request.files.first(where: { $0.field == "photo" }), !upload.data.isEmpty else {
            return redirect(back, notice: words.coverPhotoNoFile, refusal: true, context)
        }
        let prepared: CoverPhoto.Prepared
        switch setup.prepareCoverPhoto(upload.data) {
        case .success(let ready):
            prepared = ready
        case .failure(.notAPicture):
            return redirect(back, notice: words.coverPhotoNotAPicture(upload.fileName), refusal: true, context)
        case .failure(.unreadable(let reason)):
            return redirect(back, notice: words.coverPhotoUnreadable(upload.fileName, reason: reason), refusal: true, context)
        }
        let cover = BookCover(barcode: barcode, image: prepared.jpeg, format: .jpeg, savedAt: context.now)
        let saved = try store.write { tx in
            try LibraryDesk(staff: context.staff, at: context.now).saveCoverPhoto(cover, width: prepared.width, height: prepared.height, in: tx)
        }
        switch saved {
        case .saved(let book):
            return redirect(back, notice: words.coverPhotoSaved(title: book.title, width: prepared.width, height: prepared.height), context)
        case .missing, .barcodeTaken:
            return try notFound(context)
        }
    }
}
