#!/bin/sh
# The fault harness for longer runs: 200 power cuts (or BOOKKIOSK_FAULT_KILLS), then the
# rest of the fault suite, with their counts. Builds the tests first (debug), unless
# --skip-build is given. Exit status: swift test's.
#
#   scripts/fault-soak.sh [--skip-build] [--repeat N]
#
# The full-disk and read-only tests mount filesystems in a private mount namespace and need
# root (as in CI); elsewhere they are skipped with a message saying so.
set -eu
cd "$(dirname "$0")/.."

build=yes
repeat=1
while [ $# -gt 0 ]; do
    case "$1" in
        --skip-build) build=no ;;
        --repeat) shift; repeat="$1" ;;
        *) echo "usage: scripts/fault-soak.sh [--skip-build] [--repeat N]" >&2; exit 2 ;;
    esac
    shift
done

: "${BOOKKIOSK_FAULT_KILLS:=200}"
export BOOKKIOSK_FAULT_KILLS

if [ "$build" = yes ]; then
    swift build --build-tests
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
round=1
while [ "$round" -le "$repeat" ]; do
    echo "== fault soak, round $round of $repeat, $BOOKKIOSK_FAULT_KILLS power cuts =="
    status=0
    swift test --skip-build --filter FaultTests >"$log" 2>&1 || status=$?
    # The counts come out as lines starting with "fault:"; failures are marked ✘.
    grep -E '^fault:|✘|" skipped|Test run with' "$log" || true
    if [ "$status" -ne 0 ]; then
        echo "fault soak: round $round failed (swift test exit $status); the whole log follows" >&2
        cat "$log" >&2
        exit "$status"
    fi
    round=$((round + 1))
done
