"""The teachers' page in a real browser: fixtures.

Each test module gets a throwaway library in a temporary folder, made with the bookkiosk command
line (import books and users from CSV, a Staff member with a PIN and a page password, a few
Loans through `simulate`), and `bookkiosk serve` on a free port of 127.0.0.1, stopped with
SIGTERM at the end of the module. A module runs in the languages its `LANGUAGES` names
(Japanese when it names none). Chromium is Debian's, named by $CHROMIUM; bookkiosk by $BOOKKIOSK
(scripts/browser-tests sets both).
"""
from __future__ import annotations

import datetime
import json
import os
import queue
import signal
import socket
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from words import WORDS

BOOKKIOSK = os.environ.get("BOOKKIOSK", str(Path(__file__).resolve().parents[2] / ".build/debug/bookkiosk"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium")

#: The Book whose title is markup: it must be shown as text.
MARKUP_TITLE = "<img src=x onerror=alert(1)>"

BOOKS = [
    ("B0001", "ぐりとぐら", "なかがわりえこ", "9784834000825"),
    ("B0002", "はらぺこあおむし", "エリック・カール", ""),
    ("B0003", "しろくまちゃんのほっとけーき", "わかやまけん", ""),
    ("B0004", "おおきなかぶ", "", ""),
    ("B0005", "ねないこだれだ", "せなけいこ", ""),
    ("B0006", MARKUP_TITLE, "", ""),
    ("B0007", "ちいさなうさこちゃんとおおきなクリスマスツリーのおはなし ながいながいタイトル", "ディック・ブルーナ", ""),
    ("B0008", "はじめてのおつかい", "", ""),
    ("B0009", "からすのパンやさん", "かこさとし", ""),
]
USERS = [
    ("C0001", "はると"),
    ("C0002", "めい"),
    ("C0003", "そうた"),
    ("C0004", "ひまり"),
    ("C0005", "ゆうき"),
]
#: The Staff member the tests sign in as, and two more for the lockout tests.
STAFF = "やまだ"
PASSWORD = "sakura-2026"
OTHER_STAFF = ("たなか", "kodomo-1234")
LOCKED_STAFF = ("すずき", "ehon-5678")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Library:
    """A throwaway library on disk and the `bookkiosk serve` that serves it."""

    folder: Path
    language: str
    #: The config's `web` object (HTTPS: `certificate` and `key`).
    web: dict = field(default_factory=dict)
    #: More environment for `bookkiosk serve` (BOOKKIOSK_LOOKUP_URL: the lookups' replay server).
    env: dict = field(default_factory=dict)
    db: Path = field(init=False)
    config: Path = field(init=False)
    port: int = 0
    process: subprocess.Popen | None = None
    output: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.db = self.folder / "library.sqlite"
        self.config = self.folder / "config.json"

    @property
    def words(self) -> dict[str, str]:
        return WORDS[self.language]

    @property
    def url(self) -> str:
        scheme = "https" if self.web.get("certificate") else "http"
        return f"{scheme}://127.0.0.1:{self.port}"

    def cli(self, *arguments: str, stdin: str = "") -> str:
        """Runs `bookkiosk ARGUMENTS --db --config`; fails the test with its output when it fails."""
        done = subprocess.run([BOOKKIOSK, *arguments, "--db", str(self.db), "--config", str(self.config)],
                              input=stdin, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"bookkiosk {' '.join(arguments)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
        return done.stdout

    def simulate(self, *lines: str, now: datetime.datetime | None = None) -> list[dict]:
        """Scans through `bookkiosk simulate` on the same database; its JSON events."""
        arguments = ["simulate", "--write"] + (["--now", now.strftime("%Y-%m-%dT%H:%M:%S")] if now else [])
        out = self.cli(*arguments, stdin="".join(line + "\n" for line in lines))
        return [json.loads(line) for line in out.splitlines() if line.startswith("{")]

    def make(self) -> None:
        config = {"timeZone": "Asia/Tokyo", "language": self.language}
        if self.web:
            config["web"] = self.web
        self.config.write_text(json.dumps(config))
        books = self.folder / "books.csv"
        books.write_text("barcode,title,author,isbn\n" + "".join(f"{b},{t},{a},{i}\n" for b, t, a, i in BOOKS))
        users = self.folder / "users.csv"
        users.write_text("card,name\n" + "".join(f"{c},{n}\n" for c, n in USERS))
        self.cli("import", "books", str(books))
        self.cli("import", "users", str(users))
        for (name, password), pin in zip([(STAFF, PASSWORD), OTHER_STAFF, LOCKED_STAFF], ["1234", "5678", "2468"]):
            self.cli("staff", "add", name, stdin=pin + "\n")
            self.cli("staff", "password", name, stdin=password + "\n")
        # Open Loans for the lists: ひまり's is overdue (lent a month ago), そうた's is not.
        month_ago = datetime.datetime.now() - datetime.timedelta(days=30)
        events = self.simulate("C0004", "B0004", now=month_ago)
        assert any(e["event"] == "lent" for e in events), events
        events = self.simulate("C0003", "B0003")
        assert any(e["event"] == "lent" for e in events), events

    def start(self) -> None:
        """Starts `bookkiosk serve` and waits until it prints the address to open."""
        self.port = free_port()
        self.output = []
        errors = open(self.folder / "serve.stderr", "a")
        self.process = subprocess.Popen(
            [BOOKKIOSK, "serve", "--listen", f"127.0.0.1:{self.port}", "--db", str(self.db), "--config", str(self.config)],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors, text=True, env={**os.environ, **self.env})
        lines: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            assert self.process and self.process.stdout
            for line in self.process.stdout:
                self.output.append(line)
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        address = self.url + "/"
        while True:
            try:
                line = lines.get(timeout=30)
            except queue.Empty:
                self.stop()
                pytest.fail(f"bookkiosk serve did not print {address} within 30 s:\n{''.join(self.output)}{self.stderr()}")
            if line is None:
                code = self.process.wait()
                pytest.fail(f"bookkiosk serve exited {code} before printing {address}:\n{''.join(self.output)}{self.stderr()}")
            if address in line:
                return

    def stop(self) -> int | None:
        """Stops the server with SIGTERM; its exit status."""
        if self.process is None:
            return None
        process, self.process = self.process, None
        process.send_signal(signal.SIGTERM)
        try:
            return process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            pytest.fail(f"bookkiosk serve did not stop within 10 s of SIGTERM:\n{self.stderr()}")

    def stderr(self) -> str:
        path = self.folder / "serve.stderr"
        return path.read_text() if path.exists() else ""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "language" in metafunc.fixturenames:
        metafunc.parametrize("language", getattr(metafunc.module, "LANGUAGES", ["ja"]), scope="module")


@pytest.fixture(scope="module")
def library(language: str, tmp_path_factory: pytest.TempPathFactory):
    if not Path(BOOKKIOSK).exists():
        pytest.fail(f"no bookkiosk at {BOOKKIOSK}: build it (swift build --product bookkiosk) or set BOOKKIOSK")
    made = Library(tmp_path_factory.mktemp(f"library-{language}"), language)
    made.make()
    made.start()
    yield made
    code = made.stop()
    assert code == 0, f"bookkiosk serve exited {code} on SIGTERM:\n{made.stderr()}"


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        # --no-sandbox: chromium's sandbox refuses to start as root (CI runs as root).
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def context(browser: Browser, library: Library):
    made = browser.new_context(base_url=library.url, viewport={"width": 1024, "height": 768})
    yield made
    made.close()


@pytest.fixture
def words(library: Library) -> dict[str, str]:
    return library.words


def sign_in(page: Page, words: dict[str, str], name: str = STAFF, password: str = PASSWORD) -> None:
    """Fills and sends the sign-in form as a teacher does."""
    page.goto("/sign-in")
    page.get_by_label(words["name"], exact=True).fill(name)
    page.get_by_label(words["password"], exact=True).fill(password)
    page.get_by_role("button", name=words["sign_in"], exact=True).click()
    page.wait_for_load_state()


@pytest.fixture
def page(context: BrowserContext, words: dict[str, str]) -> Page:
    """A page signed in as the Staff member やまだ."""
    made = context.new_page()
    sign_in(made, words)
    assert "/sign-in" not in made.url, f"signing in stayed on {made.url}: {made.inner_text('body')}"
    return made


def nav_link(page: Page, name: str):
    """A link of the navigation every signed-in page has."""
    return page.get_by_role("navigation").get_by_role("link", name=name, exact=True)


def csrf_token(page: Page) -> str:
    token = page.locator("input[name=csrf]").first.get_attribute("value")
    assert token, f"no csrf field on {page.url}"
    return token


def every_page(page: Page) -> list[str]:
    """The paths of every kind of page a signed-in teacher sees (one of each: a Book's, a User's,
    a return's confirmation, the forms), for the layout and accessibility checks."""
    page.goto("/loans")
    href = page.locator("main a[href$='/return']").first.get_attribute("href")
    assert href, "no open Loan with a return link on /loans"
    return ["/", "/loans", "/loans?overdue=1", href, "/books", "/books?q=%E3%81%90%E3%82%8A", "/books/new", "/books/scan",
            "/books/B0001", "/books/B0001/edit", "/books/B0003", "/books/B0002/lend", "/users", "/users/new",
            "/users/C0001", "/users/C0001/edit", "/settings",
            # The school year
            "/classes", "/classes/promote", "/records", "/print", "/import",
            # 「使い方」, the teachers' guide the page serves
            "/guide"]
