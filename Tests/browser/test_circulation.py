"""The page and the kiosk on one database: a loan made by a scan shows on 貸出中, a return on the
page frees the Book for the next scan, a User added on the page is greeted by the kiosk."""
from playwright.sync_api import expect

from conftest import nav_link

LANGUAGES = ["ja", "en"]


def test_a_loan_made_at_the_kiosk_appears_on_the_loans_page(page, words, library):
    events = library.simulate("C0001", "B0001")
    assert [e["event"] for e in events if e["event"] in ("greeted", "lent")] == ["greeted", "lent"], events
    nav_link(page, words["loans"]).click()
    page.wait_for_load_state()
    main = page.locator("main")
    expect(main).to_contain_text("ぐりとぐら")
    expect(main.locator("tr, li").filter(has_text="ぐりとぐら")).to_contain_text("はると")


def test_returning_on_the_page_lets_the_kiosk_lend_the_book_again(page, words, library):
    events = library.simulate("C0002", "B0002")
    assert any(e["event"] == "lent" and e["book"] == "B0002" for e in events), events
    page.goto("/loans")
    row = page.locator("main").locator("tr, li").filter(has_text="はらぺこあおむし")
    expect(row).to_have_count(1)
    row.get_by_role("link", name=words["return"], exact=True).click()
    page.wait_for_load_state()
    # The confirmation step names the Book and asks before anything changes.
    assert page.url.endswith("/return"), page.url
    expect(page.locator("main")).to_contain_text("はらぺこあおむし")
    confirmation = page.url
    page.goto("/loans")
    expect(page.locator("main")).to_contain_text("はらぺこあおむし")
    page.goto(confirmation)
    page.get_by_role("button", name=words["return_it"], exact=True).click()
    page.wait_for_load_state()
    page.goto("/loans")
    expect(page.locator("main")).not_to_contain_text("はらぺこあおむし")

    events = library.simulate("C0005", "B0002")
    lent = [e for e in events if e["event"] == "lent"]
    assert lent and lent[0]["book"] == "B0002" and lent[0]["user"] == "C0005", events


def test_a_user_added_on_the_page_is_greeted_by_the_kiosk(page, words, library):
    nav_link(page, words["users"]).click()
    page.get_by_role("link", name=words["add_user"], exact=True).click()
    page.wait_for_load_state()
    form = page.locator("main form").filter(has=page.locator("input[name=name]"))
    form.locator("input[name=card]").fill("C0100")
    form.locator("input[name=name]").fill("さくら")
    form.locator("button[type=submit], input[type=submit]").first.click()
    page.wait_for_load_state()
    page.goto("/users")
    expect(page.locator("main")).to_contain_text("さくら")

    events = library.simulate("C0100")
    greeted = [e for e in events if e["event"] == "greeted"]
    assert greeted and greeted[0]["user"] == "C0100" and greeted[0]["name"] == "さくら", events


def test_overdue_only_shows_only_the_overdue_loan(page, words):
    page.goto("/loans")
    main = page.locator("main")
    expect(main).to_contain_text("おおきなかぶ")
    expect(main).to_contain_text("しろくまちゃんのほっとけーき")
    page.get_by_label(words["overdue_only"], exact=True).check()
    submit = page.locator("main form").filter(has=page.get_by_label(words["overdue_only"], exact=True)).locator(
        "button[type=submit], input[type=submit]")
    if submit.count():
        submit.first.click()
    else:
        page.get_by_label(words["overdue_only"], exact=True).press("Enter")
    page.wait_for_load_state()
    assert "overdue=1" in page.url, page.url
    expect(main).to_contain_text("おおきなかぶ")
    expect(main).not_to_contain_text("しろくまちゃんのほっとけーき")
