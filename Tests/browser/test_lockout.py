"""Wrong passwords slow down and then lock one account; the lock survives a restart, spares other
accounts, and `staff password` lifts it. A live server's clock cannot be moved, so this checks
the first slowed and locked answers, not that they pass with time."""
from urllib.parse import urlsplit

from conftest import LOCKED_STAFF, OTHER_STAFF, sign_in

#: Wrong passwords tried before the account must be locked (the page locks after more than 5).
ATTEMPTS = 8


def attempt(browser, library, words, name: str, password: str) -> tuple[bool, str]:
    """One sign-in in a fresh browser: whether it got in, and the text of the page it got."""
    context = browser.new_context(base_url=library.url)
    try:
        page = context.new_page()
        sign_in(page, words, name=name, password=password)
        return urlsplit(page.url).path != "/sign-in", page.locator("main").inner_text()
    finally:
        context.close()


def test_wrong_passwords_slow_down_then_lock_that_account_only(browser, library, words):
    name, password = LOCKED_STAFF
    answers = []
    for number in range(ATTEMPTS):
        got_in, text = attempt(browser, library, words, name, f"wrong-password-{number}")
        assert not got_in
        answers.append(text)
    # The first answer says the password is wrong; later ones say to wait, then that it is locked.
    assert len(set(answers)) >= 2, f"every wrong attempt got the same answer: {answers[0]!r}"
    got_in, locked = attempt(browser, library, words, name, password)
    assert not got_in, "the right password opened a locked account"
    assert locked != answers[0], "a locked account answers like a wrong password"

    got_in, text = attempt(browser, library, words, OTHER_STAFF[0], OTHER_STAFF[1])
    assert got_in, f"another account was locked too: {text}"

    library.stop()
    library.start()
    got_in, _ = attempt(browser, library, words, name, password)
    assert not got_in, "the lock did not survive a restart"

    library.cli("staff", "password", name, stdin=password + "\n")
    got_in, text = attempt(browser, library, words, name, password)
    assert got_in, f"staff password did not lift the lock: {text}"
