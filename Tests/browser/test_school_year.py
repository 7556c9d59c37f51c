"""The school year on the page: 組 (add a class, put children in it, promote after a
confirmation) and 記録 (the most borrowed books, lends per class)."""
from urllib.parse import urlsplit

from playwright.sync_api import expect

from conftest import nav_link

LANGUAGES = ["ja", "en"]


def add_class(page, words, name: str, grade: str) -> None:
    page.get_by_label(words["class_name"], exact=True).fill(name)
    page.get_by_label(words["grade"], exact=True).fill(grade)
    page.get_by_role("button", name=words["add_class"], exact=True).click()
    page.wait_for_load_state()


def put_in_class(page, words, card: str, class_name: str, reading: str) -> None:
    """The User form as a teacher fills it: the class from the select, the reading typed in katakana."""
    page.goto(f"/users/{card}/edit")
    page.get_by_label(words["class"], exact=True).select_option(label=class_name)
    page.get_by_label(words["reading"], exact=True).fill(reading)
    page.get_by_role("button", name=words["save"], exact=True).click()
    page.wait_for_load_state()


def test_adding_classes_and_promoting_after_the_confirmation(page, words, library):
    nav_link(page, words["classes"]).click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", level=1)).to_have_text(words["classes"])
    add_class(page, words, "ひよこ組", "1")
    expect(page.get_by_role("status")).to_contain_text("ひよこ組")
    add_class(page, words, "きりん組", "2")
    rows = page.locator("table.classes tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("ひよこ組")

    # With classes in it, 組 still fits a phone and an iPad without sideways scrolling.
    for width, height in [(1024, 768), (768, 1024), (375, 812)]:
        page.set_viewport_size({"width": width, "height": height})
        page.goto("/classes")
        overflow = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth")
        assert overflow <= 0, f"/classes is wider than {width} px by {overflow} px"
    page.set_viewport_size({"width": 1024, "height": 768})

    put_in_class(page, words, "C0001", "ひよこ組", "ハルト")
    expect(page.locator("main dl")).to_contain_text("ひよこ組")
    put_in_class(page, words, "C0004", "きりん組", "ヒマリ")

    # A class that still has a child cannot be removed.
    page.goto("/classes")
    page.locator("table.classes tbody tr", has_text="ひよこ組").get_by_role("button", name=words["remove"], exact=True).click()
    page.wait_for_load_state()
    expect(page.get_by_role("alert")).to_contain_text("ひよこ組")
    expect(page.locator("table.classes tbody tr")).to_have_count(2)

    # The plan, then the confirmation, then the promotion.
    promotion = page.locator("main")
    expect(promotion).to_contain_text("→ きりん組")
    page.get_by_role("button", name=words["review_promotion"], exact=True).click()
    page.wait_for_load_state()
    assert urlsplit(page.url).path == "/classes/promote", page.url
    # ひまり still has おおきなかぶ out (conftest's overdue loan): named so a teacher can chase it.
    expect(page.locator("main")).to_contain_text("おおきなかぶ")
    page.get_by_role("button", name=words["promote"], exact=True).click()
    page.wait_for_load_state()
    expect(page.get_by_role("status")).to_be_visible()

    page.goto("/users/C0001")
    expect(page.locator("main")).to_contain_text("きりん組")
    page.goto("/users/C0004")
    expect(page.locator("main")).to_contain_text(words["inactive"])
    page.goto("/settings")
    expect(page.locator("main")).to_contain_text(words["promoted_audit"])


def test_records_show_the_most_borrowed_books(page, words, library):
    nav_link(page, words["records"]).click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", level=1)).to_have_text(words["records"])
    # conftest lent おおきなかぶ and しろくまちゃんのほっとけーき at the kiosk.
    popular = page.locator("table.popular")
    expect(popular).to_contain_text("しろくまちゃんのほっとけーき")
    expect(page.locator("table.per-class")).to_be_visible()
    page.get_by_label(words["since"], exact=True).fill("2099-01")
    page.get_by_role("button", name=words["filter"], exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("table.popular")).to_have_count(0)
