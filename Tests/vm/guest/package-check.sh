#!/bin/sh
# The package boot's check, run by bookkiosk-vm-check.service once systemd has started the
# kiosk from the package's own unit: a virtual scanner (evemu-device) that udev gives to the
# kiosk's user, a Card and a Book typed on it, and the Loan in the library the package made.
# Prints `PASS name ...` or `FAIL name: why` on the serial console, then powers the VM off.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
WORK=/run/vm-check
mkdir -p "$WORK"
exec >/dev/ttyS0 2>&1

pass() { echo "PASS $*"; }
fail() { echo "FAIL $1: $2"; }
wait_until() {
    local seconds=$1 i=0
    shift
    while [ "$i" -lt $((seconds * 10)) ]; do
        "$@" 2>/dev/null && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
library=/var/lib/bookkiosk/library.sqlite
as_kiosk() { runuser -u bookkiosk -- env HOME=/var/lib/bookkiosk "$@"; }

check() {
    local name=package-systemd state version
    version=$(bookkiosk --version)
    state=$(systemctl is-active bookkiosk.service)
    [ "$state" = active ] || { fail $name "bookkiosk.service is $state: $(systemctl status bookkiosk.service --no-pager 2>&1 | tail -n 5 | tr '\n' ' ')"; return; }
    [ "$(systemctl show -p User --value bookkiosk.service)" = bookkiosk ] || { fail $name "the kiosk does not run as user bookkiosk"; return; }
    pid=$(systemctl show -p MainPID --value bookkiosk.service)
    echo "INFO package: bookkiosk $version started by systemd, process $pid of user $(stat -c %U "/proc/$pid")"

    printf 'barcode,title\nB0042,ぐりとぐら\n' >"$WORK/books.csv"
    printf 'card,name\nC0001,はると\n' >"$WORK/users.csv"
    chmod 0644 "$WORK"/*.csv
    as_kiosk bookkiosk import books "$WORK/books.csv" --config /etc/bookkiosk/config.json >"$WORK/import.log" 2>&1 &&
        as_kiosk bookkiosk import users "$WORK/users.csv" --config /etc/bookkiosk/config.json >>"$WORK/import.log" 2>&1 ||
        { fail $name "import failed: $(tail -n 3 "$WORK/import.log" | tr '\n' ' ')"; return; }

    # The scanner: udev (the package's rule, and this kiosk's own rule for the VM's device)
    # gives it to group bookkiosk with a bookkiosk-scanner link, which the kiosk watches for.
    evemu-device /vm/fixtures/scanner.desc >"$WORK/device.log" 2>&1 &
    wait_until 20 grep -q ': /dev/input/event[0-9]*$' "$WORK/device.log" ||
        { fail $name "evemu-device made no device: $(cat "$WORK/device.log")"; return; }
    node=$(sed -n 's/^.*: \(\/dev\/input\/event[0-9]*\)$/\1/p' "$WORK/device.log" | tail -n 1)
    wait_until 20 sh -c 'ls /dev/input/bookkiosk-scanner-* >/dev/null 2>&1' ||
        { fail $name "udev made no /dev/input/bookkiosk-scanner-* link for $node ($(ls -l "$node"))"; return; }
    echo "INFO package: udev gave $node to the kiosk: $(ls -l /dev/input/bookkiosk-scanner-* | awk '{print $1, $3, $4, $9, $10, $11}')"
    # The kiosk notices the scanner through /dev/input and opens it.
    wait_until 30 sh -c "ls -l /proc/$pid/fd | grep -q '$node'" ||
        { fail $name "the kiosk did not open $node; its log: $(journalctl -u bookkiosk --no-pager -o cat | tail -n 8 | tr '\n' ' ')"; return; }

    for code in C0001 B0042; do
        awk -v text="$code" -f /vm/keys.awk >"$WORK/$code.events" && evemu-play "$node" <"$WORK/$code.events" ||
            { fail $name "evemu-play failed"; return; }
        sleep 1
    done
    wait_until 30 sh -c "[ \"\$(sqlite3 '$library' \"SELECT count(*) FROM loans WHERE book = 'B0042' AND user = 'C0001' AND returned_at IS NULL\")\" = 1 ]" ||
        { fail $name "no open Loan of B0042 to C0001 in $library; the kiosk's log: $(journalctl -u bookkiosk --no-pager -o cat | tail -n 8 | tr '\n' ' ')"; return; }
    pass "$name (bookkiosk $version from the package, started by bookkiosk.service as user bookkiosk; a Card and a Book typed on a virtual scanner udev gave it: 1 open Loan in $library)"
}

check
echo "BOOKKIOSK-VM-DONE"
systemctl poweroff --force
