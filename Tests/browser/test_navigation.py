"""The navigation, and that nothing a signed-in teacher can reach answers without a session."""
from urllib.parse import urljoin, urlsplit

from playwright.sync_api import expect

from conftest import BOOKS, USERS, nav_link
from words import NAVIGATION

LANGUAGES = ["ja", "en"]

#: The library data no page may show before sign-in.
LIBRARY_DATA = [title for _, title, _, _ in BOOKS] + [name for _, name in USERS]
#: How many different paths the crawl follows at most.
CRAWL_LIMIT = 80


def test_every_navigation_link_opens_its_page(page, words, library):
    for key, path in NAVIGATION:
        link = nav_link(page, words[key])
        expect(link).to_be_visible()
        response_path = urlsplit(urljoin(page.url, link.get_attribute("href"))).path
        assert response_path == path, f"{words[key]} leads to {response_path}, not {path}"
        with page.expect_response(lambda r: urlsplit(r.url).path == path and r.request.method == "GET") as answer:
            link.click()
        assert answer.value.status == 200, f"{path} answered {answer.value.status}"
        page.wait_for_load_state()
        assert urlsplit(page.url).path == path
        expect(nav_link(page, words[key])).to_be_visible()


def signed_in_links(page, library) -> list[str]:
    """Every same-origin link (and GET form) a signed-in teacher reaches from ホーム, breadth first."""
    seen: list[str] = []
    queue = ["/"]
    while queue and len(seen) < CRAWL_LIMIT:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.append(path)
        # A download (a PDF, a backup) is fetched, not opened: the browser would not show it.
        probe = page.request.get(path)
        if probe.headers.get("content-disposition", "").startswith("attachment"):
            assert probe.status < 400, f"{path} answered {probe.status} when signed in"
            continue
        response = page.goto(path)
        assert response and response.status < 400, f"{path} answered {response and response.status} when signed in"
        hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
        hrefs += page.eval_on_selector_all("form[method=get], form:not([method])", "forms => forms.map(f => f.action)")
        for href in hrefs:
            parts = urlsplit(href)
            if f"{parts.scheme}://{parts.netloc}" != library.url:
                continue
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if target not in seen and target not in queue:
                queue.append(target)
    return seen


def test_every_link_reachable_after_sign_in_answers_without_library_data_before_it(page, browser, library, words):
    links = signed_in_links(page, library)
    for must in ["/", "/loans", "/books", "/users", "/settings", "/books/B0001", "/users/C0001"]:
        assert must in links, f"{must} is not reachable from ホーム: {links}"

    stranger = browser.new_context(base_url=library.url)
    try:
        for path in links:
            if path in ("/style.css", "/sign-in"):
                continue
            visit = stranger.new_page()
            response = visit.goto(path)
            assert response is not None
            body = visit.content()
            shown = [data for data in LIBRARY_DATA if data in body or data.replace("<", "&lt;").replace(">", "&gt;") in body]
            assert not shown, f"{path} shows {shown} without a session"
            assert urlsplit(visit.url).path == "/sign-in", f"{path} without a session landed on {visit.url}"
            expect(visit.get_by_label(words["password"], exact=True)).to_be_visible()
            visit.close()
    finally:
        stranger.close()
