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
    # The frames kept below are named after the event line each follows (see the comments).
    cat <<'SCENARIO'
# 0001 ready: waiting for a card
C0001
# 0002 greeted: the Session, the reading big (やまだ はるとさん), the kanji name small, two empty slots
B0001
# 0003 lent: the cover beside the title, the due strip over the weekend
B0001
# 0004 duplicate: nothing jumps, a quiet line
@wait 3s
B0002
# 0005 lent: the second book, so the limit is reached
B0004
# 0006 refused limitReached: the slots are full
@wait 3s
B0001
# 0007 returned: thank you, a slot is free again
@wait 40s
# 0008 sessionEnded: goodbye
C0002
# 0009 greeted: Mei has two overdue books, and is told so at the card scan (the slot row agrees)
B0006
# 0010 refused hasOverdue: the calendar
B0003
# 0011 returned, late, in the Session: thanked, never scolded; another book is still overdue
B0007
# 0012 returned, the last overdue book: she may borrow again, and the screen says so
@wait 40s
# 0013 sessionEnded
C0004
# 0014 greeted: Aoi's slots are all full, and she is told so at the card scan
@wait 40s
# 0015 sessionEnded
B0002
# 0016 returned with no Session
B0004
# 0017 refused cardFirst: the card
X-UNKNOWN
# 0018 refused unknownBarcode: the question mark
C0003
# 0019 refused userInactive
B0005
# 0020 refused bookNotLendable
@unplug usb-Barcode_Scanner-event-kbd
# 0021 scannerLost
@plug usb-Barcode_Scanner-event-kbd
# 0022 scannerBack; then staff mode: 0022-prompt-1 PIN, -3 two digits typed
@key F12
@type 12
@type 34
@enter
# 0023 staff entered; 0023-prompt-1 the menu, -2 scan a book to register, -3..-7 typing its title
@key b
B0010
@type Guri
@enter
@enter
# 0024 staff registeredBook; -1 its notice, -2 menu, -3 the overdue list, -4 menu, -5 scan a card, -6 scan books for Haruto
@key Esc
@key o
@key Esc
@key l
C0001
B0006
# 0025 staff override; -1 its notice, -2, -3 back to the menu
@key Esc
@key Esc
@key Esc
@key q
# 0026 staff left; -1..-5 a wrong PIN typed
@key F12
@type 9999
@enter
# 0027 refused pinWrong; -1 the PIN again with the notice
@key Esc
SCENARIO
}

library() {
    db=$1
    lang=$2
    if [ "$lang" = ja ]; then
        printf 'barcode,title,isbn,status\nB0001,ぐりとぐら,9784834000825,available\nB0002,はらぺこあおむし,,available\nB0003,しろくまちゃんの ほっとけーき,,available\nB0004,ちいさなうさこちゃんとおおきなクリスマスツリーのおはなし ながいながいタイトル,,available\nB0005,ももたろう,,withdrawn\nB0006,おおきなかぶ,,available\nB0007,はじめての おつかい,,available\nB0008,ねないこ だれだ,,available\nB0009,からすのパンやさん,,available\n' > "$work/books.csv"
        printf 'card,name,reading,limit,active\nC0001,山田 陽翔,やまだ はると,,yes\nC0002,佐藤 芽衣,さとう めい,,yes\nC0003,そうた,,,no\nC0004,あおい,,,yes\n' > "$work/users.csv"
    else
        printf 'barcode,title,isbn,status\nB0001,Guri and Gura,9784834000825,available\nB0002,The Very Hungry Caterpillar,,available\nB0003,Little Polar Bear'"'"'s Pancakes,,available\nB0004,Miffy and the Very Big Christmas Tree: A Rather Long Title Indeed,,available\nB0005,Momotaro,,withdrawn\nB0006,The Enormous Turnip,,available\nB0007,Miki'"'"'s First Errand,,available\nB0008,Go to Sleep or the Ghost Will Come,,available\nB0009,The Crows'"'"' Bakery,,available\n' > "$work/books.csv"
        printf 'card,name,limit,active\nC0001,Haruto,,yes\nC0002,Mei,,yes\nC0003,Sota,,no\nC0004,Aoi,,yes\n' > "$work/users.csv"
    fi
    "$bookkiosk" import books "$work/books.csv" --db "$db" --config "$work/config-$lang.json" >/dev/null 2>&1
    "$bookkiosk" import users "$work/users.csv" --db "$db" --config "$work/config-$lang.json" >/dev/null 2>&1
    printf '1234\n' | "$bookkiosk" staff add "$3" --db "$db" --config "$work/config-$lang.json" >/dev/null
    # Mei borrowed B0003 and B0007 three weeks before the scenario: they are overdue.
    printf 'C0002\nB0003\nB0007\n' | "$bookkiosk" simulate --write --db "$db" --config "$work/config-$lang.json" --now 2026-11-12T09:00:00 >/dev/null
    # Aoi borrowed B0008 and B0009 yesterday: her slots are full, nothing is overdue.
    printf 'C0004\nB0008\nB0009\n' | "$bookkiosk" simulate --write --db "$db" --config "$work/config-$lang.json" --now 2026-12-02T09:00:00 >/dev/null
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
    scenario | "$bookkiosk" simulate --write --db "$db" --config "$work/config-$lang.json" --now 2026-12-03T09:00:00 \
        --screens "$work/frames" --screen-size "$size" --covers "$work/covers" --library-name "$library_name" > "$work/events-$lang.jsonl"
    # Database trouble: another process holds the database past the busy timeout. The lock is
    # taken once simulate is ready (its start-up housekeeping done), then a Book on loan is
    # scanned: its return must write (a card's greeting only reads, which WAL lets through).
    rm -f "$work/in" "$work/trouble.out"
    mkfifo "$work/in"
    "$bookkiosk" simulate --write --db "$db" --config "$work/config-$lang.json" --now 2026-12-03T09:00:00 \
        --screens "$work/trouble" --screen-size "$size" --library-name "$library_name" < "$work/in" > "$work/trouble.out" 2>/dev/null &
    exec 3> "$work/in"
    until grep -q '"ready"' "$work/trouble.out" 2>/dev/null; do sleep 0.1; done
    rm -f "$work/locked"
    python3 - "$db" "$work/locked" <<'PY' &
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
open(sys.argv[2], "w").close()
time.sleep(20)
PY
    # On a loaded machine python may take a while to start: scan only once the lock is held.
    until [ -f "$work/locked" ]; do sleep 0.1; done
    echo B0006 >&3
    exec 3>&-
    wait
    cp "$work/trouble/0002-error.png" "$work/frames/database.png"
    rm -rf "$out"
    mkdir -p "$out"
    for pair in \
        0001-ready:waiting 0002-greeted:session 0003-lent:lent 0004-duplicate:duplicate \
        0006-refused:refused-limitReached 0007-returned:returned 0008-sessionEnded:sessionEnded \
        0009-greeted:session-overdue 0010-refused:refused-hasOverdue 0011-returned:returned-late \
        0012-returned:returned-again 0014-greeted:session-full \
        0017-refused:refused-cardFirst 0018-refused:refused-unknownBarcode 0019-refused:refused-userInactive \
        0020-refused:refused-bookNotLendable 0021-scannerLost:scannerLost 0022-scannerBack:scannerBack \
        0022-prompt-3:staff-pin 0023-prompt-1:staff-menu 0023-prompt-7:staff-typeTitle \
        0024-prompt-1:staff-registeredBook 0024-prompt-3:staff-overdue 0024-prompt-6:staff-scanBookToLend \
        0025-prompt-1:staff-override 0027-refused:refused-pinWrong database:databaseTrouble
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
