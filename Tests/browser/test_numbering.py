"""絵本を追加 and 利用者を追加 with the barcode or card left empty: the page gives the next free
number, as import and the kiosk's `n` do, and says which; the book form has よみがな."""
import re

from playwright.sync_api import expect

LANGUAGES = ["ja"]


def test_a_book_added_without_a_barcode_gets_the_next_number(page, words, library):
    page.goto("/books/new")
    page.get_by_label("書名", exact=True).fill("ぐりとぐらのえんそく")
    page.get_by_label(words["reading"], exact=True).fill("グリトグラノエンソク")
    page.get_by_role("button", name=words["save"], exact=True).click()
    page.wait_for_load_state()
    match = re.search(r"/books/(\d+)$", page.url)
    assert match, page.url
    barcode = match.group(1)
    expect(page.locator("main")).to_contain_text(f"バーコードは {barcode} です")
    expect(page.locator("main")).to_contain_text("ぐりとぐらのえんそく")
    # The kiosk knows the number: the Book answers a scan (card first, as a Book).
    events = library.simulate(barcode)
    assert any(e.get("reason") == "cardFirst" for e in events), events


def test_a_user_added_without_a_card_gets_the_next_number(page, words, library):
    page.goto("/users/new")
    page.get_by_label("名前", exact=True).fill("たなか ゆい")
    page.get_by_role("button", name=words["save"], exact=True).click()
    page.wait_for_load_state()
    match = re.search(r"/users/(\d+)$", page.url)
    assert match, page.url
    expect(page.locator("main")).to_contain_text(f"カード番号は {match.group(1)} です")
