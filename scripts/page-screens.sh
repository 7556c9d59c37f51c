#!/usr/bin/env bash
# Screenshots of the teachers' page for the README, into docs/page/: a sample library served by
# `bookkiosk serve` on a free local port, signed in as a teacher, each page at iPad size
# (1024x768 landscape and 768x1024 portrait) and a few at a phone's 375x812, in Japanese. Books
# are looked up by ISBN at `lookup-replay` (built beside bookkiosk), which answers from the
# recorded NDL Search and openBD responses in Tests/lookup-fixtures: never the network.
# Drawn by Debian's chromium through Playwright (the pinned .venv-browser/, as scripts/browser-tests).
#
#   scripts/page-screens.sh [path/to/bookkiosk]     (default: .build/debug/bookkiosk, built first)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then
    bookkiosk=$(realpath "$1")
else
    swift build --product bookkiosk >/dev/null
    swift build --product lookup-replay >/dev/null
    bookkiosk=$(realpath .build/debug/bookkiosk)
fi
replay_program=$(dirname "$bookkiosk")/lookup-replay
[ -x "$replay_program" ] || { echo "page-screens.sh: no lookup-replay beside $bookkiosk (swift build --product lookup-replay)" >&2; exit 1; }
chromium=${CHROMIUM:-/usr/lib/chromium/chromium}
[ -x "$chromium" ] || { echo "page-screens.sh: no chromium at $chromium (apt-get install chromium, or set CHROMIUM)" >&2; exit 1; }
# shellcheck source=scripts/browser-venv.sh
. scripts/browser-venv.sh
browser_venv

work=$(mktemp -d)
server=""
replay=""
cleanup() {
    for process in $server $replay; do
        kill -TERM "$process" 2>/dev/null || true
        wait "$process" 2>/dev/null || true
    done
    [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
[ -n "${KEEP:-}" ] && echo "work: $work" >&2
db=$work/library.sqlite
config=$work/config.json
bk() { "$bookkiosk" "$@" --db "$db" --config "$config"; }
day() { date -d "$1" +%Y-%m-%dT09:00:00; }

# The library: a kindergarten's picture books and children, three teachers, loans made at the
# kiosk (simulate) over the last weeks, so 貸出中 has overdue and current rows and ホーム has figures.
printf '{"timeZone": "Asia/Tokyo", "language": "ja", "libraryName": "さくらようちえん としょコーナー", "loanLimit": 2, "loanDays": 7, "screen": {"covers": "%s"}}\n' "$work/covers" > "$config"
# Covers for two books (one found by ISBN, one by barcode), drawn here: no image files in the repository.
mkdir -p "$work/covers"
python3 - "$work/covers" <<'PY'
import struct, sys, zlib
def cover(path, paper, sun, sky):
    w, h = 150, 200
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            if 20 < y < 70 and 15 < x < 135:
                row += bytes(paper)
            elif (x - 75) ** 2 + (y - 140) ** 2 < 38 ** 2:
                row += bytes(sun)
            else:
                row += bytes(sky)
        rows.append(bytes(row))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))
    open(path, "wb").write(png)
cover(sys.argv[1] + "/9784834000825.png", (255, 250, 235), (250, 200, 60), (70, 140, 200))
cover(sys.argv[1] + "/B0002.png", (240, 255, 240), (230, 80, 60), (90, 170, 90))
PY
cat > "$work/books.csv" <<'CSV'
barcode,title,author,isbn
B0001,ぐりとぐら,なかがわりえこ,9784834000825
B0002,はらぺこあおむし,エリック・カール,
B0003,しろくまちゃんのほっとけーき,わかやまけん,
B0004,おおきなかぶ,A・トルストイ,
B0005,ねないこだれだ,せなけいこ,
B0006,からすのパンやさん,かこさとし,
B0007,ちいさなうさこちゃんとおおきなクリスマスツリーのおはなし ながいながいタイトル,ディック・ブルーナ,
B0008,はじめてのおつかい,筒井頼子,
B0009,ぞうくんのさんぽ,なかのひろたか,
B0010,いないいないばあ,松谷みよ子,
B0011,きんぎょがにげた,五味太郎,
B0012,だるまさんが,かがくいひろし,
B0013,てぶくろ,エウゲーニー・M・ラチョフ,
B0014,もこ もこもこ,谷川俊太郎,
B0015,14ひきのあさごはん,いわむらかずお,
B0016,ノンタンぶらんこのせて,キヨノサチコ,
CSV
cat > "$work/users.csv" <<'CSV'
card,name,reading,class
C0001,はると,はると,ひよこ組
C0002,めい,めい,ひよこ組
C0003,佐藤 そうた,サトウ ソウタ,うさぎ組
C0004,ひまり,ひまり,うさぎ組
C0005,ゆうき,ゆうき,きりん組
C0006,あおい,あおい,きりん組
C0007,りく,りく,ぞう組
C0008,さくら,さくら,
CSV
bk import books "$work/books.csv" >/dev/null
bk import users "$work/users.csv" >/dev/null
# The classes (組): one of 年少, one of 年中, two of 年長 — so the promotion (進級) must ask
# where うさぎ組 goes, and the screenshots show that question.
# The import made them (without a grade): each is given its grade.
bk classes grade ひよこ組 1 >/dev/null
bk classes grade うさぎ組 2 >/dev/null
bk classes grade きりん組 3 >/dev/null
bk classes grade ぞう組 3 >/dev/null
printf '1234\n' | bk staff add やまだ >/dev/null
printf 'sakura-2026\n' | bk staff password やまだ >/dev/null
printf '5678\n' | bk staff add たなか >/dev/null
printf 'kodomo-1234\n' | bk staff password たなか >/dev/null
printf 'C0002\nB0003\nB0008\n' | bk simulate --now "$(day '-20 days')" >/dev/null
printf 'C0004\nB0004\n' | bk simulate --now "$(day '-12 days')" >/dev/null
printf 'C0001\nB0001\nB0002\n' | bk simulate --now "$(day '-3 days')" >/dev/null
printf 'C0006\nB0006\n' | bk simulate --now "$(day '-2 days')" >/dev/null
printf 'C0003\nB0012\nB0013\n' | bk simulate >/dev/null
printf 'C0007\nB0015\n' | bk simulate >/dev/null
printf 'C0008\nB0016\n' | bk simulate >/dev/null
printf 'B0016\n' | bk simulate >/dev/null   # brought back today

"$replay_program" Tests/lookup-fixtures > "$work/replay.out" &
replay=$!
for _ in $(seq 100); do
    [ -s "$work/replay.out" ] && break
    sleep 0.1
done
lookup_url=$(head -n 1 "$work/replay.out")
case "$lookup_url" in http://127.0.0.1:*) ;; *) echo "page-screens.sh: lookup-replay printed no address" >&2; exit 1 ;; esac

port=$("$venv_python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BOOKKIOSK_LOOKUP_URL=$lookup_url "$bookkiosk" serve --listen "127.0.0.1:$port" --db "$db" --config "$config" > "$work/serve.out" 2> "$work/serve.err" &
server=$!
for _ in $(seq 100); do
    grep -q "http://127.0.0.1:$port/" "$work/serve.out" 2>/dev/null && break
    kill -0 "$server" 2>/dev/null || { echo "page-screens.sh: bookkiosk serve stopped:" >&2; cat "$work/serve.err" >&2; exit 1; }
    sleep 0.1
done
grep -q "http://127.0.0.1:$port/" "$work/serve.out" || { echo "page-screens.sh: bookkiosk serve printed no address" >&2; exit 1; }

CHROMIUM=$chromium "$venv_python" - "http://127.0.0.1:$port" docs/page <<'PY'
import os
import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

url, out = sys.argv[1], Path(sys.argv[2])
# Each page: its file name and path. The loan's confirmation is found from 貸出中's first 「返却」.
PAGES = [("home", "/"), ("loans", "/loans"), ("loans-overdue", "/loans?overdue=1"), ("return", None),
         ("books", "/books"), ("book", "/books/B0001"), ("book-new", "/books/new"), ("book-lend", "/books/B0009/lend"),
         ("users", "/users"), ("user", "/users/C0002"), ("user-lend", "/users/C0005?book=ぞう#lend"), ("user-new", "/users/new"), ("settings", "/settings"),
         ("classes", "/classes"), ("classes-promote", "/classes/promote?map=うさぎ組=きりん組"), ("records", "/records"),
         ("print", "/print"), ("import", "/import")]
PHONE = ["sign-in", "home", "loans", "books", "classes"]
FULL = ["classes", "user", "book", "settings"]
SIZES = [(1024, 768), (768, 1024), (375, 812)]

shutil.rmtree(out, ignore_errors=True)
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=os.environ["CHROMIUM"], args=["--no-sandbox"])
    for width, height in SIZES:
        folder = out / f"ja-{width}x{height}"
        folder.mkdir(parents=True)
        context = browser.new_context(base_url=url, viewport={"width": width, "height": height}, locale="ja-JP")
        page = context.new_page()
        page.goto("/sign-in")
        if width != 375 or "sign-in" in PHONE:
            page.screenshot(path=folder / "sign-in.png")
        page.get_by_label("名前", exact=True).fill("やまだ")
        page.get_by_label("パスワード", exact=True).fill("sakura-2026")
        page.get_by_role("button", name="ログイン", exact=True).click()
        page.wait_for_load_state()
        assert "/sign-in" not in page.url, page.inner_text("body")
        for name, path in PAGES:
            if width == 375 and name not in PHONE:
                continue
            if path is None:
                page.goto("/loans")
                path = page.locator("main a[href$='/return']").first.get_attribute("href")
            response = page.goto(path)
            assert response and response.status == 200, f"{path}: {response and response.status}"
            # The 組 page's promotion (進級) is below the fold: the whole page, so it shows.
            page.screenshot(path=folder / f"{name}.png", full_page=name in FULL)
        if width != 375:
            # 取り込み's preview of a users CSV, and 復元's check of a backup (neither applied).
            scratch = folder / "scratch"
            scratch.mkdir()
            # As Excel saves it on a Japanese Windows (Shift_JIS, the page's own headers): はると
            # moves to うさぎ組 with a limit of 3 (old → new), and ひよこぐみ is a probable typo.
            (scratch / "users.csv").write_bytes("カード番号,名前,組,貸出上限\r\nC0009,ゆい,ひよこ組,\r\nC0001,さとう はると,うさぎ組,3\r\n,けんた,ひよこぐみ,\r\n".encode("cp932"))
            page.goto("/import")
            page.get_by_label("CSV ファイル", exact=True).set_input_files(str(scratch / "users.csv"))
            page.get_by_role("button", name="確認する", exact=True).click()
            page.wait_for_load_state()
            page.screenshot(path=folder / "import-preview.png", full_page=True)
            (scratch / "library.sqlite").write_bytes(page.request.get("/settings/backup").body())
            page.goto("/settings")
            page.get_by_label("バックアップのファイル", exact=True).set_input_files(str(scratch / "library.sqlite"))
            page.get_by_role("button", name="中身を確認", exact=True).click()
            page.wait_for_load_state()
            page.screenshot(path=folder / "restore-preview.png")
            shutil.rmtree(scratch)
            # 絵本を追加 after 「調べる」 (found at the NDL, with its credit).
            page.goto("/books/new")
            page.get_by_label("ISBN", exact=True).fill("978-4-344-01847-1")
            page.get_by_role("button", name="調べる", exact=True).click()
            page.wait_for_load_state()
            page.screenshot(path=folder / "book-lookup.png")
        if width == 1024:
            # まとめて登録 as a scanner paired with the iPad fills it: each ISBN typed, then Enter.
            page.goto("/books/scan")
            for isbn in ["978-4-344-01847-1", "9784780802047", "4-12-201795-5", "9784344018471", "9784834000825"]:
                page.locator("input[name=isbn]").wait_for()
                page.keyboard.type(isbn)
                page.keyboard.press("Enter")
                page.wait_for_load_state()
            needs = page.locator("tr.needs-title")
            needs.get_by_role("textbox").fill("ぐりとぐら")
            needs.get_by_role("button", name="この書名で登録", exact=True).click()
            page.wait_for_load_state()
            page.locator("table.scanned tbody tr").last.get_by_role("button", name="取り消し", exact=True).click()
            page.wait_for_load_state()
            page.screenshot(path=folder / "books-scan.png", full_page=True)
        context.close()
    browser.close()
PY
echo "page-screens.sh: wrote $(find docs/page -name '*.png' | wc -l) screenshots into docs/page/"
