"""Markup shown as text; forged POSTs refused with nothing changed; the security headers."""
from urllib.parse import urlsplit

from playwright.sync_api import expect

from conftest import MARKUP_TITLE, PASSWORD, STAFF, csrf_token

FOREIGN_ORIGIN = "http://evil.example"


def test_a_title_that_is_markup_is_shown_as_text(page, library):
    events = library.simulate("C0005", "B0006")
    assert any(e["event"] == "lent" for e in events), events
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    for path in ["/books", "/books/B0006", "/books?q=img", "/loans", "/users/C0005"]:
        page.goto(path)
        expect(page.locator("main").get_by_text(MARKUP_TITLE).first).to_be_visible()
        assert page.locator('img[src="x"]').count() == 0, f"{path} made the title an image"
    assert dialogs == [], f"a script ran: {dialogs}"


def loan_id(page, title: str) -> str:
    """The id of the open Loan of the title, from its 「返却」 link (/loans/ID/return)."""
    page.goto("/loans")
    href = page.locator("main").locator("tr, li").filter(has_text=title).locator("a[href$='/return']").first.get_attribute("href")
    assert href, f"no return link for {title}"
    return urlsplit(href).path.split("/")[2]


def row_text(page, title: str) -> str:
    page.goto("/loans")
    return page.locator("main").locator("tr, li").filter(has_text=title).first.inner_text()


def test_a_post_without_the_token_or_from_another_origin_is_refused_and_changes_nothing(page, library):
    loan = loan_id(page, "おおきなかぶ")
    before = row_text(page, "おおきなかぶ")
    page.goto(f"/loans/{loan}/return")
    token = csrf_token(page)
    request = page.context.request
    for action in ["return", "extend"]:
        url = f"{library.url}/loans/{loan}/{action}"
        without_token = request.post(url, form={}, headers={"Origin": library.url}, max_redirects=0)
        assert without_token.status == 403, f"{action} without the token answered {without_token.status}"
        wrong_token = request.post(url, form={"csrf": token[::-1]}, headers={"Origin": library.url}, max_redirects=0)
        assert wrong_token.status == 403, f"{action} with a wrong token answered {wrong_token.status}"
        foreign = request.post(url, form={"csrf": token}, headers={"Origin": FOREIGN_ORIGIN}, max_redirects=0)
        assert foreign.status == 403, f"{action} from {FOREIGN_ORIGIN} answered {foreign.status}"
        assert row_text(page, "おおきなかぶ") == before, f"a refused {action} changed the loan"

    # Adding a User: the form's own action, the same fields, no token.
    page.goto("/users/new")
    action = page.locator("main form").filter(has=page.locator("input[name=card]")).first.get_attribute("action") or "/users/new"
    forged = request.post(library.url + action, form={"card": "C0666", "name": "にせもの"}, headers={"Origin": library.url}, max_redirects=0)
    assert forged.status == 403, f"adding a User without the token answered {forged.status}"
    page.goto("/users")
    expect(page.locator("main")).not_to_contain_text("にせもの")

    # The same request with the token and the page's origin goes through: the refusals above were the token's and the origin's.
    page.goto(f"/loans/{loan}/return")
    accepted = request.post(f"{library.url}/loans/{loan}/extend", form={"csrf": csrf_token(page)},
                            headers={"Origin": library.url}, max_redirects=0)
    assert accepted.status != 403, "a POST with the session's token and the page's origin was refused"


def test_every_response_carries_the_security_headers(page, library):
    request = page.context.request
    for path in ["/sign-in", "/", "/loans", "/books", "/books/B0001", "/users", "/settings", "/style.css", "/no-such-page"]:
        response = request.get(library.url + path, max_redirects=0)
        headers = response.headers
        csp = headers.get("content-security-policy", "")
        directives = {d.strip().split(" ")[0]: d.strip() for d in csp.split(";") if d.strip()}
        assert directives.get("default-src") == "default-src 'none'", f"{path}: CSP {csp!r}"
        assert directives.get("frame-ancestors") == "frame-ancestors 'none'", f"{path}: CSP {csp!r}"
        assert "upgrade-insecure-requests" not in directives, f"{path}: upgrade-insecure-requests over HTTP breaks the page"
        assert "'unsafe-inline'" not in csp, f"{path}: CSP {csp!r}"
        assert headers.get("x-content-type-options") == "nosniff", f"{path}: {headers}"
        assert headers.get("referrer-policy") == "same-origin", f"{path}: {headers}"


def test_the_session_cookie_header_has_its_flags(browser, library):
    context = browser.new_context(base_url=library.url)
    try:
        page = context.new_page()
        page.goto("/sign-in")
        form = {"name": STAFF, "password": PASSWORD}
        hidden = page.locator("form input[name=csrf]")
        if hidden.count():
            form["csrf"] = hidden.first.get_attribute("value")
        response = context.request.post(library.url + "/sign-in", form=form, headers={"Origin": library.url}, max_redirects=0)
        cookies = [h["value"] for h in response.headers_array if h["name"].lower() == "set-cookie"]
        session = [c for c in cookies if c.startswith("bookkiosk_session=")]
        assert session, f"sign-in set no session cookie: {cookies} ({response.status})"
        flags = {part.strip().split("=")[0].lower(): part.strip() for part in session[-1].split(";")[1:]}
        assert "httponly" in flags and flags.get("samesite") == "SameSite=Strict" and flags.get("path") == "Path=/", session[-1]
        assert "secure" not in flags, f"Secure over plain HTTP: {session[-1]}"
    finally:
        context.close()
