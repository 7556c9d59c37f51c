# The `screen` check (busybox sh), sourced by checks.sh: the kiosk's display on qemu's standard
# VGA (bochs-drm). The host takes the screendumps and compares them (Tests/vm/screen.sh); this
# side loads the driver, shows the frames and asks for each screendump once it is up.

# The module chain of bochs-drm, in load order (the kernel package has no modules.dep).
SCREEN_MODULES="drm drm_kms_helper ttm drm_ttm_helper drm_vram_helper bochs"

# screen_host REQUEST...: asks the host (`shot NAME`, `key KEYS`) on the console (fd 5) and
# waits for its answer on the second serial port (fd 3); both opened by check_screen.
screen_host() {
    local reply
    echo "SCREEN-HOST $*" >&5
    read -r reply <&3 || return 1
    [ "$reply" = "done $*" ] || { echo "the host answered '$reply' to '$*'"; return 1; }
}

# probe_said LINE: whether the display probe printed LINE (it prints one line per step).
probe_said() { grep -qx -- "$1" "$WORK/probe.out" 2>/dev/null; }

# probe_count LINE: how many times it did.
probe_count() { grep -cx -- "$1" "$WORK/probe.out" 2>/dev/null; }

check_screen() {
    local name=screen module
    # The console, for requests to the host, whatever a caller redirected stdout to.
    exec 5>&1
    for module in $SCREEN_MODULES; do
        insmod "/lib/modules/display/$module.ko" 2> "$WORK/insmod.err" \
            || { fail $name "insmod $module.ko: $(cat "$WORK/insmod.err")"; return; }
    done
    wait_until 10 test -c /dev/dri/card0 || { fail $name "/dev/dri/card0 did not appear after loading bochs"; return; }
    # tty2 exists once opened: a grown-up's console to switch to.
    echo "BookKiosk VM: tty2, the console a grown-up switches to" > /dev/tty2
    # clocal: without it, opening the port waits for a carrier that never comes.
    stty -F /dev/ttyS1 raw -echo clocal 2> "$WORK/stty.err" || { fail $name "stty /dev/ttyS1: $(cat "$WORK/stty.err")"; return; }
    exec 3< /dev/ttyS1
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
