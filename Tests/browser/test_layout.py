"""Every page fits an iPad both ways and a phone without sideways scrolling, and axe-core finds
no serious or critical accessibility violation on it."""
import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import every_page

LANGUAGES = ["ja", "en"]
SIZES = [(1024, 768), (768, 1024), (375, 812)]
#: The impacts that fail a page (axe-core's scale: minor, moderate, serious, critical).
FAILING_IMPACTS = {"serious", "critical"}


def scroll_overflow(page) -> int:
    """How many CSS pixels the document is wider than the viewport (0 when it fits)."""
    return page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth")


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_page_scrolls_sideways(page, browser, library, width, height):
    page.set_viewport_size({"width": width, "height": height})
    wide = {}
    for path in every_page(page):
        response = page.goto(path)
        assert response and response.status == 200, f"{path} answered {response and response.status}"
        if (overflow := scroll_overflow(page)) > 0:
            wide[path] = overflow
    stranger = browser.new_context(base_url=library.url, viewport={"width": width, "height": height})
    sign_in = stranger.new_page()
    sign_in.goto("/sign-in")
    if (overflow := scroll_overflow(sign_in)) > 0:
        wide["/sign-in"] = overflow
    stranger.close()
    assert wide == {}, f"wider than {width} px by (px): {wide}"


def serious(results) -> list[str]:
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:5]}"
            for v in results.response["violations"] if v["impact"] in FAILING_IMPACTS]


def test_axe_finds_no_serious_or_critical_violation(page, browser, library):
    axe = Axe()
    found = {}
    for path in every_page(page):
        page.goto(path)
        if problems := serious(axe.run(page)):
            found[path] = problems
    stranger = browser.new_context(base_url=library.url)
    sign_in = stranger.new_page()
    sign_in.goto("/sign-in")
    if problems := serious(axe.run(sign_in)):
        found["/sign-in"] = problems
    stranger.close()
    assert found == {}, "\n".join(f"{path}: {p}" for path, problems in found.items() for p in problems)
