"""Wrong passwords slow down and then lock one account; the lock survives a restart, spares other
accounts, and `staff password` lifts it.

A live server's clock cannot be moved, and the page only locks after waits that add up to a
minute (SignInThrottle: 5 free failures, then 2, 4, 8, 16, 32 s). So this checks the free
failures as they happen, the slowed answer with a record set a few failures on (a 2 s wait is
shorter than a loaded machine's next sign-in), and reaches the lock by writing the account's stored record (the columns
of migration 6) as a minute of waiting would have left it, then failing once more on the page.
"""
import sqlite3
import time
from urllib.parse import urlsplit

from conftest import LOCKED_STAFF, OTHER_STAFF, sign_in

LANGUAGES = ["ja", "en"]
#: Wrong passwords that cost nothing before the page slows down (SignInThrottle.freeFailures).
FREE_FAILURES = 5
#: Failures that lock the account (SignInThrottle.failuresBeforeLock).
FAILURES_BEFORE_LOCK = 10


def attempt(browser, library, words, name: str, password: str) -> tuple[bool, str]:
    """One sign-in in a fresh browser: whether it got in, and the page's message."""
    context = browser.new_context(base_url=library.url)
    try:
        page = context.new_page()
        sign_in(page, words, name=name, password=password)
        got_in = urlsplit(page.url).path != "/sign-in"
        alert = page.get_by_role("alert")
        return got_in, ("" if got_in or alert.count() == 0 else alert.first.inner_text())
    finally:
        context.close()


def test_wrong_passwords_slow_down_then_lock_that_account_only(browser, library, words):
    name, password = LOCKED_STAFF
    for number in range(FREE_FAILURES):
        got_in, message = attempt(browser, library, words, name, f"wrong-password-{number}")
        assert not got_in
        assert words["wrong_password"] in message, f"wrong password {number + 1}: {message!r}"

    # Slowed: within the wait, even the right password is not checked. The record is set to three
    # failures later, the last one just now, so the wait (8 s) outlasts a slow machine's next try.
    with sqlite3.connect(library.db) as database:
        changed = database.execute("UPDATE staff SET sign_in_failures = ?, sign_in_last_failure = ? WHERE name = ?",
                                   (FREE_FAILURES + 3, time.time(), name)).rowcount
    assert changed == 1
    got_in, message = attempt(browser, library, words, name, password)
    assert not got_in, "the right password was checked during the slowdown"
    assert words["slowed"] in message, message

    # Other accounts are not affected.
    got_in, message = attempt(browser, library, words, OTHER_STAFF[0], OTHER_STAFF[1])
    assert got_in, f"another account was slowed too: {message}"

    # As if the waits had passed: one failure short of the lock, the last one an hour ago.
    with sqlite3.connect(library.db) as database:
        changed = database.execute("UPDATE staff SET sign_in_failures = ?, sign_in_last_failure = ?, sign_in_locked_until = NULL"
                                   " WHERE name = ?", (FAILURES_BEFORE_LOCK - 1, time.time() - 3600, name)).rowcount
    assert changed == 1
    got_in, message = attempt(browser, library, words, name, "one-more-wrong-password")
    assert not got_in and words["locked"] in message, message
    got_in, message = attempt(browser, library, words, name, password)
    assert not got_in, "the right password opened a locked account"
    assert words["locked"] in message, message

    assert library.stop() == 0, library.stderr()
    library.start()
    got_in, message = attempt(browser, library, words, name, password)
    assert not got_in and words["locked"] in message, f"the lock did not survive a restart: {message!r}"
    got_in, message = attempt(browser, library, words, OTHER_STAFF[0], OTHER_STAFF[1])
    assert got_in, f"another account was locked too: {message}"

    library.cli("staff", "password", name, stdin=password + "\n")
    got_in, message = attempt(browser, library, words, name, password)
    assert got_in, f"staff password did not lift the lock: {message}"
