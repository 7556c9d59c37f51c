#!/bin/sh
# The package boot's check, run by bookkiosk-vm-check.service once systemd has started the
# kiosk from the package's own unit: a virtual scanner (evemu-device) that udev gives to the
# kiosk's user, a Card and a Book typed on it, the Loan in the library the package made, and
# screendumps of the kiosk's screen taken by the host (SCREEN-HOST shot NAME, answered on the
# second serial port as for the `screen` checks), which the host compares with the frames
# `bookkiosk simulate --screens` draws.
# Prints `PASS name ...` or `FAIL name: why` on the serial console, then powers the VM off.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
WORK=/run/vm-check
mkdir -p "$WORK"
exec >/dev/ttyS0 2>&1

pass() { echo "PASS $*"; }
fail() { echo "FAIL $1: $2"; }
# wait_until SECONDS COMMAND...: runs COMMAND until it succeeds; false after SECONDS of the
# clock (not a count of tries: under emulation one try of journalctl takes a second or more).
wait_until() {
    local deadline=$(($(date +%s) + $1))
    shift
    until "$@" 2>/dev/null; do
        [ "$(date +%s)" -lt "$deadline" ] || return 1
        sleep 0.1
    done
}
# screen_host REQUEST...: asks the host on the console and waits for its answer on ttyS1. The
# host takes the screendump as soon as it reads the request and its verdict fails where one is
# missing; its answer on ttyS1 has now and then not reached this side at all, so after 8 s
# without it the check goes on (well inside the Session's 30 s) and says so.
screen_host() {
    local reply
    echo "SCREEN-HOST $*"
    while :; do
        # shellcheck disable=SC2016  # the inner shell expands $line
        if ! reply=$(timeout 8 sh -c 'read -r line && echo "$line"' <&3); then
            echo "INFO package: no answer on ttyS1 to '$*' within 8 s; going on"
            return 0
        fi
        [ "$reply" = "done $*" ] && return 0
        # A late answer to an earlier request: this one's may follow.
        case $reply in "done "*) continue ;; esac
        echo "the host answered '$reply' to '$*'" >&2
        return 1
    done
}
# kiosk_log: what the kiosk said in the journal (each Outcome too: the VM's drop-in sets
# BOOKKIOSK_LOG=debug).
kiosk_log() { journalctl -u bookkiosk.service --no-pager -o cat 2>/dev/null; }
kiosk_said() { kiosk_log | grep -q "^bookkiosk: $1"; }
# kiosk_settled PID RUNS: the kiosk has run since it had RUNS and none of its threads is
# running or waiting to run (as the other checks' lib.sh).
kiosk_runs() { cat /proc/$1/task/*/schedstat 2>/dev/null | awk '{ n += $3 } END { print n + 0 }'; }
kiosk_settled() {
    [ "$(kiosk_runs "$1")" -gt "$2" ] || return 1
    ! cat /proc/$1/task/*/stat 2>/dev/null | awk '{ sub(/^.*\) /, ""); print $1 }' | grep -q '^[RD]'
}
library=/var/lib/bookkiosk/library.sqlite
as_kiosk() { runuser -u bookkiosk -- env HOME=/var/lib/bookkiosk "$@"; }

check() {
    local name=package-systemd state version pid owner node runs device recorded
    version=$(bookkiosk --version | sed -n 1p)
    state=$(systemctl is-active bookkiosk.service)
    [ "$state" = active ] || { fail $name "bookkiosk.service is $state: $(systemctl status bookkiosk.service --no-pager 2>&1 | tail -n 5 | tr '\n' ' ')"; return; }
    pid=$(systemctl show -p MainPID --value bookkiosk.service)
    owner=$(stat -c %U "/proc/$pid")
    [ "$owner" = bookkiosk ] || { fail $name "the kiosk's process $pid runs as $owner, not bookkiosk"; return; }
    echo "INFO package: bookkiosk $version started by systemd at boot, process $pid of user $owner: $(tr '\0' ' ' < "/proc/$pid/cmdline")"
    wait_until 60 kiosk_said ready || { fail $name "the kiosk never said it was ready; its log: $(kiosk_log | tail -n 8 | tr '\n' ' ')"; return; }
    echo "INFO package: the kiosk's log: $(kiosk_log | tr '\n' '|')"

    # The library the package made, and the kiosk using it.
    [ -f "$library" ] || { fail $name "the package made no $library"; return; }
    echo "INFO package: $(stat -c '%A %U:%G %n' /var/lib/bookkiosk "$library" | tr '\n' ' ')"
    [ "$(stat -c %U "$library")" = bookkiosk ] || { fail $name "$library is not the kiosk's user's"; return; }
    ls -l "/proc/$pid/fd" | grep -q " $library\$" || { fail $name "the kiosk does not have $library open: $(ls -l "/proc/$pid/fd" | awk '{print $NF}' | tr '\n' ' ')"; return; }

    # The Books: one typed by keys.awk, and the one the recording (/vm/recording.evemu, a
    # scanner's keystrokes as evemu-record wrote them) has on it.
    recorded=$(head -n 1 /vm/recording.expected)
    printf 'barcode,title\nB0042,ぐりとぐら\n%s,ぐりとぐらの おきゃくさま\n' "$recorded" >"$WORK/books.csv"
    printf 'card,name\nC0001,はると\n' >"$WORK/users.csv"
    chmod 0755 "$WORK"
    chmod 0644 "$WORK"/*.csv
    as_kiosk bookkiosk import books "$WORK/books.csv" --config /etc/bookkiosk/config.json --db "$library" >"$WORK/import.log" 2>&1 &&
        as_kiosk bookkiosk import users "$WORK/users.csv" --config /etc/bookkiosk/config.json --db "$library" >>"$WORK/import.log" 2>&1 ||
        { fail $name "import failed: $(tail -n 3 "$WORK/import.log" | tr '\n' ' ')"; return; }

    # The scanner: udev (the package's rule, and this kiosk's own rule for the VM's device)
    # gives it to group bookkiosk with a bookkiosk-scanner link, which the kiosk watches for.
    evemu-device /vm/fixtures/scanner.desc >"$WORK/device.log" 2>&1 &
    device=$!
    wait_until 20 grep -q ': /dev/input/event[0-9]*$' "$WORK/device.log" ||
        { fail $name "evemu-device made no device: $(cat "$WORK/device.log")"; return; }
    node=$(sed -n 's/^.*: \(\/dev\/input\/event[0-9]*\)$/\1/p' "$WORK/device.log" | tail -n 1)
    wait_until 20 sh -c 'ls /dev/input/bookkiosk-scanner-* >/dev/null 2>&1' ||
        { fail $name "udev made no /dev/input/bookkiosk-scanner-* link for $node ($(ls -l "$node"))"; return; }
    echo "INFO package: udev gave $node to the kiosk: $(ls -l /dev/input/bookkiosk-scanner-* | awk '{print $1, $3, $4, $9, $10, $11}')"
    # The kiosk notices the scanner through /dev/input and opens it.
    wait_until 30 sh -c "ls -l /proc/$pid/fd | grep -q '$node\$'" ||
        { fail $name "the kiosk did not open $node; its log: $(kiosk_log | tail -n 8 | tr '\n' ' ')"; return; }

    # The screen: the package's configuration draws on the display card when there is one.
    local screen=0
    if kiosk_log | grep -q '^bookkiosk: screen: Virtual-1'; then
        screen=1
        stty -F /dev/ttyS1 raw -echo clocal || { fail $name "stty /dev/ttyS1 failed"; return; }
        exec 3</dev/ttyS1
    else
        echo "INFO package: the kiosk has no screen: $(kiosk_log | grep '^bookkiosk: screen:' | tr '\n' ' ')"
    fi

    # A Card, then a Book, each once the kiosk has answered the one before and settled.
    runs=$(kiosk_runs "$pid")
    awk -v text=C0001 -f /vm/keys.awk >"$WORK/C0001.events" && evemu-play "$node" <"$WORK/C0001.events" ||
        { fail $name "evemu-play failed"; return; }
    wait_until 30 kiosk_said greeted || { fail $name "the kiosk did not greet C0001; its log: $(kiosk_log | tail -n 8 | tr '\n' ' ')"; return; }
    wait_until 10 kiosk_settled "$pid" "$runs" || { fail $name "the kiosk did not settle after the greeting"; return; }
    if [ $screen -eq 1 ]; then
        screen_host shot package-greeted || { fail $name "screendump failed"; return; }
        # The countdown bar shrinks by itself: a second screendump shows which rows it takes.
        sleep 3
        screen_host shot package-greeted-later || { fail $name "screendump failed"; return; }
    fi
    runs=$(kiosk_runs "$pid")
    awk -v text=B0042 -f /vm/keys.awk >"$WORK/B0042.events" && evemu-play "$node" <"$WORK/B0042.events" ||
        { fail $name "evemu-play failed"; return; }
    wait_until 30 kiosk_said lent || { fail $name "the kiosk did not lend B0042; its log: $(kiosk_log | tail -n 8 | tr '\n' ' ')"; return; }
    wait_until 10 kiosk_settled "$pid" "$runs" || { fail $name "the kiosk did not settle after the loan"; return; }
    if [ $screen -eq 1 ]; then
        screen_host shot package-lent || { fail $name "screendump failed"; return; }
        # For the host's simulation of the same scans: when they happened.
        echo "PACKAGE-SCREEN-TIME $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    fi
    wait_until 30 sh -c "[ \"\$(sqlite3 '$library' \"SELECT count(*) FROM loans WHERE book = 'B0042' AND user = 'C0001' AND returned_at IS NULL\")\" = 1 ]" ||
        { fail $name "no open Loan of B0042 to C0001 in $library; the kiosk's log: $(kiosk_log | tail -n 8 | tr '\n' ' ')"; return; }

    # The scanner swapped for another, made from a recording (a scanner's keystrokes as
    # evemu-record writes them; renamed, so this kiosk's rule gives it to the kiosk too): the
    # kiosk notices the first one gone, opens the new one by itself, and the Card typed on it,
    # then the recording replayed, lend the recording's Book.
    kill "$device" && wait "$device" 2>/dev/null
    wait_until 30 sh -c "[ \$(journalctl -u bookkiosk.service --no-pager -o cat | grep -c '^bookkiosk: scanner lost') -ge 2 ]" ||
        { fail $name "the kiosk did not notice the scanner unplugged; its log: $(kiosk_log | tail -n 8 | tr '\n' ' ')"; return; }
    sed 's/^N: .*/N: BookKiosk VM Scanner/' /vm/recording.evemu >"$WORK/recording.evemu"
    evemu-device "$WORK/recording.evemu" >"$WORK/device2.log" 2>&1 &
    wait_until 20 grep -q ': /dev/input/event[0-9]*$' "$WORK/device2.log" ||
        { fail $name "evemu-device made no device from the recording: $(cat "$WORK/device2.log")"; return; }
    node=$(sed -n 's/^.*: \(\/dev\/input\/event[0-9]*\)$/\1/p' "$WORK/device2.log" | tail -n 1)
    wait_until 30 sh -c "ls -l /proc/$pid/fd | grep -q '$node\$'" ||
        { fail $name "the kiosk did not open the new scanner $node; its log: $(kiosk_log | tail -n 8 | tr '\n' ' ')"; return; }
    evemu-play "$node" <"$WORK/C0001.events" || { fail $name "evemu-play failed"; return; }
    wait_until 30 sh -c "[ \$(journalctl -u bookkiosk.service --no-pager -o cat | grep -c '^bookkiosk: greeted C0001') -ge 2 ]" ||
        { fail $name "the kiosk did not greet C0001 on the new scanner; its log: $(kiosk_log | tail -n 8 | tr '\n' ' ')"; return; }
    evemu-play "$node" </vm/recording.evemu || { fail $name "evemu-play of the recording failed"; return; }
    wait_until 30 sh -c "[ \"\$(sqlite3 '$library' \"SELECT count(*) FROM loans WHERE book = '$recorded' AND user = 'C0001' AND returned_at IS NULL\")\" = 1 ]" ||
        { fail $name "no open Loan of the recording's $recorded to C0001; the kiosk's log: $(kiosk_log | tail -n 8 | tr '\n' ' ')"; return; }
    echo "INFO package: the kiosk's log: $(kiosk_log | tail -n 6 | tr '\n' '|')"
    [ $screen -eq 1 ] || { fail $name "the kiosk lent, but drew nothing on the VM's display card"; return; }
    pass "$name (bookkiosk $version from the package, started by bookkiosk.service at boot as user bookkiosk on $library; a Card and a Book typed on a virtual scanner udev gave it: greeted, lent; that scanner unplugged and another made from the recording $(cat /vm/recording.name): the Card and the recording replayed on it lent $recorded; 2 open Loans; its screen dumped for the host)"
}

check
echo "BOOKKIOSK-VM-DONE"
systemctl poweroff --force
