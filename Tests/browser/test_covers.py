"""「表紙の写真」 on a Book's page: a teacher takes the cover's photo (here: chooses a
file, as Playwright's `set_input_files` gives the file input what the iPad's camera would),
saves it, and sees it at once; a file that is not a picture is refused with a message next to
the form, in view. The photo is a PNG made here (Python's zlib), 1200×900, red on top: the page
keeps it upright at 800×600. Screenshots go to the test's temporary folder."""
import struct
import zlib

from playwright.sync_api import expect

LANGUAGES = ["ja", "en"]

TEXT = {
    "ja": {"heading": "表紙の写真", "photo": "写真", "save": "写真を保存する", "saved": "表紙の写真を保存しました(800×600 ピクセル)",
           "not_a_photo": "写真ではないので保存できません"},
    "en": {"heading": "Cover photo", "photo": "Photo", "save": "Save the photo", "saved": "(800×600 pixels)",
           "not_a_photo": "is not a photo, so it was not saved"},
}


def png(width: int, height: int) -> bytes:
    """A PNG of `width`×`height`: its top half red, its bottom half blue."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    red, blue = b"\x00" + b"\xe0\x10\x10" * width, b"\x00" + b"\x10\x20\xe0" * width
    rows = red * (height // 2) + blue * (height - height // 2)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def test_a_teacher_photographs_a_cover_and_sees_it(page, language, tmp_path):
    say = TEXT[language]
    page.goto("/books/B0002")
    section = page.locator("#cover-photo")
    expect(section.get_by_role("heading", name=say["heading"])).to_be_visible()
    field = section.get_by_label(say["photo"], exact=True)
    expect(field).to_have_attribute("accept", "image/*")
    expect(field).to_have_attribute("capture", "environment")
    field.set_input_files(files=[{"name": "IMG_0001.PNG", "mimeType": "image/png", "buffer": png(1200, 900)}])
    section.get_by_role("button", name=say["save"], exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("#cover-photo")).to_contain_text(say["saved"])
    cover = page.locator("main img.cover-large")
    expect(cover).to_be_visible()
    # Loaded, and the size the page kept.
    page.wait_for_function("image => image.complete && image.naturalWidth > 0", arg=cover.element_handle())
    assert cover.evaluate("image => [image.naturalWidth, image.naturalHeight]") == [800, 600]
    page.screenshot(path=tmp_path / f"book-cover-photo-{language}.png", full_page=True)
    # In the list of Books too.
    page.goto("/books")
    expect(page.locator("main img.cover").first).to_be_visible()


def test_a_file_that_is_not_a_picture_is_refused_in_view(page, language):
    say = TEXT[language]
    page.set_viewport_size({"width": 375, "height": 700})
    page.goto("/books/B0003")
    section = page.locator("#cover-photo")
    section.get_by_label(say["photo"], exact=True).set_input_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": "ぐりとぐら\n".encode()}])
    section.get_by_role("button", name=say["save"], exact=True).click()
    page.wait_for_load_state()
    alert = page.locator("#cover-photo [role=alert]")
    expect(alert).to_contain_text(say["not_a_photo"])
    expect(alert).to_be_visible()
    expect(alert).to_be_in_viewport()
    expect(page.locator("main img.cover-large")).to_have_count(0)
