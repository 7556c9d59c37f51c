"""Signing in and out; the session cookie and its flags."""
from playwright.sync_api import BrowserContext, expect

from conftest import OTHER_STAFF, nav_link, sign_in

LANGUAGES = ["ja", "en"]


def session_cookie(context: BrowserContext) -> dict | None:
    return next((c for c in context.cookies() if c["name"] == "bookkiosk_session"), None)


def test_signing_in_shows_home_and_signing_out_ends_the_session(context, words, library):
    page = context.new_page()
    sign_in(page, words)
    assert page.url == library.url + "/", page.url
    expect(nav_link(page, words["home"])).to_be_visible()
    expect(page.get_by_role("button", name=words["sign_out"], exact=True)).to_be_visible()
    signed_in = session_cookie(context)
    assert signed_in, context.cookies()

    page.get_by_role("button", name=words["sign_out"], exact=True).click()
    page.wait_for_load_state()
    assert "/sign-in" in page.url, page.url
    page.goto("/loans")
    assert "/sign-in" in page.url, page.url

    # The old id is dead on the server, not only forgotten by this browser.
    replay = context.browser.new_context(base_url=library.url)
    replay.add_cookies([signed_in])
    again = replay.new_page()
    again.goto("/loans")
    assert "/sign-in" in again.url, f"the signed-out session id still opens {again.url}"
    replay.close()


def test_the_session_cookie_is_http_only_strict_and_new_at_sign_in(context, words, library):
    page = context.new_page()
    page.goto("/sign-in")
    before = session_cookie(context)
    sign_in(page, words)
    cookie = session_cookie(context)
    assert cookie, "no bookkiosk_session cookie after signing in"
    assert cookie["httpOnly"] is True
    assert cookie["sameSite"] == "Strict"
    assert cookie["path"] == "/"
    assert cookie["secure"] is False, "Secure is for HTTPS; over plain HTTP the browser would drop the cookie"
    if before:
        assert before["value"] != cookie["value"], "the session id did not change at sign-in"


def test_a_wrong_password_is_refused_with_a_message(context, words):
    page = context.new_page()
    sign_in(page, words, name=OTHER_STAFF[0], password="not-the-password")
    assert "/sign-in" in page.url, page.url
    expect(page.get_by_role("alert")).to_contain_text(words["wrong_password"])
    expect(page.get_by_label(words["password"], exact=True)).to_be_visible()
    page.goto("/loans")
    assert "/sign-in" in page.url

