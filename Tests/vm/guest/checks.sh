# The checks, run by /init in the guest. Each prints one `PASS name ...` or `FAIL name: why`.
# CHECKS (settings.sh) may name the ones to run; empty runs all.

. /vm/lib.sh
. /vm/screen.sh

SCANNER_DESC=/vm/fixtures/scanner.desc
export LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu

# run_check NAME FUNCTION [ARGS...]: runs the check in a subshell with its own $WORK, then
# stops what it left running.
CHECK_SEQ=0
run_check() {
    local name=$1
    shift
    if [ -n "$CHECKS" ]; then
        case " $CHECKS " in *" $name "*|*" ${name%%:*} "*) ;; *) return 0 ;; esac
    fi
    CHECK_SEQ=$((CHECK_SEQ + 1))
    WORK=/tmp/check-$CHECK_SEQ
    mkdir -p "$WORK"
    local started
    started=$(cut -d ' ' -f 1 /proc/uptime)
    ( "$@" )
    ( stop_background )
    echo "INFO $name took $(awk -v a="$started" -v b="$(cut -d ' ' -f 1 /proc/uptime)" 'BEGIN { printf "%.1f", b - a }')s"
}

# --- the harness itself --------------------------------------------------------------------

# A virtual device from evemu-device, typed on with evemu-play, read back by evemu-record.
check_evemu_roundtrip() {
    local name=evemu-roundtrip out
    scanner_create $SCANNER_DESC "BookKiosk VM Roundtrip" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    out="$WORK/recorded.evemu"
    evemu-record "$SCANNER_NODE" "$out" 2> "$WORK/record.err" &
    background $!
    # evemu-record opens the device, then describes it: once the name is written, keys typed
    # wait for it in the kernel's buffer.
    wait_until 10 grep -q '^N: ' "$out" \
        || { fail $name "evemu-record did not start: $(cat "$WORK/record.err")"; return; }
    type_on "$SCANNER_NODE" VM1234 || { fail $name "evemu-play failed"; return; }
    # 6 keys + Enter, a press and a release each (the Shifts are not counted).
    wait_until 10 sh -c "[ \$(grep -c '^E: [0-9.]* 0001 00\\(2f\\|32\\|02\\|03\\|04\\|05\\|1c\\) ' '$out') -ge 14 ]" \
        || { fail $name "evemu-record saw $(grep -c '^E: [0-9.]* 0001 ' "$out") key events, expected 14"; return; }
    pass "$name (evemu-device made $SCANNER_NODE; 14 key events typed with evemu-play, 14 read back)"
}

# --- recordings ----------------------------------------------------------------------------

# check_recording FILE: `bookkiosk run` on a virtual device made from the recording and
# replayed with evemu-play reports the same barcodes as `bookkiosk decode` (normalized as the
# kiosk normalizes every Scan), which gives the ones in NAME.expected.
check_recording() {
    local recording=$1 base name layout=us count
    base=${recording%.evemu}
    name="recording:$(basename "$base")"
    [ ! -f "$base.layout" ] || layout=$(tr -d ' \r\n' < "$base.layout")
    bookkiosk decode --evemu "$recording" --layout "$layout" > "$WORK/decoded" 2> "$WORK/decode.err" \
        || { fail "$name" "bookkiosk decode failed: $(tail -n 3 "$WORK/decode.err" | tr '\n' ' ')"; return; }
    if [ -f "$base.expected" ] && ! cmp -s "$WORK/decoded" "$base.expected"; then
        fail "$name" "bookkiosk decode gives [$(tr '\n' ' ' < "$WORK/decoded")], $base.expected says [$(tr '\n' ' ' < "$base.expected")]"
        return
    fi
    # The kernel ignores a SYN_DROPPED written to uinput, so a replay cannot carry one: compare
    # `run` with the decoding of what the device can actually send.
    local replayable=$recording note=""
    if grep -q '^E: [0-9.]* 0000 0003 ' "$recording"; then
        replayable="$WORK/replayable.evemu"
        grep -v '^E: [0-9.]* 0000 0003 ' "$recording" > "$replayable"
        bookkiosk decode --evemu "$replayable" --layout "$layout" > "$WORK/decoded" 2> "$WORK/decode.err" \
            || { fail "$name" "bookkiosk decode (without SYN_DROPPED) failed: $(tail -n 3 "$WORK/decode.err" | tr '\n' ' ')"; return; }
        note=", compared without its SYN_DROPPED, which uinput cannot inject"
    fi
    # The kiosk looks barcodes up, and reports them, normalized: compare like with like.
    awk -f /vm/normalize.awk "$WORK/decoded" | awk -f /vm/json-escape.awk > "$WORK/expected-barcodes"
    count=$(wc -l < "$WORK/expected-barcodes")

    scanner_create "$recording" > "$WORK/why" || { fail "$name" "$(cat "$WORK/why")"; return; }
    write_config "$WORK/config.json" "$SCANNER_NODE|$layout|replay"
    kiosk_start "$WORK/config.json" > "$WORK/why" || { fail "$name" "$(cat "$WORK/why")"; return; }
    evemu-play "$SCANNER_NODE" < "$replayable" 2> "$WORK/play.err" \
        || { fail "$name" "evemu-play failed: $(cat "$WORK/play.err")"; return; }
    # Every Scan of an empty library is a refusal (or a duplicate) that names its barcode.
    wait_until 20 has_barcode_count "$count"
    kiosk_stop
    barcodes_seen > "$WORK/run-barcodes"
    if ! cmp -s "$WORK/run-barcodes" "$WORK/expected-barcodes"; then
        fail "$name" "bookkiosk run reported [$(tr '\n' ' ' < "$WORK/run-barcodes")], bookkiosk decode gives [$(tr '\n' ' ' < "$WORK/expected-barcodes")] (normalized, JSON-escaped)"
        return
    fi
    pass "$name ($count barcodes, layout $layout: run = normalized decode$([ -f "$base.expected" ] && echo ", decode = expected")$note)"
}

# --- lending through the device, and the grab ----------------------------------------------

# A card then a book, typed on the scanner: greeted, lent, and the Loan is in the database.
check_card_and_book() {
    local name=card-and-book loans
    printf 'barcode,title,author,isbn,status\nB0042,Guri and Gura,Rieko Nakagawa,,available\n' > "$WORK/books.csv"
    printf 'card,name,limit,active\nC0001,Haruto,3,yes\n' > "$WORK/users.csv"
    bookkiosk import books "$WORK/books.csv" --db "$WORK/library.sqlite" > "$WORK/import.log" 2>&1 \
        && bookkiosk import users "$WORK/users.csv" --db "$WORK/library.sqlite" >> "$WORK/import.log" 2>&1 \
        || { fail $name "bookkiosk import failed: $(tail -n 3 "$WORK/import.log" | tr '\n' ' ')"; return; }
    scanner_create $SCANNER_DESC "BookKiosk VM Scanner" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    write_config "$WORK/config.json" "$SCANNER_NODE|us|front"
    kiosk_start "$WORK/config.json" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    type_on "$SCANNER_NODE" C0001 || { fail $name "evemu-play failed"; return; }
    wait_until 20 kiosk_said greeted '"user":"C0001"' \
        || { fail $name "no greeted event for C0001; events: $(events_summary)"; return; }
    type_on "$SCANNER_NODE" B0042 || { fail $name "evemu-play failed"; return; }
    wait_until 20 kiosk_said lent '"book":"B0042"' \
        || { fail $name "no lent event for B0042; events: $(events_summary)"; return; }
    kiosk_said lent '"user":"C0001"' || { fail $name "the lent event does not name C0001: $(events_summary)"; return; }
    kiosk_stop
    loans=$(sqlite3 "$WORK/library.sqlite" \
        "SELECT count(*) FROM loans WHERE book = 'B0042' AND user = 'C0001' AND returned_at IS NULL" 2>&1)
    [ "$loans" = 1 ] || { fail $name "the database has $loans open Loans of B0042 to C0001, expected 1"; return; }
    pass "$name (greeted C0001, lent B0042, 1 open Loan in the database)"
}

# A second reader of the scanner's event node gets the keys before the kiosk grabs it, and none
# while the kiosk runs.
check_grab() {
    local name=grab size
    scanner_create $SCANNER_DESC "BookKiosk VM Grab" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    # Without the kiosk, a plain reader sees the keys (so it would see them if the grab failed).
    cat "$SCANNER_NODE" > "$WORK/before.bin" &
    background $!
    # Let cat open the device before typing (it has once /proc shows the node among its fds).
    wait_until 10 sh -c "ls -l /proc/$!/fd 2>/dev/null | grep -q '$SCANNER_NODE'" \
        || { fail $name "the control reader did not open $SCANNER_NODE"; return; }
    type_on "$SCANNER_NODE" G0001 || { fail $name "evemu-play failed"; return; }
    wait_until 10 test -s "$WORK/before.bin" || { fail $name "the control reader got no events without the kiosk"; return; }

    write_config "$WORK/config.json" "$SCANNER_NODE|us|front"
    kiosk_start "$WORK/config.json" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    cat "$SCANNER_NODE" > "$WORK/during.bin" &
    reader=$!
    background $reader
    wait_until 10 sh -c "ls -l /proc/$reader/fd 2>/dev/null | grep -q '$SCANNER_NODE'" \
        || { fail $name "the second reader did not open $SCANNER_NODE"; return; }
    type_on "$SCANNER_NODE" G0002 || { fail $name "evemu-play failed"; return; }
    # The kiosk has the Scan, so the kernel has delivered every key of it.
    wait_until 20 kiosk_said refused '"barcode":"G0002"' \
        || { fail $name "the kiosk did not report G0002; events: $(events_summary)"; return; }
    size=$(wc -c < "$WORK/during.bin")
    [ "$size" -eq 0 ] || { fail $name "the second reader got $size bytes ($((size / 24)) events) while the kiosk ran"; return; }
    pass "$name (a plain reader got $(($(wc -c < "$WORK/before.bin") / 24)) events before; 0 while the kiosk held the grab)"
}

# --- unplug and replug ---------------------------------------------------------------------

# Destroying the device halfway through a Scan gives scannerLost and no Scan of the half; a new
# device with the same name gives scannerBack, and its next Scan is whole.
check_unplug() {
    local name=unplug scanner_name="BookKiosk VM Unplug"
    scanner_create $SCANNER_DESC "$scanner_name" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    local first_pid=$SCANNER_PID first_node=$SCANNER_NODE
    write_config "$WORK/config.json" "name:$scanner_name|us|front"
    kiosk_start "$WORK/config.json" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    # Five characters of U00042, no Enter: a Scan would be long enough if it were ever emitted.
    local runs
    runs=$(kiosk_runs)
    type_on "$first_node" U0004 -v enter=0 || { fail $name "evemu-play failed"; return; }
    # Unplug only once the kiosk has read the half (events still queued when a device goes
    # are lost to its readers, which would make this check prove nothing).
    wait_until 10 kiosk_settled "$runs" || { fail $name "the kiosk did not settle after the half-typed Scan"; return; }
    scanner_destroy "$first_pid" "$first_node" || { fail $name "$first_node did not go away"; return; }
    wait_until 20 kiosk_said scannerLost \
        || { fail $name "no scannerLost after the device went away; events: $(events_summary)"; return; }

    scanner_create $SCANNER_DESC "$scanner_name" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    wait_until 30 kiosk_said scannerBack \
        || { fail $name "no scannerBack after a device named '$scanner_name' came back as $SCANNER_NODE; events: $(events_summary)"; return; }
    type_on "$SCANNER_NODE" U00042 || { fail $name "evemu-play failed"; return; }
    wait_until 20 has_barcode_count 1 \
        || { fail $name "no Scan after scannerBack; events: $(events_summary)"; return; }
    kiosk_stop
    barcodes_seen > "$WORK/barcodes"
    [ "$(cat "$WORK/barcodes")" = U00042 ] \
        || { fail $name "Scans after the unplug were [$(tr '\n' ' ' < "$WORK/barcodes")], expected only U00042"; return; }
    pass "$name (scannerLost, no Scan of the half-typed U0004; scannerBack on $SCANNER_NODE; then U00042 whole)"
}

# --- SYN_DROPPED from the kernel -----------------------------------------------------------

# The recordings' SYN_DROPPED cannot be replayed (the kernel ignores one written to uinput),
# so make the kernel drop events itself: stop the kiosk, type more than evdev's buffer holds
# (64 events for a keyboard-like device), let it go on. Nothing of the overflowed Scan may
# come out, and the next Scan is whole.
check_syn_dropped() {
    local name=syn-dropped long=Q123456789012345678901234567890123456789
    scanner_create $SCANNER_DESC "BookKiosk VM Overflow" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    write_config "$WORK/config.json" "$SCANNER_NODE|us|front"
    kiosk_start "$WORK/config.json" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    kill -STOP $KIOSK_PID
    local runs
    runs=$(kiosk_runs)
    # 40 characters and Enter: over 160 events into a buffer of 64.
    type_on "$SCANNER_NODE" "$long" || { kill -CONT $KIOSK_PID; fail $name "evemu-play failed"; return; }
    kill -CONT $KIOSK_PID
    # Type the next Scan only once the kiosk has dealt with the overflow (libevdev discards
    # what is queued when it resynchronises).
    wait_until 10 kiosk_settled "$runs" || { fail $name "the kiosk did not settle after SIGCONT"; return; }
    grep -q 'SYN_DROPPED' "$WORK/kiosk.log" \
        || { fail $name "no sign that the kernel dropped events: the kiosk's log does not mention SYN_DROPPED"; return; }
    type_on "$SCANNER_NODE" Q0042 || { fail $name "evemu-play failed"; return; }
    wait_until 20 kiosk_said refused '"barcode":"Q0042"' \
        || { fail $name "no Scan of Q0042 after the overflow; events: $(events_summary)"; return; }
    kiosk_stop
    barcodes_seen > "$WORK/barcodes"
    [ "$(cat "$WORK/barcodes")" = Q0042 ] \
        || { fail $name "Scans were [$(tr '\n' ' ' < "$WORK/barcodes")], expected only Q0042 (nothing of the overflowed $long)"; return; }
    pass "$name (the kernel dropped events of a 40-character Scan typed while the kiosk was stopped and the kiosk logged SYN_DROPPED: no Scan of it; then Q0042 whole)"
}

# --- two scanners at once ------------------------------------------------------------------

check_two_scanners() {
    local name=two-scanners
    scanner_create $SCANNER_DESC "BookKiosk VM Front" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    local front=$SCANNER_NODE
    scanner_create $SCANNER_DESC "BookKiosk VM Back" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    local back=$SCANNER_NODE
    write_config "$WORK/config.json" "$front|us|front" "$back|us|back"
    kiosk_start "$WORK/config.json" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    # Two 12-character barcodes typed at the same time, a key every 40 ms on each; each replay
    # notes when it started and ended, to show that they overlapped.
    awk -v text=F12345678901 -v step=0.04 -f /vm/keys.awk > "$WORK/front.events"
    awk -v text=K98765432109 -v step=0.04 -f /vm/keys.awk > "$WORK/back.events"
    local side
    for side in front back; do
        (
            cut -d ' ' -f 1 /proc/uptime > "$WORK/$side.start"
            if [ $side = front ]; then evemu-play "$front"; else evemu-play "$back"; fi < "$WORK/$side.events"
            status=$?
            cut -d ' ' -f 1 /proc/uptime > "$WORK/$side.end"
            exit $status
        ) &
        eval "${side}_play=\$!"
    done
    wait $front_play && wait $back_play || { fail $name "evemu-play failed"; return; }
    local overlap
    overlap=$(awk -v fs="$(cat "$WORK/front.start")" -v fe="$(cat "$WORK/front.end")" \
                  -v bs="$(cat "$WORK/back.start")" -v be="$(cat "$WORK/back.end")" \
        'BEGIN { s = fs > bs ? fs : bs; e = fe < be ? fe : be; printf "%d", (e - s) * 1000 }')
    [ "$overlap" -gt 0 ] || { fail $name "the two replays did not overlap in time (front $(cat "$WORK/front.start")-$(cat "$WORK/front.end") s, back $(cat "$WORK/back.start")-$(cat "$WORK/back.end") s)"; return; }
    wait_until 20 has_barcode_count 2 \
        || { fail $name "fewer than two Scans; events: $(events_summary)"; return; }
    kiosk_stop
    barcodes_seen | sort > "$WORK/barcodes"
    printf 'F12345678901\nK98765432109\n' > "$WORK/expected"
    cmp -s "$WORK/barcodes" "$WORK/expected" \
        || { fail $name "Scans were [$(tr '\n' ' ' < "$WORK/barcodes")], expected F12345678901 and K98765432109"; return; }
    pass "$name (F12345678901 on $front and K98765432109 on $back, typing at once for ${overlap} ms: two whole Scans)"
}

# --- the staff keyboard --------------------------------------------------------------------

# A second virtual device configured as the `keyboard` (a keyboard's USB ID, not a scanner's):
# F12, a PIN and Enter typed on it give `staff entered`, `q` gives `staff left`. Unplugged, it
# is not a lost scanner; plugged in again it is opened, and F12 and the PIN work again.
check_staff_keyboard() {
    local name=staff-keyboard keyboard_name="BookKiosk VM Staff Keyboard" pin=730519
    printf '%s\n' "$pin" | bookkiosk staff add Sato --db "$WORK/library.sqlite" > "$WORK/staff.log" 2>&1 \
        || { fail $name "bookkiosk staff add failed: $(tail -n 3 "$WORK/staff.log" | tr '\n' ' ')"; return; }
    sed 's/^I: 0003 0c2e 0b61/I: 0003 046d c31c/' $SCANNER_DESC > "$WORK/keyboard.desc"
    scanner_create $SCANNER_DESC "BookKiosk VM Desk" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    local desk=$SCANNER_NODE
    scanner_create "$WORK/keyboard.desc" "$keyboard_name" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    local keyboard_pid=$SCANNER_PID keyboard_node=$SCANNER_NODE
    printf '{"language": "en", "player": "none", "scanners": [{"match": "%s", "layout": "us", "name": "desk"}], "keyboard": {"match": "name:%s", "layout": "us"}}\n' \
        "$desk" "$keyboard_name" > "$WORK/config.json"
    kiosk_start "$WORK/config.json" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    grep -q 'staff keys: from the keyboard' "$WORK/kiosk.log" \
        || { fail $name "the log does not say the staff keys come from the keyboard: $(tr '\n' ' ' < "$WORK/kiosk.log")"; return; }
    type_on "$keyboard_node" "$pin" -v before=88 || { fail $name "evemu-play failed"; return; }
    wait_until 20 kiosk_said staff '"action":"entered"' \
        || { fail $name "no staff entered after F12 and the PIN on the keyboard; events: $(events_summary)"; return; }
    type_on "$keyboard_node" q -v enter=0 || { fail $name "evemu-play failed"; return; }
    wait_until 20 kiosk_said staff '"action":"left"' \
        || { fail $name "no staff left after q on the keyboard; events: $(events_summary)"; return; }

    scanner_destroy "$keyboard_pid" "$keyboard_node" || { fail $name "$keyboard_node did not go away"; return; }
    wait_until 20 grep -q 'staff keyboard: lost' "$WORK/kiosk.log" \
        || { fail $name "the kiosk did not log the keyboard's loss: $(tail -n 3 "$WORK/kiosk.log" | tr '\n' ' ')"; return; }
    scanner_create "$WORK/keyboard.desc" "$keyboard_name" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    wait_until 30 grep -q "staff keyboard: opened $SCANNER_NODE" "$WORK/kiosk.log" \
        || { fail $name "the keyboard was not opened again as $SCANNER_NODE: $(tail -n 3 "$WORK/kiosk.log" | tr '\n' ' ')"; return; }
    type_on "$SCANNER_NODE" "$pin" -v before=88 || { fail $name "evemu-play failed"; return; }
    wait_until 20 sh -c "[ \$(grep '\"event\":\"staff\"' '$WORK/events.jsonl' | grep -c '\"action\":\"entered\"') -ge 2 ]" \
        || { fail $name "no second staff entered after the keyboard came back; events: $(events_summary)"; return; }
    kiosk_stop
    ! kiosk_said scannerLost || { fail $name "the keyboard's unplug was reported as a lost scanner: $(events_summary)"; return; }
    ! grep -q "$pin" "$WORK/events.jsonl" "$WORK/kiosk.log" || { fail $name "the PIN appears in the event stream or the log"; return; }
    pass "$name (F12, PIN, Enter on $keyboard_node: staff entered; q: left; unplugged: no scannerLost; back as $SCANNER_NODE: entered again)"
}

# --- booting without the scanner --------------------------------------------------------

# `bookkiosk run` started with its scanner not plugged in: it keeps running and says
# `scannerLost` (naming the configured scanner); the virtual scanner, created only then, gives
# `scannerBack`, and a card and a book typed on it are greeted and lent. SIGTERM ends it with 0.
check_boot_without_scanner() {
    local name=boot-without-scanner scanner_name="BookKiosk VM Late Scanner" status
    printf 'barcode,title\nB0042,Guri and Gura\n' > "$WORK/books.csv"
    printf 'card,name\nC0001,Haruto\n' > "$WORK/users.csv"
    bookkiosk import books "$WORK/books.csv" --db "$WORK/library.sqlite" > "$WORK/import.log" 2>&1 \
        && bookkiosk import users "$WORK/users.csv" --db "$WORK/library.sqlite" >> "$WORK/import.log" 2>&1 \
        || { fail $name "bookkiosk import failed: $(tail -n 3 "$WORK/import.log" | tr '\n' ' ')"; return; }
    ! cat /sys/class/input/input*/name 2>/dev/null | grep -qF "$scanner_name" \
        || { fail $name "a device named '$scanner_name' exists before the kiosk starts"; return; }
    write_config "$WORK/config.json" "name:$scanner_name|us|front"
    kiosk_start "$WORK/config.json" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    wait_until 20 kiosk_said scannerLost '"scanner":"front"' \
        || { fail $name "no scannerLost naming front with no scanner plugged in; events: $(events_summary)"; return; }
    kill -0 $KIOSK_PID 2>/dev/null \
        || { fail $name "bookkiosk run exited without its scanner: $(tail -n 3 "$WORK/kiosk.log" | tr '\n' ' ')"; return; }

    scanner_create $SCANNER_DESC "$scanner_name" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    wait_until 30 kiosk_said scannerBack '"scanner":"front"' \
        || { fail $name "no scannerBack after '$scanner_name' appeared as $SCANNER_NODE; events: $(events_summary); log: $(tail -n 3 "$WORK/kiosk.log" | tr '\n' ' ')"; return; }
    type_on "$SCANNER_NODE" C0001 || { fail $name "evemu-play failed"; return; }
    wait_until 20 kiosk_said greeted '"user":"C0001"' \
        || { fail $name "no greeted event for C0001 from the late scanner; events: $(events_summary)"; return; }
    type_on "$SCANNER_NODE" B0042 || { fail $name "evemu-play failed"; return; }
    wait_until 20 kiosk_said lent '"book":"B0042"' \
        || { fail $name "no lent event for B0042 from the late scanner; events: $(events_summary)"; return; }
    kill -TERM $KIOSK_PID
    wait $KIOSK_PID
    status=$?
    [ $status -eq 0 ] || { fail $name "bookkiosk run exited $status on SIGTERM, expected 0"; return; }
    pass "$name (run started with no scanner: scannerLost front; $SCANNER_NODE created afterwards: scannerBack front, C0001 greeted, B0042 lent; SIGTERM: exit 0)"
}

# --- idle cost -----------------------------------------------------------------------------

# CPU time of a process, all its threads, in ticks: utime + stime of /proc/PID/stat.
stat_ticks() {
    awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"
}

# CPU time of a process's live threads in nanoseconds, from their /proc schedstat. Printed
# with %.0f: busybox awk's %d stops at 2^31 (2.1 s), and a kiosk started under emulation has
# used more than that, which made every reading the same -2147483648 and the idle check blind.
schedstat_ns() {
    cat /proc/$1/task/*/schedstat | awk '{ total += $1 } END { printf "%.0f\n", total }'
}

check_idle() {
    # /proc/PID/stat counts in USER_HZ ticks, 100 a second on x86-64.
    local name=idle-cpu seconds=$IDLE_SECONDS ticks_per_second=100
    [ -f /proc/self/schedstat ] || { fail $name "the kernel has no /proc/PID/schedstat"; return; }
    scanner_create $SCANNER_DESC "BookKiosk VM Idle" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    write_config "$WORK/config.json" "$SCANNER_NODE|us|front"
    kiosk_start "$WORK/config.json" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    # Let start-up work finish: wait until a whole second passes without CPU time.
    local previous current tries=20
    previous=$(schedstat_ns $KIOSK_PID)
    while [ $tries -gt 0 ]; do
        sleep 1
        current=$(schedstat_ns $KIOSK_PID)
        [ $((current - previous)) -lt 1000000 ] && break
        previous=$current
        tries=$((tries - 1))
    done
    local ticks_before ns_before ticks_after ns_after
    ticks_before=$(stat_ticks $KIOSK_PID)
    ns_before=$(schedstat_ns $KIOSK_PID)
    note_start="had used $((ns_before / 1000000)) ms starting up"
    sleep "$seconds"
    kill -0 $KIOSK_PID 2>/dev/null || { fail $name "bookkiosk run exited while idle: $(tail -n 3 "$WORK/kiosk.log" | tr '\n' ' ')"; return; }
    ticks_after=$(stat_ticks $KIOSK_PID)
    ns_after=$(schedstat_ns $KIOSK_PID)
    kiosk_stop
    # Both per minute, in milliseconds; stat's ticks are 10 ms coarse, schedstat's are exact.
    local stat_ms sched_us per_minute
    stat_ms=$(( (ticks_after - ticks_before) * 1000 / ticks_per_second ))
    sched_us=$(( (ns_after - ns_before) / 1000 ))
    per_minute=$(awk -v us="$sched_us" -v s="$seconds" 'BEGIN { printf "%.2f", us / 1000 * 60 / s }')
    local how="over ${seconds} s of idle"
    [ "$seconds" -eq 60 ] || how="$how, scaled to a minute"
    local figures="$per_minute ms CPU a minute $how (all threads' schedstat: $sched_us us; /proc/PID/stat utime+stime: ${stat_ms} ms in 10 ms ticks; the kiosk $note_start; CPU time under emulation, which overstates it)"
    if awk -v m="$per_minute" 'BEGIN { exit !(m < 10) }' && [ $((stat_ms * 60 / seconds)) -lt 20 ]; then
        pass "$name ($figures)"
    else
        fail $name "$figures: the budget is 10 ms"
    fi
}

# --- all of them ---------------------------------------------------------------------------

run_check evemu-roundtrip check_evemu_roundtrip
for recording in /vm/recordings/*.evemu; do
    [ -f "$recording" ] || continue
    run_check "recording:$(basename "$recording" .evemu)" check_recording "$recording"
done
run_check card-and-book check_card_and_book
run_check grab check_grab
run_check unplug check_unplug
run_check syn-dropped check_syn_dropped
run_check two-scanners check_two_scanners
run_check staff-keyboard check_staff_keyboard
run_check boot-without-scanner check_boot_without_scanner
run_check screen check_screen
run_check screen-run check_screen_run
# Last, and alone: nothing else makes devices come and go while the kiosk idles.
run_check idle-cpu check_idle
