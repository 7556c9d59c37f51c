# Helpers for the guest's checks (busybox sh): polling, virtual scanners, the kiosk and its
# event stream. Every check runs in its own subshell with its own folder $WORK; whatever it
# starts in the background is listed in $WORK/pids and stopped after it.

. /vm/settings.sh

pass() { echo "PASS $*"; }

# fail NAME WHY: print the verdict and return false, so `|| return` ends the check.
fail() {
    echo "FAIL $1: $2"
    return 1
}


# wait_until SECONDS COMMAND...: runs COMMAND every 50 ms until it succeeds; false when it has
# not after SECONDS.
wait_until() {
    local tries=$(($1 * 20))
    shift
    until "$@"; do
        tries=$((tries - 1))
        [ $tries -gt 0 ] || return 1
        sleep 0.05
    done
}

# background PID: stop PID with the check.
background() { echo "$1" >> "$WORK/pids"; }

stop_background() {
    [ -f "$WORK/pids" ] || return 0
    local pid
    for pid in $(cat "$WORK/pids"); do
        kill "$pid" 2>/dev/null
    done
    for pid in $(cat "$WORK/pids"); do
        wait "$pid" 2>/dev/null
    done
    rm -f "$WORK/pids"
}

# --- virtual scanners (evemu-device over /dev/uinput) -------------------------------------

# scanner_create DESCRIPTION [NAME]: makes a virtual device from an evemu description (or a
# whole recording), renamed to NAME when given; sets SCANNER_PID and SCANNER_NODE.
scanner_create() {
    local description=$1 name=$2 base
    SCANNER_SEQ=$((${SCANNER_SEQ:-0} + 1))
    base="$WORK/scanner-$SCANNER_SEQ"
    if [ -n "$name" ]; then
        sed "s/^N: .*/N: $name/" "$description" > "$base.desc"
    else
        cp "$description" "$base.desc"
    fi
    evemu-device "$base.desc" > "$base.log" 2>&1 &
    SCANNER_PID=$!
    background $SCANNER_PID
    if ! wait_until 10 grep -q ': /dev/input/event[0-9]*$' "$base.log"; then
        SCANNER_NODE=""
        echo "evemu-device made no device: $(tr '\n' ' ' < "$base.log")"
        return 1
    fi
    SCANNER_NODE=$(sed -n 's/^.*: \(\/dev\/input\/event[0-9]*\)$/\1/p' "$base.log" | tail -n 1)
}

# scanner_destroy PID NODE: unplugs the device (evemu-device exits, uinput destroys it) and
# waits until its node is gone.
scanner_destroy() {
    kill "$1" 2>/dev/null
    wait "$1" 2>/dev/null
    wait_until 10 test ! -e "$2"
}

# type_on NODE TEXT [awk assignments...]: types TEXT (and Enter) on the device with evemu-play.
type_on() {
    local node=$1 text=$2
    shift 2
    SCANNER_SEQ=$((${SCANNER_SEQ:-0} + 1))
    awk -v text="$text" "$@" -f /vm/keys.awk > "$WORK/typed-$SCANNER_SEQ.events" || return 1
    evemu-play "$node" < "$WORK/typed-$SCANNER_SEQ.events"
}

# --- the kiosk -----------------------------------------------------------------------------

# write_config FILE SCANNER...: a kiosk configuration with muted sound and the scanners, each
# given as MATCH|LAYOUT|NAME.
write_config() {
    local file=$1 scanner separator="" match layout name
    shift
    {
        printf '{"language": "en", "player": "none", "scanners": ['
        for scanner in "$@"; do
            match=${scanner%%|*}
            layout=${scanner#*|}; layout=${layout%%|*}
            name=${scanner##*|}
            printf '%s{"match": "%s", "layout": "%s", "name": "%s"}' "$separator" "$match" "$layout" "$name"
            separator=", "
        done
        printf ']}\n'
    } > "$file"
}

# kiosk_start CONFIG: starts `bookkiosk run` on $WORK/library.sqlite with the event stream in
# $WORK/events.jsonl; sets KIOSK_PID and waits for `ready` (the scanners are open and grabbed).
kiosk_start() {
    : >> "$WORK/events.jsonl"
    bookkiosk run --events "$WORK/events.jsonl" --db "$WORK/library.sqlite" --config "$1" \
        > "$WORK/kiosk.log" 2>&1 &
    KIOSK_PID=$!
    background $KIOSK_PID
    if ! wait_until 60 kiosk_said ready; then
        if kill -0 $KIOSK_PID 2>/dev/null; then
            echo "no ready event within 60 s; its output: $(tail -n 5 "$WORK/kiosk.log" | tr '\n' ' ')"
        else
            echo "bookkiosk run exited before ready; its output: $(tail -n 5 "$WORK/kiosk.log" | tr '\n' ' ')"
        fi
        return 1
    fi
}

# kiosk_stop: SIGTERM, then wait for it to end.
kiosk_stop() {
    kill -TERM $KIOSK_PID 2>/dev/null
    wait $KIOSK_PID 2>/dev/null
}

# kiosk_runs: how many times the kiosk's threads have been given the CPU (schedstat's third
# field, summed over its threads).
kiosk_runs() {
    cat /proc/$KIOSK_PID/task/*/schedstat 2>/dev/null | awk '{ n += $3 } END { print n + 0 }'
}

# kiosk_settled RUNS: whether the kiosk has run since it had RUNS and none of its threads is
# running or waiting to run: it has read everything its devices had queued.
kiosk_settled() {
    [ "$(kiosk_runs)" -gt "$1" ] || return 1
    ! cat /proc/$KIOSK_PID/task/*/stat 2>/dev/null | awk '{ sub(/^.*\) /, ""); print $1 }' | grep -q '^[RD]'
}

# kiosk_said EVENT [TEXT]: whether the event stream has an EVENT line (containing TEXT).
kiosk_said() {
    grep "\"event\":\"$1\"" "$WORK/events.jsonl" 2>/dev/null | grep -qF -- "${2:-\"event\"}"
}

# events_count EVENT: how many EVENT lines the stream has.
events_count() {
    grep -c "\"event\":\"$1\"" "$WORK/events.jsonl" 2>/dev/null
}

# barcodes_seen: the `barcode` of every event that has one, in order, as escaped in JSON.
barcodes_seen() {
    awk -f /vm/json-barcode.awk "$WORK/events.jsonl"
}

# has_barcode_count N: whether at least N events carry a barcode.
has_barcode_count() {
    [ "$(barcodes_seen | wc -l)" -ge "$1" ]
}

# Lines of the event stream, one a line, for a FAIL message.
events_summary() {
    sed 's/,"time":"[^"]*"//; s/,"message":"\([^"\\]\|\\.\)*"//' "$WORK/events.jsonl" | tr '\n' ' '
}
