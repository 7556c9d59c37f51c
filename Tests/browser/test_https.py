"""HTTPS with the config's `web.certificate` and `web.key`: a certificate made with openssl as
the README says, the page served over it, and the session cookie `Secure`."""
import shutil
import subprocess

import pytest
from playwright.sync_api import expect

from conftest import Library, nav_link, sign_in


@pytest.fixture(scope="module")
def library(language, tmp_path_factory):
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed (Debian: openssl), so no certificate can be made")
    folder = tmp_path_factory.mktemp(f"library-https-{language}")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-sha256", "-days", "825", "-nodes",
                    "-keyout", str(folder / "web.key"), "-out", str(folder / "web.crt"), "-subj", "/CN=bookkiosk.local",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:bookkiosk.local",
                    "-addext", "basicConstraints=critical,CA:TRUE",
                    "-addext", "keyUsage=critical,digitalSignature,keyEncipherment,keyCertSign",
                    "-addext", "extendedKeyUsage=serverAuth"], check=True, capture_output=True)
    made = Library(folder, language, web={"certificate": str(folder / "web.crt"), "key": str(folder / "web.key")})
    made.make()
    made.start()
    yield made
    code = made.stop()
    assert code == 0, f"bookkiosk serve exited {code} on SIGTERM:\n{made.stderr()}"


@pytest.fixture
def context(browser, library):
    # The certificate is self-signed; the browser is told to accept it, as an iPad is once it is trusted.
    made = browser.new_context(base_url=library.url, ignore_https_errors=True)
    yield made
    made.close()


def test_the_page_is_served_over_https_with_a_secure_cookie(context, words, library):
    assert library.url.startswith("https://")
    page = context.new_page()
    sign_in(page, words)
    assert page.url == library.url + "/", page.url
    expect(nav_link(page, words["loans"])).to_be_visible()
    cookie = next(c for c in context.cookies() if c["name"] == "bookkiosk_session")
    assert cookie["secure"] is True and cookie["httpOnly"] is True and cookie["sameSite"] == "Strict"
    headers = context.request.get(library.url + "/loans").headers
    assert "upgrade-insecure-requests" not in headers.get("content-security-policy", "")
    assert headers.get("x-content-type-options") == "nosniff"
