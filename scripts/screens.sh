#!/bin/sh
# Draws every state of the kiosk's screen into kiosk/screens/: a scenario played through
# `bookkiosk simulate --screens`, at 1280x800 in Japanese and at 800x480 in English.
#
#   scripts/screens.sh [path/to/bookkiosk]     (default: .build/debug/bookkiosk, built first)
#
# Each frame is named after its line in the event stream (0002-greeted.png, ...); the script
# then copies the frames worth showing to kiosk/screens/<lang>-<size>/<state>.png.
set -eu
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then
    bookkiosk=$1
else
    swift build --product bookkiosk >/dev/null
    bookkiosk=.build/debug/bookkiosk
fi
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT; [ -n "${KEEP:-}" ] && echo "work: $work" >&2

scenario() {
    cat <<'SCENARIO'
# 0001 ready: waiting for a card
C0001
# 0002 greeted: the session, two empty slots
B0001
# 0003 lent (the cover beside the title), due strip over the weekend
B0001
# 0004 duplicate: nothing jumps, a quiet line
@wait 3s
B0002
# 0005 lent: the second book; the limit is reached
B0004
# 0006 refused limitReached: full slots
@wait 3s
B0001
# 0007 returned: thank you, a slot free again
@wait 40s
# 0008 sessionEnded: goodbye
C0002
# 0009 greeted: Mei has an overdue book
B0003
# 0010 refused hasOverdue: the calendar
@wait 40s
B0003
# 0011 sessionEnded, 0012 returned with no session (late, thanked)
B0002
# 0013 returned with no session
B0004
# 0014 refused cardFirst: the card
X-UNKNOWN
# 0015 refused unknownBarcode: the question mark
C0003
# 0016 refused userInactive
B0005
# 0017 refused bookNotLendable
@unplug usb-Barcode_Scanner-event-kbd
# 0018 scannerLost
@plug usb-Barcode_Scanner-event-kbd
# 0019 scannerBack
@key F12
@type 12
@type 34
@enter
# staff: PIN dots, then entered (menu)
@key b
B0010
@type Guri
@enter
@enter
# registered a book
@key Esc
@key o
@key Esc
@key l
C0001
B0006
@key Esc
@key Esc
@key q
@key F12
@type 9999
@enter
@key Esc
SCENARIO
}

library() {
    db=$1
    lang=$2
    if [ "$lang" = ja ]; then
        printf 'barcode,title,isbn,status\nB0001,ぐりとぐら,9784834000825,available\nB0002,はらぺこあおむし,,available\nB0003,しろくまちゃんのほっとけーき,,available\nB0004,ちいさなうさこちゃんとおおきなクリスマスツリーのおはなし ながいながいタイトル,,available\nB0005,ももたろう,,withdrawn\nB0006,おおきなかぶ,,available\n' > "$work/books.csv"
        printf 'card,name,limit,active\nC0001,はると,,yes\nC0002,めい,,yes\nC0003,そうた,,no\n' > "$work/users.csv"
    else
        printf 'barcode,title,isbn,status\nB0001,Guri and Gura,9784834000825,available\nB0002,The Very Hungry Caterpillar,,available\nB0003,Little Polar Bear'"'"'s Pancakes,,available\nB0004,Miffy and the Very Big Christmas Tree: A Rather Long Title Indeed,,available\nB0005,Momotaro,,withdrawn\nB0006,The Enormous Turnip,,available\n' > "$work/books.csv"
        printf 'card,name,limit,active\nC0001,Haruto,,yes\nC0002,Mei,,yes\nC0003,Sota,,no\n' > "$work/users.csv"
    fi
    "$bookkiosk" import books "$work/books.csv" --db "$db" --config "$work/config-$lang.json" >/dev/null 2>&1
    "$bookkiosk" import users "$work/users.csv" --db "$db" --config "$work/config-$lang.json" >/dev/null 2>&1
    printf '1234\n' | "$bookkiosk" staff add "$3" --db "$db" --config "$work/config-$lang.json" >/dev/null
    # Mei borrowed B0003 two weeks before the scenario: it is overdue.
    printf 'C0002\nB0003\n' | "$bookkiosk" simulate --db "$db" --config "$work/config-$lang.json" --now 2026-11-10T09:00:00 >/dev/null
}

# A cover for Guri and Gura, drawn by cairo through a tiny scene (no image files in the repository).
cover() {
    mkdir -p "$work/covers"
    python3 - "$work/covers/9784834000825.png" <<'PY'
import sys, struct, zlib
w, h = 150, 200
rows = []
for y in range(h):
    row = bytearray([0])
    for x in range(w):
        if 20 < y < 70 and 15 < x < 135:
            row += bytes((255, 250, 235))
        elif (x - 75) ** 2 + (y - 140) ** 2 < 38 ** 2:
            row += bytes((250, 200, 60))
        else:
            row += bytes((70, 140, 200))
    rows.append(bytes(row))
raw = b"".join(rows)
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
PY
}

render() {
    lang=$1 size=$2 staff=$3 library_name=$4
    out="kiosk/screens/$lang-$size"
    printf '{"timeZone": "Asia/Tokyo", "language": "%s"}\n' "$lang" > "$work/config-$lang.json"
    db="$work/$lang.sqlite"
    rm -f "$db"
    library "$db" "$lang" "$staff"
    rm -rf "$work/frames"
    scenario | "$bookkiosk" simulate --db "$db" --config "$work/config-$lang.json" --now 2026-12-03T09:00:00 \
        --screens "$work/frames" --screen-size "$size" --covers "$work/covers" --library-name "$library_name" > "$work/events-$lang.jsonl"
    rm -rf "$out"
    mkdir -p "$out"
    for pair in \
        0001-ready:waiting 0002-greeted:session 0003-lent:lent 0004-duplicate:duplicate \
        0006-refused:refused-limitReached 0007-returned:returned 0008-sessionEnded:sessionEnded \
        0010-refused:refused-hasOverdue 0012-returned:returned-late 0014-refused:refused-cardFirst \
        0015-refused:refused-unknownBarcode 0016-refused:refused-userInactive \
        0017-refused:refused-bookNotLendable 0018-scannerLost:scannerLost 0019-scannerBack:scannerBack \
        0019-prompt-3:staff-pin 0020-staff:staff-menu 0020-prompt-4:staff-typeTitle 0021-staff:staff-registeredBook \
        0021-prompt-3:staff-overdue 0021-prompt-6:staff-scanBookToLend 0022-staff:staff-override \
        0025-refused:refused-pinWrong
    do
        frame=${pair%%:*} name=${pair#*:}
        if [ -f "$work/frames/$frame.png" ]; then
            cp "$work/frames/$frame.png" "$out/$name.png"
        else
            echo "screens.sh: no frame $frame for $name ($lang $size)" >&2
            ls "$work/frames" >&2
            exit 1
        fi
    done
}

cover
render ja 1280x800 やまだ "さくらようちえん としょコーナー"
render en 800x480 "Ms Yamada" "Sakura Kindergarten Library"
echo "screens.sh: wrote kiosk/screens/ja-1280x800 and kiosk/screens/en-800x480"
