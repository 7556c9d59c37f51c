# The `screen` check (busybox sh), sourced by checks.sh: the kiosk's display on qemu's standard
# VGA (bochs-drm). The host takes the screendumps and compares them (Tests/vm/screen.sh); this
# side loads the driver, shows the frames and asks for each screendump once it is up.

# The module chain of bochs-drm, in load order (the kernel package has no modules.dep).
SCREEN_MODULES="drm drm_kms_helper ttm drm_ttm_helper drm_vram_helper bochs"

# screen_host REQUEST...: asks the host (`shot NAME`, `key KEYS`) on the console (fd 5) and
# waits for its answer on the second serial port (fd 3); both opened by check_screen.
# The answer is read by `head`, not busybox's `read`: when a background child (the probe, the
# kiosk) ends while `read` is waiting, ash restarts the builtin and drops the bytes it had
# read ("ed" left of "done shot restored", seen in CI). One answer is in flight at a time, so
# head cannot take more than its line.
screen_host() {
    local reply
    echo "SCREEN-HOST $*" >&5
    reply=$(head -n 1 <&3) && [ -n "$reply" ] || return 1
    [ "$reply" = "done $*" ] || { echo "the host answered '$reply' to '$*'"; return 1; }
}

# probe_said LINE: whether the display probe printed LINE (it prints one line per step).
probe_said() { grep -qx -- "$1" "$WORK/probe.out" 2>/dev/null; }

# probe_count LINE: how many times it did.
probe_count() { grep -cx -- "$1" "$WORK/probe.out" 2>/dev/null; }

# screen_prepare: loads bochs-drm's modules (once), makes tty2, and opens the console as fd 5
# and the reply line as fd 3 for screen_host. False, with why on stdout, when it cannot.
screen_prepare() {
    local module
    # The console, for requests to the host, whatever a caller redirected stdout to.
    exec 5>/dev/console
    if [ ! -c /dev/dri/card0 ]; then
        for module in $SCREEN_MODULES; do
            insmod "/lib/modules/display/$module.ko" 2> "$WORK/insmod.err" \
                || { echo "insmod $module.ko: $(cat "$WORK/insmod.err")"; return 1; }
        done
        wait_until 10 test -c /dev/dri/card0 || { echo "/dev/dri/card0 did not appear after loading bochs"; return 1; }
    fi
    # tty2 exists once opened: a grown-up's console to switch to.
    echo "BookKiosk VM: tty2, the console a grown-up switches to" > /dev/tty2
    # clocal: without it, opening the port waits for a carrier that never comes.
    stty -F /dev/ttyS1 raw -echo clocal 2> "$WORK/stty.err" || { echo "stty /dev/ttyS1: $(cat "$WORK/stty.err")"; return 1; }
    exec 3< /dev/ttyS1
}

check_screen() {
    local name=screen
    screen_prepare > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    echo "INFO screen: bochs-drm loaded ($(cat /sys/class/drm/card0-*/modes 2>/dev/null | head -n 1) preferred); starting the display probe"

    mkfifo "$WORK/probe.in"
    display-probe show < "$WORK/probe.in" > "$WORK/probe.out" 2> "$WORK/probe.err" &
    local probe=$!
    background $probe
    exec 4> "$WORK/probe.in"
    wait_until 60 grep -q '^open ' "$WORK/probe.out" \
        || { fail $name "the display did not open: $(tr '\n' ' ' < "$WORK/probe.err")"; return; }
    echo "INFO screen: $(head -n 1 "$WORK/probe.out")"
    echo card >&4
    wait_until 60 probe_said "shown card" || { fail $name "no card frame: $(tr '\n' ' ' < "$WORK/probe.err")"; return; }
    echo "INFO screen: the card frame is up after $(cut -d ' ' -f 1 /proc/uptime)s"
    screen_host shot card > "$WORK/why" || { fail $name "screendump card: $(cat "$WORK/why")"; return; }
    echo book >&4
    wait_until 30 probe_said "shown book" || { fail $name "no book frame: $(tr '\n' ' ' < "$WORK/probe.err")"; return; }
    screen_host shot book > "$WORK/why" || { fail $name "screendump book: $(cat "$WORK/why")"; return; }

    # Ctrl+Alt+F2 on qemu's PS/2 keyboard, which the kiosk has not grabbed: the console goes
    # to tty2; Ctrl+Alt+F1 brings the kiosk back, drawn whole.
    screen_host key ctrl-alt-f2 > "$WORK/why" || { fail $name "sendkey: $(cat "$WORK/why")"; return; }
    wait_until 20 probe_said released || { fail $name "Ctrl+Alt+F2 did not make the display give the console up: $(tr '\n' ' ' < "$WORK/probe.err")"; return; }
    wait_until 10 sh -c '[ "$(cat /sys/class/tty/tty0/active)" = tty2 ]' \
        || { fail $name "the console did not switch to tty2 (active: $(cat /sys/class/tty/tty0/active))"; return; }
    # fbcon draws tty2 once the switch is done; give it a moment under emulation.
    sleep 1
    screen_host shot away > "$WORK/why" || { fail $name "screendump away: $(cat "$WORK/why")"; return; }
    screen_host key ctrl-alt-f1 > "$WORK/why" || { fail $name "sendkey: $(cat "$WORK/why")"; return; }
    wait_until 20 probe_said acquired || { fail $name "Ctrl+Alt+F1 did not give the display back: $(tr '\n' ' ' < "$WORK/probe.err")"; return; }
    screen_host shot back > "$WORK/why" || { fail $name "screendump back: $(cat "$WORK/why")"; return; }

    echo quit >&4
    wait_until 20 probe_said restored || { fail $name "the probe did not restore the console: $(tr '\n' ' ' < "$WORK/probe.err")"; return; }
    screen_host shot restored > "$WORK/why" || { fail $name "screendump restored: $(cat "$WORK/why")"; return; }
    [ ! -s "$WORK/probe.err" ] || echo "INFO screen: the probe's log: $(tr '\n' ' ' < "$WORK/probe.err")"
    exec 5>&- 4>&- 3<&-
    pass "$name ($(sed -n 's/^open //p' "$WORK/probe.out"); card whole, book as a partial frame, Ctrl+Alt+F2 released and Ctrl+Alt+F1 acquired the display, quit gave the console its picture back; screendumps taken, compared on the host)"
}

# event_time EVENT: the `time` of the stream's first EVENT line.
event_time() {
    grep "\"event\":\"$1\"" "$WORK/events.jsonl" | head -n 1 | sed 's/.*"time":"\([^"]*\)".*/\1/'
}

# The real `bookkiosk run` on the display: a card, then a book, on a uinput scanner; the host
# takes a screendump after each and compares it with the frames `bookkiosk simulate --screens`
# draws for the same scans (screen_run_verdict in Tests/vm/screen.sh).
check_screen_run() {
    local name=screen-run
    screen_prepare > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    bookkiosk import books /vm/fixtures/screen-books.csv --db "$WORK/library.sqlite" > "$WORK/import.log" 2>&1 \
        && bookkiosk import users /vm/fixtures/screen-users.csv --db "$WORK/library.sqlite" >> "$WORK/import.log" 2>&1 \
        || { fail $name "bookkiosk import failed: $(tail -n 3 "$WORK/import.log" | tr '\n' ' ')"; return; }
    scanner_create $SCANNER_DESC "BookKiosk VM Screen" > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    kiosk_start /vm/fixtures/screen-config.json > "$WORK/why" || { fail $name "$(cat "$WORK/why")"; return; }
    grep -q 'screen: Virtual-1' "$WORK/kiosk.log" \
        || { fail $name "the kiosk did not open the display: $(tr '\n' ' ' < "$WORK/kiosk.log")"; return; }
    # Ctrl+Alt+F2 on the keyboard the kiosk has not grabbed gives the console to tty2 (a login
    # prompt on a real kiosk); Ctrl+Alt+F1 brings the kiosk back, drawn whole.
    screen_host key ctrl-alt-f2 > "$WORK/why" || { fail $name "sendkey: $(cat "$WORK/why")"; return; }
    wait_until 20 grep -q 'the console switched away' "$WORK/kiosk.log" \
        || { fail $name "Ctrl+Alt+F2 did not make the kiosk give the display up: $(tr '\n' ' ' < "$WORK/kiosk.log")"; return; }
    # fbcon draws tty2 once the switch is done; give it a moment under emulation.
    sleep 1
    screen_host shot run-away > "$WORK/why" || { fail $name "screendump: $(cat "$WORK/why")"; return; }
    screen_host key ctrl-alt-f1 > "$WORK/why" || { fail $name "sendkey: $(cat "$WORK/why")"; return; }
    wait_until 20 grep -q 'the console is back; the screen is drawn whole again' "$WORK/kiosk.log" \
        || { fail $name "Ctrl+Alt+F1 did not give the kiosk its display back: $(tr '\n' ' ' < "$WORK/kiosk.log")"; return; }
    screen_host shot run-back > "$WORK/why" || { fail $name "screendump: $(cat "$WORK/why")"; return; }
    # The frame is shown (its page flip done) before the event is written, so once the event
    # is in the stream the frame is on the screen; the kiosk settling is waited for as well.
    local runs
    runs=$(kiosk_runs)
    type_on "$SCANNER_NODE" C0001 || { fail $name "evemu-play failed"; return; }
    wait_until 30 kiosk_said greeted || { fail $name "no greeted event; events: $(events_summary)"; return; }
    wait_until 10 kiosk_settled "$runs" || { fail $name "the kiosk did not settle after the greeting"; return; }
    screen_host shot run-greeted > "$WORK/why" || { fail $name "screendump: $(cat "$WORK/why")"; return; }
    # The countdown bar shrinks once a second by itself: a second screendump a few seconds
    # later shows which rows it takes (the host leaves them out of the comparison).
    sleep 3
    screen_host shot run-greeted-later > "$WORK/why" || { fail $name "screendump: $(cat "$WORK/why")"; return; }
    runs=$(kiosk_runs)
    type_on "$SCANNER_NODE" B0042 || { fail $name "evemu-play failed"; return; }
    wait_until 30 kiosk_said lent || { fail $name "no lent event; events: $(events_summary)"; return; }
    wait_until 10 kiosk_settled "$runs" || { fail $name "the kiosk did not settle after the loan"; return; }
    screen_host shot run-lent > "$WORK/why" || { fail $name "screendump: $(cat "$WORK/why")"; return; }
    kiosk_stop
    # For the host's simulation of the same scans: when they happened.
    echo "SCREEN-RUN-TIMES $(event_time greeted) $(event_time lent)" >&5
    pass "$name (bookkiosk run gave the display up on Ctrl+Alt+F2 and took it back on Ctrl+Alt+F1, then showed the greeting and the loan on $(sed -n 's/^.*screen: //p' "$WORK/kiosk.log" | head -n 1); screendumps taken, compared on the host with simulate --screens)"
}
