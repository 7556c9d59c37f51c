# shellcheck shell=bash disable=SC2154  # $work, $here, die and add_program come from run.sh
# The `screen` check's host side, sourced by Tests/vm/run.sh (bash): the display's kernel
# modules, the fonts and the display probe in the initramfs, the qemu options for a display
# device, a monitor and a reply line, the helper that takes screendumps when the guest asks,
# and the comparison of those screendumps with the same frames painted on the host.
#
# The guest (guest/screen.sh) asks on its console: `SCREEN-HOST shot NAME` (a screendump to
# $work/screen/NAME.png) or `SCREEN-HOST key KEYS` (qemu's sendkey, e.g. ctrl-alt-f2); the
# helper (screen-host.py) does it through the monitor and answers `done …` on the guest's
# second serial port, /dev/ttyS1.

# qemu -vga std is bochs-drm in Debian's kernel; its module chain, in load order, with the
# paths inside the kernel package.
screen_modules=(drm drm_kms_helper ttm drm_ttm_helper drm_vram_helper bochs)
screen_module_paths=('*/kernel/drivers/gpu/drm/drm.ko*' '*/kernel/drivers/gpu/drm/drm_kms_helper.ko*'
                     '*/kernel/drivers/gpu/drm/ttm/ttm.ko*' '*/kernel/drivers/gpu/drm/drm_ttm_helper.ko*'
                     '*/kernel/drivers/gpu/drm/drm_vram_helper.ko*' '*/kernel/drivers/gpu/drm/tiny/bochs.ko*')
# The fonts the kiosk paints with (MotoyaLMaru, Noto Sans CJK JP as its fallback) and DejaVu,
# fontconfig's default.
screen_fonts=(/usr/share/fonts/truetype/motoya-l-maruberi
              /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
              /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
              /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
              /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf)
# The frames the guest shows, each compared with a frame painted on the host; `away` (the
# console switched to tty2) and `restored` (the probe ended) must differ from the kiosk's frame.
screen_shots=(card book away back restored)

# screen_kernel_ready KERNEL_DIR: whether the display modules were unpacked already.
screen_kernel_ready() {
    local module
    for module in "${screen_modules[@]}"; do [ -f "$1/display/$module.ko" ] || return 1; done
}

# screen_unpack_modules DEB_DIR KERNEL_DIR: unpack the display modules from the kernel package.
screen_unpack_modules() {
    local deb=$1 kernel=$2 module found
    dpkg-deb --fsys-tarfile "$deb"/*.deb | tar -x -C "$deb" --wildcards "${screen_module_paths[@]}" \
        || die "could not unpack the display modules (${screen_modules[*]}) from the kernel package"
    mkdir -p "$kernel/display"
    for module in "${screen_modules[@]}"; do
        found=$(find "$deb" -name "$module.ko*" | head -n 1)
        [ -n "$found" ] || die "$module.ko is not in the kernel package"
        case "$found" in
            *.ko) cp "$found" "$kernel/display/$module.ko" ;;
            *.ko.xz) xz -dc "$found" > "$kernel/display/$module.ko" ;;
            *.ko.zst) zstd -qdc "$found" > "$kernel/display/$module.ko" ;;
            *) die "$found: unknown module compression" ;;
        esac
    done
}

# screen_initramfs ROOTFS KERNEL_DIR PROBE: the modules, the probe, /etc/fonts and the font
# files, a fontconfig cache the guest accepts, and the frames the guest must show, painted
# here with the guest's own fonts and configuration (FONTCONFIG_SYSROOT).
screen_initramfs() {
    local rootfs=$1 kernel=$2 probe=$3 font shot
    mkdir -p "$rootfs/lib/modules/display" "$work/screen"
    cp "$kernel"/display/*.ko "$rootfs/lib/modules/display/"
    add_program "$probe" /usr/bin/display-probe
    # /etc/fonts/conf.d holds links into /usr/share/fontconfig: copy what they point at.
    mkdir -p "$rootfs/etc"
    cp -rL /etc/fonts "$rootfs/etc/fonts"
    for font in "${screen_fonts[@]}"; do
        [ -e "$font" ] || die "$font is missing (install fonts-motoya-l-maruberi fonts-noto-cjk fonts-dejavu-core)"
        mkdir -p "$rootfs$(dirname "$font")"
        cp -r "$font" "$rootfs$font"
    done
    # cpio keeps whole seconds; fontconfig compares a folder's time to the nanosecond and
    # rejects a cache made for another time. Give the fonts whole-second times first.
    find "$rootfs/usr/share/fonts" -exec touch -h -d "@$(date +%s)" {} +
    fc-cache -f -y "$rootfs" >/dev/null 2>&1 || die "fc-cache failed for the guest's fonts"
    for shot in card book; do
        FONTCONFIG_SYSROOT="$rootfs" "$probe" png "$shot" "$work/screen/$shot.expected.png" \
            || die "display-probe could not paint the $shot frame"
    done
    # After the console comes back, the kiosk redraws the book frame whole.
    cp "$work/screen/book.expected.png" "$work/screen/back.expected.png"
}

# screen_qemu_options: the display device, the monitor and the guest's reply line (ttyS1).
# With -monitor given, -nographic no longer puts the first serial port on stdio: say so.
screen_qemu_options() {
    rm -f "$work/monitor.sock" "$work/screen-reply.sock"
    echo -vga std -serial stdio \
        -monitor "unix:$work/monitor.sock,server=on,wait=off" \
        -chardev "socket,id=screenreply,path=$work/screen-reply.sock,server=on,wait=off" \
        -device isa-serial,chardev=screenreply
}

# screen_host_start QEMU_PID CONSOLE_LOG: the helper that serves the guest's requests.
screen_host_start() {
    # tail follows the console as qemu writes it and ends with qemu, and so the helper.
    tail -n +1 -f --pid="$1" "$2" 2>/dev/null \
        | python3 "$here/screen-host.py" --monitor "$work/monitor.sock" \
            --reply "$work/screen-reply.sock" --shots "$work/screen" > "$work/screen-host.log" 2>&1 &
    screen_host_pid=$!
}

# screen_verdict OUT PROBE BINARY ROOTFS: compare each screendump with its frame; PASS/FAIL
# lines to OUT. Nothing for a check the guest did not run.
screen_verdict() {
    local out=$1 probe=$2 shot result what
    if [ -n "${screen_host_pid:-}" ]; then wait "$screen_host_pid" 2>/dev/null || true; fi
    screen_run_verdict "$out" "$3" "$probe" "$4"
    grep -q '^SCREEN-HOST shot card$' "$work/console.txt" || return 0
    for shot in "${screen_shots[@]}"; do
        if [ ! -f "$work/screen/$shot.png" ]; then
            echo "FAIL screen-frame:$shot: no screendump $shot.png (the helper's log: $(tail -n 3 "$work/screen-host.log" | tr '\n' ' '))" >> "$out"
            continue
        fi
        case $shot in
            away|restored)
                what="after Ctrl+Alt+F2 the console shows tty2"
                [ "$shot" = away ] || what="after the display was closed the console shows its own picture"
                result=$("$probe" compare "$work/screen/$shot.png" "$work/screen/book.expected.png" || true)
                case "$result" in
                    "0 of "*) echo "FAIL screen-frame:$shot: the screen still shows the kiosk ($result)" >> "$out" ;;
                    *) echo "PASS screen-frame:$shot ($what, not the kiosk: $result)" >> "$out" ;;
                esac
                continue ;;
        esac
        if result=$("$probe" compare "$work/screen/$shot.png" "$work/screen/$shot.expected.png"); then
            echo "PASS screen-frame:$shot (qemu's screendump equals the frame painted on the host: $result)" >> "$out"
        else
            echo "FAIL screen-frame:$shot: the screendump differs from the frame painted on the host: $result" >> "$out"
        fi
    done
}

# screen_run_verdict OUT BINARY PROBE ROOTFS: the `screen-run` check's screendumps against the
# frames `bookkiosk simulate --screens` draws for the same scans at the same time, with the
# guest's fonts. Tolerance: the rows of the Session's countdown bar are left out. In the
# running kiosk the bar shrinks by itself once a second, and a screendump comes a moment after
# the frame the simulation writes at the instant of the scan; the rows are found as those where
# two screendumps of the greeting, taken 3 s apart, differ. Every other pixel must be equal.
screen_run_verdict() {
    local out=$1 binary=$2 probe=$3 rootfs=$4 times greeted shot result frame expected
    times=$(sed -n 's/^SCREEN-RUN-TIMES //p' "$work/console.txt" | tail -n 1)
    [ -n "$times" ] || return 0
    greeted=${times%% *}
    local sim="$work/screen/simulated"
    rm -rf "$sim"
    mkdir -p "$sim"
    if ! { "$binary" import books "$here/fixtures/screen-books.csv" --db "$sim/library.sqlite" \
           && "$binary" import users "$here/fixtures/screen-users.csv" --db "$sim/library.sqlite"; } > "$sim/import.log" 2>&1; then
        echo "FAIL screen-run-frame: bookkiosk import on the host failed: $(tail -n 3 "$sim/import.log" | tr '\n' ' ')" >> "$out"
        return 0
    fi
    if ! printf 'C0001\nB0042\n' | FONTCONFIG_SYSROOT="$rootfs" "$binary" simulate --db "$sim/library.sqlite" \
            --config "$here/fixtures/screen-config.json" --now "$greeted" --screens "$sim/frames" > "$sim/events.jsonl" 2> "$sim/simulate.err"; then
        echo "FAIL screen-run-frame: bookkiosk simulate --screens failed: $(tail -n 3 "$sim/simulate.err" | tr '\n' ' ')" >> "$out"
        return 0
    fi
    local bar=()
    if [ -f "$work/screen/run-greeted.png" ] && [ -f "$work/screen/run-greeted-later.png" ]; then
        bar=(--except-rows-changing "$work/screen/run-greeted.png" "$work/screen/run-greeted-later.png")
    else
        echo "FAIL screen-run-frame: no two screendumps of the greeting to find the countdown bar's rows by" >> "$out"
        return 0
    fi
    # The waiting screen, after Ctrl+Alt+F2 and Ctrl+Alt+F1: tty2 was shown, then the kiosk again.
    expected="$sim/frames/0001-ready.png"
    if [ ! -f "$work/screen/run-away.png" ] || [ ! -f "$work/screen/run-back.png" ] || [ ! -f "$expected" ]; then
        echo "FAIL screen-run-frame:console: missing run-away.png, run-back.png or the simulated 0001-ready.png" >> "$out"
    else
        result=$("$probe" compare "$work/screen/run-away.png" "$expected" || true)
        case "$result" in
            "0 of "*) echo "FAIL screen-run-frame:away: after Ctrl+Alt+F2 the screen still shows the kiosk ($result)" >> "$out" ;;
            *) echo "PASS screen-run-frame:away (after Ctrl+Alt+F2 the console shows tty2, not the kiosk: $result)" >> "$out" ;;
        esac
        if result=$("$probe" compare "$work/screen/run-back.png" "$expected"); then
            echo "PASS screen-run-frame:back (after Ctrl+Alt+F1 bookkiosk run's screen = simulate --screens 0001-ready.png: $result)" >> "$out"
        else
            echo "FAIL screen-run-frame:back: after Ctrl+Alt+F1 the screen differs from simulate --screens 0001-ready.png: $result" >> "$out"
        fi
    fi
    for shot in greeted lent; do
        expected=""
        for frame in "$sim"/frames/*-"$shot".png; do [ -f "$frame" ] && expected=$frame; done
        if [ -z "$expected" ]; then
            echo "FAIL screen-run-frame:$shot: simulate wrote no $shot frame ($(cd "$sim/frames" && echo *))" >> "$out"
            continue
        fi
        if [ ! -f "$work/screen/run-$shot.png" ]; then
            echo "FAIL screen-run-frame:$shot: no screendump run-$shot.png" >> "$out"
            continue
        fi
        if result=$("$probe" compare "$work/screen/run-$shot.png" "$expected" "${bar[@]}"); then
            echo "PASS screen-run-frame:$shot (bookkiosk run's screen = simulate --screens $(basename "$expected") at $greeted, the countdown bar's rows aside: $result)" >> "$out"
        else
            echo "FAIL screen-run-frame:$shot: bookkiosk run's screen differs from simulate --screens $(basename "$expected"): $result" >> "$out"
        fi
    done
}
