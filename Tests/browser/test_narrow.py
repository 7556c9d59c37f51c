"""Every page of the teachers' page fits an iPad held upright (768 px) and a phone (375 px) with
real data: long titles (one without a place to break), long names and class names, a Loan of a
long title to a child with a long name, several buttons. The pages are found as a teacher finds
them, by following every link from ホーム (the navigation, a Book's page, a child's page, 記録's
tabs…), and the pages a form leads to are added: the 取り込み preview with old → new values, the
restore check, まとめて登録 with a run (a copy registered, one undone, one waiting for its title).

BOOKKIOSK_SCREENSHOTS=DIR keeps a screenshot of each page at each size there, to look at."""
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import BOOKKIOSK, Library, every_page

LANGUAGES = ["ja", "en"]
SIZES = [(768, 1024), (375, 812)]

LONG_TITLE = "ちいさなうさこちゃんとおおきなクリスマスツリーのおはなし　ほんとうにながいながいタイトルのえほん　だい三かん"
#: A title with nowhere to break a line: a word wraps only where the page lets it.
UNBROKEN_TITLE = "Supercalifragilisticexpialidocious-and-the-extraordinarily-long-unbroken-title-of-a-picture-book"
LONG_AUTHOR = "エリック・カール/ディック・ブルーナ/なかがわりえこ/おおむらゆりこ/わかやまけん"
LONG_NAME = "たかはしもとひろあきらのすけえもんたろうまるこ"
LONG_CLASS = "ひよこ組(年少さん・あさのクラス・まつばら先生)"
ISBN = "9784834000825"

#: Links that are not pages: downloads and files.
NOT_PAGES = re.compile(r"^/(settings/backup|print/notices|covers/|qr\.svg|style\.css)|[?&]format=csv|/export")
#: How many pages of one shape (/books/…, /users/…) are visited: the long ones are linked first.
PER_SHAPE = 3


def shape(path: str) -> str:
    """The route a path belongs to: `/books/B0001/edit` → `/books/*/edit`."""
    parts = urlsplit(path).path.split("/")
    if len(parts) > 2 and parts[1] in {"books", "users", "loans", "classes"} and parts[2] not in {"new", "scan", "promote"}:
        parts[2] = "*"
    return "/".join(parts) + ("?" + urlsplit(path).query.split("=")[0] if urlsplit(path).query else "")


@pytest.fixture(scope="module")
def library(language: str, tmp_path_factory: pytest.TempPathFactory):
    """The suite's library, its lookups sent where nothing answers: まとめて登録's run gets a
    row that asks for the title, never a question to the real NDL."""
    if not Path(BOOKKIOSK).exists():
        pytest.fail(f"no bookkiosk at {BOOKKIOSK}: build it (swift build --product bookkiosk) or set BOOKKIOSK")
    made = Library(tmp_path_factory.mktemp(f"narrow-{language}"), language, env={"BOOKKIOSK_LOOKUP_URL": "http://127.0.0.1:9"})
    made.make()
    made.start()
    yield made
    code = made.stop()
    assert code == 0, f"bookkiosk serve exited {code} on SIGTERM:\n{made.stderr()}"


@pytest.fixture(scope="module")
def long_data(library):
    """Long titles and names in the module's library, a Loan of each long title, and a backup."""
    folder = library.folder
    books = folder / "long-books.csv"
    books.write_text("barcode,title,author,isbn\n"
                     f"B0101,{LONG_TITLE},{LONG_AUTHOR},{ISBN}\n"
                     f"B0102,{UNBROKEN_TITLE},{LONG_AUTHOR},\n"
                     f"B0103,{LONG_TITLE}(その2),,\n", encoding="utf-8")
    users = folder / "long-users.csv"
    users.write_text("card,name,class\n"
                     f"C0101,{LONG_NAME},{LONG_CLASS}\n"
                     f"C0102,{LONG_NAME}のいもうと,{LONG_CLASS}\n"
                     "C0103,Alexandrina-Wilhelmina-Charlotte Featherstonehaugh-Cholmondeley,ひよこ組\n", encoding="utf-8")
    library.cli("import", "books", str(books))
    library.cli("import", "users", str(users))
    library.cli("classes", "grade", LONG_CLASS, "1")
    library.cli("classes", "grade", "ひよこ組", "2")
    library.simulate("C0101", "B0101", "C0102", "B0102", "C0103", "B0103")
    backup = folder / "long-backup.sqlite"
    if not backup.exists():
        library.cli("backup", str(backup))
    # A users file that changes a long name's class and name: the preview shows old → new.
    changes = folder / "long-changes.csv"
    changes.write_text("card,name,class\n"
                       f"C0101,{LONG_NAME}{LONG_NAME},ひよこ組\n"
                       f"C0104,{LONG_NAME}のおとうと,ひよこぐみ\n", encoding="utf-8")
    return {"backup": backup, "changes": changes}


def overflow(page) -> tuple[int, list[str]]:
    """How far the document is wider than the viewport (0 when it fits), and the innermost
    elements that reach past its right edge."""
    return page.evaluate("""() => {
        const width = window.innerWidth;
        const over = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - width;
        const past = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > width + 0.5)
            .filter(e => ![...e.children].some(c => c.getBoundingClientRect().right > width + 0.5))
            .slice(0, 4)
            .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + String(e.className).split(' ').join('.') : '')
                      + ' right=' + Math.round(e.getBoundingClientRect().right));
        return [over, over > 0 ? past : []];
    }""")


def crawl(page) -> list[str]:
    """Every page linked from ホーム and from the pages it links to, up to PER_SHAPE of a shape,
    and every kind of page the layout suite visits (a form's page that no link leads to, such
    as 進級の確認 or a Book's 貸出, among them)."""
    kinds = every_page(page)
    seen, counted, queue = set(), {}, ["/"] + kinds
    found = []
    while queue:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        key = shape(path)
        if counted.get(key, 0) >= PER_SHAPE and path not in kinds:
            continue
        counted[key] = counted.get(key, 0) + 1
        response = page.goto(path)
        if not response or response.status != 200 or "html" not in (response.headers.get("content-type") or ""):
            continue
        found.append(path)
        hrefs = page.eval_on_selector_all("a[href^='/']", "links => links.map(a => a.getAttribute('href'))")
        for href in hrefs:
            target = href.split("#")[0]
            if target and not NOT_PAGES.search(target) and target not in seen:
                queue.append(target)
    return found


def screenshot(page, name: str) -> None:
    folder = os.environ.get("BOOKKIOSK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / (re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_") + ".png")), full_page=True)


def after_forms(page, words, long_data, language: str) -> list[tuple[str, object]]:
    """The pages a form leads to, each opened by a function: (name, open)."""
    def import_preview():
        page.goto("/import")
        page.get_by_label(words["csv_file"], exact=True).set_input_files(str(long_data["changes"]))
        page.get_by_role("button", name=words["import_check"], exact=True).click()
        page.wait_for_load_state()

    def restore_check():
        page.goto("/settings")
        page.get_by_label(words["backup_file"], exact=True).set_input_files(str(long_data["backup"]))
        page.get_by_role("button", name=words["restore_check"], exact=True).click()
        page.wait_for_load_state()

    def scan(isbn: str) -> None:
        field = page.locator("input[name=isbn]")
        field.fill(isbn)
        with page.expect_navigation():
            field.press("Enter")

    def scan_run():
        # Rows of every kind, as a run has them: one registered with a long title typed in
        # (編集 and 取り消し beside it), one undone, and one still waiting for its title (the
        # lookups reach nothing here, so every scan asks for one).
        page.goto("/books/scan")
        restart = page.locator("form[action='/books/scan/restart'] button")
        if restart.count():
            with page.expect_navigation():
                restart.click()
        for title in [LONG_TITLE, UNBROKEN_TITLE]:
            scan(ISBN)
            waiting = page.locator("main table.scanned tr.needs-title").first
            waiting.locator("input[name=title]").fill(title)
            with page.expect_navigation():
                waiting.locator("button").click()
        with page.expect_navigation():
            page.locator("main table.scanned tbody tr").nth(1).locator("button.danger").click()
        scan(ISBN)
        rows = page.locator("main table.scanned tbody tr")
        assert rows.count() == 3, rows.all_inner_texts()
        assert page.locator("main table.scanned tr.needs-title").count() == 1
        assert page.locator("main table.scanned tr.undone").count() == 1
        assert page.locator("main table.scanned button.danger").count() == 1, "取り消し on the registered row"

    def search_long():
        page.goto("/books?q=" + LONG_TITLE[:6])

    return [("import preview", import_preview), ("restore check", restore_check),
            ("scan run", scan_run), ("book search", search_long)]


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_page_fits_with_long_titles_and_names(page, words, language, long_data, width, height):
    page.set_viewport_size({"width": width, "height": height})
    paths = crawl(page)
    # The pages the issue names are among those found.
    for needed in ["/loans", "/books/B0101", "/users/C0101", "/print", "/settings", "/records", "/books/scan", "/import", "/classes",
                   "/classes/promote"]:
        assert needed in paths, f"{needed} was not visited: {paths}"
    wide = {}
    for path in paths:
        page.goto(path)
        over, past = overflow(page)
        screenshot(page, f"{language}-{width}-{path}")
        if over > 0:
            wide[path] = (over, past)
    for name, open_page in after_forms(page, words, long_data, language):
        open_page()
        over, past = overflow(page)
        screenshot(page, f"{language}-{width}-{name}")
        if over > 0:
            wide[name] = (over, past)
    assert wide == {}, f"wider than {width} px: " + "\n".join(f"{p}: +{o} px, {past}" for p, (o, past) in wide.items())
