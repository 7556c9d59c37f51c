"""What a teacher does every day, clicked as a teacher clicks it: one child's Card printed at a
chosen position from the child's page, one Book's label from the Book's page, a Book lent from a
child's page (scanned or found by title), and a refused restore whose message is in view."""
import re

from playwright.sync_api import expect

LANGUAGES = ["ja", "en"]

ONE_WORDS = {
    "ja": {"print_card": "カードを印刷", "print_label": "ラベルを印刷", "not_printed": "まだ印刷していません",
           "printed_on": "最後に印刷した日", "position": "印刷を始める位置", "lend_to_user": "絵本を貸す",
           "book_to_lend": "バーコードか書名", "search": "探す", "lend_it": "貸出する", "lent": "貸し出しました",
           "refused_restore": "復元できません", "which_cards": "どのカード"},
    "en": {"print_card": "Print the card", "print_label": "Print the label", "not_printed": "Not printed yet",
           "printed_on": "Last printed on", "position": "Start at label", "lend_to_user": "Lend a book",
           "book_to_lend": "Barcode or title", "search": "Search", "lend_it": "Lend it", "lent": "is lent to",
           "refused_restore": "cannot be restored", "which_cards": "Which cards"},
}


def test_one_card_prints_from_the_childs_page_at_a_chosen_position(page, words, language, tmp_path):
    say = ONE_WORDS[language]
    page.goto("/users/C0002")
    section = page.locator("#print-card")
    expect(section.get_by_role("heading", name=say["print_card"])).to_be_visible()
    expect(section).to_contain_text(say["not_printed"])
    section.get_by_label(say["position"], exact=True).fill("7")
    with page.expect_download() as download:
        section.get_by_role("button", name=words["download_pdf"], exact=True).click()
    saved = tmp_path / "card.pdf"
    download.value.save_as(saved)
    assert download.value.suggested_filename.startswith("card-"), download.value.suggested_filename
    assert saved.read_bytes().startswith(b"%PDF"), saved.read_bytes()[:40]
    page.goto("/users/C0002")
    expect(page.locator("#print-card")).to_contain_text(say["printed_on"])


def test_a_position_off_the_sheet_is_refused_beside_the_form(page, words, language):
    say = ONE_WORDS[language]
    page.set_viewport_size({"width": 375, "height": 700})
    page.goto("/users/C0001")
    section = page.locator("#print-card")
    section.get_by_label(say["position"], exact=True).evaluate("field => field.removeAttribute('min')")
    section.get_by_label(say["position"], exact=True).fill("99")
    section.get_by_role("button", name=words["download_pdf"], exact=True).click()
    page.wait_for_load_state()
    alert = page.locator("#print-card [role=alert]")
    expect(alert).to_be_visible()
    expect(alert).to_be_in_viewport()


def test_one_label_prints_from_the_books_page(page, words, language, tmp_path):
    say = ONE_WORDS[language]
    page.goto("/books/B0005")
    section = page.locator("#print-label")
    expect(section.get_by_role("heading", name=say["print_label"])).to_be_visible()
    with page.expect_download() as download:
        section.get_by_role("button", name=words["download_pdf"], exact=True).click()
    assert download.value.suggested_filename.startswith("label-"), download.value.suggested_filename


def test_print_offers_cards_not_printed_yet_and_sheets_apart(page, words, language):
    say = ONE_WORDS[language]
    page.goto("/print")
    cards = page.locator("#cards")
    expect(cards.get_by_role("group", name=say["which_cards"])).to_be_visible()
    card_sheets = cards.locator("select[name=sheet] option").all_inner_texts()
    label_sheets = page.locator("#labels select[name=sheet] option").all_inner_texts()
    assert card_sheets and label_sheets and not set(card_sheets) & set(label_sheets), (card_sheets, label_sheets)
    if language == "ja":
        assert all("面" in text for text in card_sheets + label_sheets), card_sheets + label_sheets


def test_a_book_is_lent_from_the_childs_page_by_scan_and_by_title(page, words, language):
    say = ONE_WORDS[language]
    page.goto("/users/C0005")
    lend = page.locator("#lend")
    # Scanned: the barcode typed in by the scanner, then 探す, then 貸出する.
    lend.get_by_label(say["book_to_lend"], exact=True).fill("B0008")
    lend.get_by_role("button", name=say["search"], exact=True).click()
    page.wait_for_load_state()
    lend = page.locator("#lend")
    expect(lend).to_contain_text("はじめてのおつかい")
    lend.get_by_role("button", name=say["lend_it"], exact=True).click()
    page.wait_for_load_state()
    assert re.search(r"/users/C0005", page.url), page.url
    notice = page.locator("#lend [role=status]")
    expect(notice).to_contain_text(say["lent"])
    expect(notice).to_be_in_viewport()
    expect(page.locator("main")).to_contain_text("はじめてのおつかい")
    # Picked by part of its title.
    lend = page.locator("#lend")
    lend.get_by_label(say["book_to_lend"], exact=True).fill("からす")
    lend.get_by_role("button", name=say["search"], exact=True).click()
    page.wait_for_load_state()
    page.locator("#lend").get_by_role("button", name=say["lend_it"], exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("#lend [role=status]")).to_contain_text("からすのパンやさん")
    page.goto("/books/B0009")
    expect(page.locator("main")).to_contain_text(words["on_loan"])


def test_a_refused_restore_says_why_in_view(page, words, language, tmp_path):
    say = ONE_WORDS[language]
    page.set_viewport_size({"width": 768, "height": 1024})
    not_a_backup = tmp_path / "notes.sqlite"
    not_a_backup.write_text("this is not a library\n" * 20)
    page.goto("/settings")
    page.get_by_label(words["backup_file"], exact=True).set_input_files(str(not_a_backup))
    page.get_by_role("button", name=words["restore_check"], exact=True).click()
    page.wait_for_load_state()
    alert = page.locator("#restore [role=alert]")
    expect(alert).to_be_visible()
    expect(alert).to_be_in_viewport()
