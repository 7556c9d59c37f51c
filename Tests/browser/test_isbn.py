"""Books by their ISBN on the teachers' page: 絵本を追加's 「調べる」 and
「まとめて登録」, clicked and typed as a teacher does (a scanner paired with the iPad types the
ISBN and Enter), against recorded NDL Search and openBD answers served on 127.0.0.1 by
`lookup-replay` (never the network). Screenshots go to the test's temporary folder."""
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import BOOKKIOSK, Library, sign_in

LANGUAGES = ["ja", "en"]
FIXTURES = Path(__file__).resolve().parents[1] / "lookup-fixtures"

#: At the NDL (プラチナデータ, 幻冬舎), at openBD only (おにぎりレシピ101), and found nowhere.
NDL_ISBN, OPENBD_ISBN, UNKNOWN_ISBN = "978-4-344-01847-1", "9784780802047", "9784834000825"

TEXT = {
    "ja": {"look_up": "調べる", "add_many": "まとめて登録", "register": "登録", "label": "ラベルの番号", "isbn": "ISBN",
           "title": "書名", "barcode": "バーコード", "author": "著者", "credit_ndl": "書誌データ：国立国会図書館サーチ",
           "credit_openbd": "書誌データ：openBD", "not_found": "見つかりませんでした", "needs_title": "書名が必要です",
           "register_titled": "この書名で登録", "undo": "取り消し", "undone": "取り消しました", "print_labels": "ラベルを印刷",
           "printed_three": "ラベル 3枚、用紙"},
    "en": {"look_up": "Look up", "add_many": "Add many", "register": "Register", "label": "Label number", "isbn": "ISBN",
           "title": "Title", "barcode": "Barcode", "author": "Author", "credit_ndl": "Bibliographic data: NDL Search (国立国会図書館サーチ)",
           "credit_openbd": "Bibliographic data: openBD", "not_found": "was found neither", "needs_title": "Needs a title",
           "register_titled": "Register with this title", "undo": "Undo", "undone": "Undone", "print_labels": "Print labels",
           "printed_three": "3 labels on"},
}


@pytest.fixture(scope="module")
def replay():
    """`lookup-replay` (built beside bookkiosk) serving the recorded answers; its base URL."""
    program = Path(BOOKKIOSK).parent / "lookup-replay"
    if not program.exists():
        pytest.fail(f"no lookup-replay beside {BOOKKIOSK}: build it (swift build --product lookup-replay)")
    process = subprocess.Popen([str(program), str(FIXTURES)], stdout=subprocess.PIPE, text=True)
    assert process.stdout
    url = process.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), f"lookup-replay printed {url!r}"
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def library(language: str, tmp_path_factory: pytest.TempPathFactory, replay: str):
    """The browser suite's library, its page looking books up at the replay server."""
    made = Library(tmp_path_factory.mktemp(f"library-isbn-{language}"), language, env={"BOOKKIOSK_LOOKUP_URL": replay})
    made.make()
    made.start()
    yield made
    code = made.stop()
    assert code == 0, f"bookkiosk serve exited {code} on SIGTERM:\n{made.stderr()}"


@pytest.fixture
def text(language: str) -> dict[str, str]:
    return TEXT[language]


def test_look_up_fills_the_form_and_the_book_credits_the_ndl(page, words, text, library, tmp_path):
    page.goto("/books")
    page.get_by_role("link", name=words["add_book"], exact=True).click()
    page.wait_for_load_state()
    isbn = page.get_by_label(text["isbn"], exact=True)
    expect(isbn).to_be_focused()
    isbn.fill(NDL_ISBN)
    page.get_by_role("button", name=text["look_up"], exact=True).click()
    page.wait_for_load_state()
    expect(page.get_by_label(text["title"], exact=True)).to_have_value("プラチナデータ")
    expect(page.get_by_label(words["reading"], exact=True)).to_have_value("ぷらちな でーた")
    expect(page.get_by_label(text["author"], exact=True)).not_to_have_value("")
    expect(page.locator("main")).to_contain_text(text["credit_ndl"])
    page.screenshot(path=tmp_path / "book-lookup.png", full_page=True)
    page.get_by_label(text["barcode"], exact=True).fill("B0100")
    page.get_by_role("button", name=words["save"], exact=True).last.click()
    page.wait_for_load_state()
    assert page.url.endswith("/books/B0100"), page.url
    main = page.locator("main")
    expect(main).to_contain_text("プラチナデータ")
    expect(main).to_contain_text("ぷらちな でーた")
    expect(main.get_by_role("link", name=text["credit_ndl"], exact=True)).to_be_visible()


def test_a_scanners_enter_in_the_isbn_field_looks_it_up(page, text):
    page.goto("/books/new")
    # The scanner types where the focus is: the ISBN field, as the page opens.
    expect(page.get_by_label(text["isbn"], exact=True)).to_be_focused()
    page.keyboard.type(OPENBD_ISBN)
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.get_by_label(text["title"], exact=True)).to_have_value("おにぎりレシピ101")
    expect(page.locator("main")).to_contain_text(text["credit_openbd"])


def test_a_book_found_nowhere_is_said_plainly_and_typed(page, words, text):
    page.goto("/books/new")
    page.get_by_label(text["isbn"], exact=True).fill(UNKNOWN_ISBN)
    page.get_by_role("button", name=text["look_up"], exact=True).click()
    page.wait_for_load_state()
    expect(page.get_by_role("alert")).to_contain_text(text["not_found"])
    title = page.get_by_label(text["title"], exact=True)
    expect(title).to_be_focused()
    expect(title).to_have_value("")
    title.fill("ぐりとぐら")
    page.get_by_label(text["barcode"], exact=True).fill("B0101")
    page.get_by_role("button", name=words["save"], exact=True).last.click()
    page.wait_for_load_state()
    assert page.url.endswith("/books/B0101"), page.url


def scan(page, isbn: str) -> None:
    """What a scanner paired with the iPad does: types into the focused field (the ISBN field,
    which has the focus each time the page opens), then Enter."""
    expect(page.locator("input[name=isbn]")).to_be_focused()
    page.keyboard.type(isbn)
    # Enter sends the form: wait for the page it brings before the next scan is typed
    # (wait_for_load_state alone can return before that navigation has begun, and the next
    # scan then goes into the page being left).
    with page.expect_navigation():
        page.keyboard.press("Enter")


def test_add_many_registers_each_scan_lists_it_and_prints_exactly_its_labels(page, words, text, library, tmp_path):
    page.goto("/books")
    page.get_by_role("link", name=text["add_many"], exact=True).click()
    page.wait_for_load_state()
    expect(page.get_by_label(text["isbn"], exact=True)).to_be_focused()
    scan(page, NDL_ISBN)
    scan(page, OPENBD_ISBN)
    scan(page, NDL_ISBN)
    scan(page, UNKNOWN_ISBN)
    rows = page.locator("main table.scanned tbody tr")
    expect(rows).to_have_count(4)
    # Newest first: the one found nowhere, then the second プラチナデータ, おにぎりレシピ101, the first.
    expect(rows.nth(0)).to_contain_text(text["needs_title"])
    expect(rows.nth(1)).to_contain_text("プラチナデータ")
    expect(rows.nth(1)).to_contain_text("20000003")
    expect(rows.nth(2)).to_contain_text("おにぎりレシピ101")
    expect(rows.nth(3)).to_contain_text("20000001")
    expect(page.locator("main")).to_contain_text(text["credit_ndl"])
    expect(page.locator("main")).to_contain_text(text["credit_openbd"])
    # The scanner's field has the focus again for the next book.
    expect(page.get_by_label(text["isbn"], exact=True)).to_be_focused()

    # The one found nowhere gets its title typed, and is registered.
    needs = rows.nth(0)
    needs.get_by_role("textbox").fill("ぐりとぐら")
    needs.get_by_role("button", name=text["register_titled"], exact=True).click()
    page.wait_for_load_state()
    expect(rows.nth(0)).to_contain_text("ぐりとぐら")
    expect(rows.nth(0)).to_contain_text("20000004")

    # 取り消し takes the first copy out again.
    rows.nth(3).get_by_role("button", name=text["undo"], exact=True).click()
    page.wait_for_load_state()
    expect(rows.nth(3)).to_contain_text(text["undone"])
    assert page.goto("/books/20000001").status == 404
    page.goto("/books/scan")
    expect(page.locator("main")).to_contain_text(text["print_labels"])
    page.screenshot(path=tmp_path / "books-scan.png", full_page=True)

    with page.expect_download() as download:
        page.get_by_role("button", name=text["print_labels"]).click()
    pdf = download.value.path()
    assert pdf and Path(pdf).read_bytes().startswith(b"%PDF"), "the labels come as a PDF"
    # Exactly the run's three copies (not the one undone, not the library's others) were printed.
    page.goto("/settings")
    expect(page.locator("main")).to_contain_text(text["printed_three"])


def test_add_many_works_without_javascript(browser, library, words, text):
    context = browser.new_context(base_url=library.url, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, words)
    page.goto("/books/scan")
    page.get_by_label(text["isbn"], exact=True).fill("4-12-201795-5")
    page.get_by_role("button", name=text["register"], exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("main table.scanned tbody tr").first).to_contain_text("9784122017955")
    expect(page.locator("main")).to_contain_text(text["credit_ndl"])
    context.close()
