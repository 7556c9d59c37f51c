# shellcheck shell=bash disable=SC2154  # $work, $here, $root, die and boot_timeout come from run.sh
# The package boot (run.sh --deb FILE), functions only: a second VM whose root is a clean
# Debian root (scripts/clean-debian-root) with systemd, udev and the package installed by
# apt-get, booted with systemd as its first process. The kernel's modules are where Debian puts
# them (/lib/modules/VERSION, with depmod's index), loaded by systemd-modules-load as a kiosk's
# own drivers would be. The package's own unit starts the kiosk; bookkiosk-vm-check.service
# (guest/package-check.sh) then makes a virtual scanner, types a Card and a Book on it, finds
# the Loan in the library the package made, and asks for screendumps of the kiosk's screen,
# which the host compares with the frames `bookkiosk simulate --screens` draws for the same
# scans (package_screen_verdict).

# The recording replayed into the packaged kiosk (one barcode: the Card's Session holds two
# Loans, the typed Book's and this one's).
package_recording=us-digits

# The display's module chain (screen.sh) and the two input modules, loaded at boot.
package_modules=(evdev uinput "${screen_modules[@]}")

# package_root DEB KERNEL KERNEL_VERSION ROOTFS: builds the root in ROOTFS.
package_root() {
    local deb=$1 kernel=$2 kernel_version=$3 rootfs=$4 cache mount module
    rm -rf "$rootfs"
    mkdir -p "$rootfs"
    # With --keep, the root made for this very package is kept beside it and used again.
    local kept
    kept="$work/package-root-$(sha256sum "$deb" | cut -c1-16).tar"
    if [ "$keep" -eq 1 ] && [ -s "$kept" ]; then
        tar -xf "$kept" -C "$rootfs" || die "could not unpack $kept"
        echo "    reusing the root made for this package ($kept)"
    else
        cache=$("$root/scripts/clean-debian-root") || die "no clean Debian root (scripts/clean-debian-root said why)"
        tar -xf "$cache" -C "$rootfs" || die "could not unpack $cache"
        cp "$deb" "$rootfs/tmp/bookkiosk.deb"
        cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
        mount -t proc proc "$rootfs/proc"
        mount --bind /dev "$rootfs/dev"
        local status=0
        chroot "$rootfs" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 \
            sh -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends systemd systemd-sysv udev kmod evemu-tools sqlite3 /tmp/bookkiosk.deb && apt-get clean' \
            > "$work/package-root.log" 2>&1 || status=$?
        for mount in dev proc; do umount -l "$rootfs/$mount" 2>/dev/null || true; done
        [ $status -eq 0 ] || { tail -n 20 "$work/package-root.log" >&2; die "apt-get could not install the package in the VM's root"; }
        rm -f "$rootfs/tmp/bookkiosk.deb"
        # What the VM never reads: apt's lists, and the other packages' manuals (the package's own
        # files stay). The root is unpacked into the guest's memory.
        rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/man "$rootfs"/usr/share/info
        find "$rootfs/usr/share/doc" -mindepth 1 -maxdepth 1 ! -name bookkiosk -exec rm -rf {} +
        if [ "$keep" -eq 1 ]; then rm -f "$work"/package-root-*.tar; tar -cf "$kept" -C "$rootfs" .; fi
    fi

    # The kernel's modules, where Debian's kernel package puts them, with depmod's index.
    mkdir -p "$rootfs/lib/modules/$kernel_version/kernel/vm"
    cp "$kernel/evdev.ko" "$kernel/uinput.ko" "$kernel"/display/*.ko "$rootfs/lib/modules/$kernel_version/kernel/vm/"
    # (The kernel package's lists of its built-in modules, which depmod reads, are not needed.)
    touch "$rootfs/lib/modules/$kernel_version"/modules.{order,builtin,builtin.modinfo}
    depmod -b "$rootfs" "$kernel_version" || die "depmod failed for the VM's modules"
    # Loaded before the kiosk starts (systemd-modules-load runs before sysinit.target), so the
    # kiosk finds its display card as on a PC whose graphics driver came up at boot.
    for module in "${package_modules[@]}"; do echo "$module"; done > "$rootfs/etc/modules-load.d/bookkiosk-vm.conf"

    # The check, its service (after the kiosk's), and what it uses.
    mkdir -p "$rootfs/vm/fixtures"
    install -m 0755 "$here/guest/package-check.sh" "$rootfs/vm/package-check.sh"
    cp "$here/guest/keys.awk" "$rootfs/vm/"
    cp "$here/fixtures/scanner.desc" "$rootfs/vm/fixtures/"
    cp "$root/Tests/recordings/$package_recording.evemu" "$rootfs/vm/recording.evemu"
    cp "$root/Tests/recordings/$package_recording.expected" "$rootfs/vm/recording.expected"
    echo "$package_recording" > "$rootfs/vm/recording.name"
    cat > "$rootfs/etc/systemd/system/bookkiosk-vm-check.service" <<'EOF'
[Unit]
Description=BookKiosk VM check: the packaged kiosk lends through a virtual scanner
After=bookkiosk.service systemd-udevd.service systemd-modules-load.service
Wants=bookkiosk.service

[Service]
Type=oneshot
ExecStart=/vm/package-check.sh
StandardOutput=tty
TTYPath=/dev/ttyS0

[Install]
WantedBy=multi-user.target
EOF
    ln -sf /etc/systemd/system/bookkiosk-vm-check.service "$rootfs/etc/systemd/system/multi-user.target.wants/bookkiosk-vm-check.service"
    # The VM's scanner is a uinput device, which has no USB idVendor for the package's rule to
    # match: this kiosk's own rule names it, as `install.sh --scanner` does for a real one.
    cat > "$rootfs/etc/udev/rules.d/71-bookkiosk-local.rules" <<'EOF'
SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="BookKiosk VM Scanner", GROUP="bookkiosk", MODE="0660", SYMLINK+="input/bookkiosk-scanner-%n", ENV{LIBINPUT_IGNORE_DEVICE}="1", ENV{ID_SEAT}="none"
EOF
    # Each Outcome in the kiosk's journal too, for the check to know when the kiosk answered
    # (a drop-in, as `systemctl edit bookkiosk` makes; off by default: children's names).
    mkdir -p "$rootfs/etc/systemd/system/bookkiosk.service.d"
    printf '[Service]\nEnvironment=BOOKKIOSK_LOG=debug\n' > "$rootfs/etc/systemd/system/bookkiosk.service.d/vm-log.conf"
    # The serial console is the check's; no login prompt on it.
    ln -sf /dev/null "$rootfs/etc/systemd/system/serial-getty@ttyS0.service"
    : > "$rootfs/etc/machine-id"
    ln -sf /lib/systemd/systemd "$rootfs/init"
}

# package_boot DEB KERNEL KERNEL_VERSION PROBE: builds the root, boots it, prints the check's
# lines and the screen's; returns 0 when all passed.
package_boot() {
    local deb=$1 kernel=$2 kernel_version=$3 probe=$4 rootfs="$work/package-rootfs" console="$work/package-console.log" status=0
    package_root "$deb" "$kernel" "$kernel_version" "$rootfs"
    (cd "$rootfs" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) > "$work/package-initramfs.cpio" \
        || die "cpio failed"
    echo "    root with $(chroot "$rootfs" dpkg-query -W -f='${binary:Package} ${Version}\n' bookkiosk), initramfs $(du -m "$work/package-initramfs.cpio" | cut -f1) MB"
    local shots="$work/package-screen"
    rm -rf "$shots" "$work/package-monitor.sock" "$work/package-reply.sock"
    mkdir -p "$shots"
    # The root is unpacked into the guest's memory (a tmpfs of half of it): 3 GB for about 0.6.
    timeout -k 5 "$boot_timeout" qemu-system-x86_64 ${firmware[@]+"${firmware[@]}"} \
        -accel tcg -cpu max -smp 2 -m 3072M \
        -display none -no-reboot -nic none -vga std -serial stdio \
        -monitor "unix:$work/package-monitor.sock,server=on,wait=off" \
        -chardev "socket,id=screenreply,path=$work/package-reply.sock,server=on,wait=off" \
        -device isa-serial,chardev=screenreply \
        -kernel "$kernel/vmlinux" -initrd "$work/package-initramfs.cpio" \
        -append "console=ttyS0 quiet panic=1 systemd.show_status=false" \
        < /dev/null > "$console" 2>&1 &
    local qemu=$!
    tail -n +1 -f --pid="$qemu" "$console" 2>/dev/null \
        | python3 "$here/screen-host.py" --monitor "$work/package-monitor.sock" \
            --reply "$work/package-reply.sock" --shots "$shots" > "$work/package-screen-host.log" 2>&1 &
    local helper=$!
    wait "$qemu" || status=$?
    wait "$helper" 2>/dev/null || true
    rm -f "$work/package-initramfs.cpio"
    tr -d '\r' < "$console" > "$work/package-console.txt"
    package_screen_verdict "$deb" "$probe" "$rootfs" >> "$work/package-console.txt"
    rm -rf "$rootfs"
    sed -n '/^\(PASS\|FAIL\|INFO\) /s/^/    /p' "$work/package-console.txt"
    if ! grep -q '^PASS package-systemd' "$work/package-console.txt" || grep -q '^FAIL ' "$work/package-console.txt"; then
        echo "vm: the package boot did not pass (qemu exit $status); the console's last lines:"
        grep -v '^\(PASS\|FAIL\|INFO\) ' "$work/package-console.txt" | tail -n 30 | sed 's/^/    | /'
        echo "vm: the screendump helper's last lines:"
        tail -n 10 "$work/package-screen-host.log" 2>/dev/null | sed 's/^/    | /'
        return 1
    fi
}

# package_screen_verdict DEB PROBE ROOTFS: the packaged kiosk's screendumps (after the Card,
# a few seconds later, after the Book) against the frames `bookkiosk simulate --screens` of the
# package's own program draws for the same scans with the package's configuration and the
# VM root's fonts. The rows of the Session's countdown bar are left out (found as those where
# the two screendumps of the greeting differ), as in the `screen-run` check.
package_screen_verdict() {
    local deb=$1 probe=$2 rootfs=$3 shots="$work/package-screen" time sim="$work/package-screen/simulated" shot frame expected result
    time=$(sed -n 's/^PACKAGE-SCREEN-TIME //p' "$work/package-console.txt" | tail -n 1)
    [ -n "$time" ] || return 0
    rm -rf "$sim"
    mkdir -p "$sim/package"
    dpkg-deb -x "$deb" "$sim/package" || { echo "FAIL package-screen: dpkg-deb -x $deb failed"; return 0; }
    local program="$sim/package/usr/bin/bookkiosk"
    printf 'barcode,title\nB0042,ぐりとぐら\n' > "$sim/books.csv"
    printf 'card,name\nC0001,はると\n' > "$sim/users.csv"
    if ! { "$program" import books "$sim/books.csv" --db "$sim/library.sqlite" \
           && "$program" import users "$sim/users.csv" --db "$sim/library.sqlite"; } > "$sim/import.log" 2>&1; then
        echo "FAIL package-screen: bookkiosk import on the host failed: $(tail -n 3 "$sim/import.log" | tr '\n' ' ')"
        return 0
    fi
    if ! printf 'C0001\nB0042\n' | FONTCONFIG_SYSROOT="$rootfs" "$program" simulate --db "$sim/library.sqlite" \
            --config "$sim/package/etc/bookkiosk/config.json" --now "$time" --screens "$sim/frames" > "$sim/events.jsonl" 2> "$sim/simulate.err"; then
        echo "FAIL package-screen: bookkiosk simulate --screens failed: $(tail -n 3 "$sim/simulate.err" | tr '\n' ' ')"
        return 0
    fi
    for shot in greeted greeted-later lent; do
        [ -f "$shots/package-$shot.png" ] || { echo "FAIL package-screen: no screendump package-$shot.png ($(tail -n 3 "$work/package-screen-host.log" | tr '\n' ' '))"; return 0; }
    done
    for shot in greeted lent; do
        expected=""
        for frame in "$sim"/frames/*-"$shot".png; do [ -f "$frame" ] && expected=$frame; done
        if [ -z "$expected" ]; then
            echo "FAIL package-screen:$shot: simulate wrote no $shot frame ($(cd "$sim/frames" && echo *))"
            continue
        fi
        if result=$("$probe" compare "$shots/package-$shot.png" "$expected" \
                --except-rows-changing "$shots/package-greeted.png" "$shots/package-greeted-later.png"); then
            echo "PASS package-screen:$shot (the packaged kiosk's screen = simulate --screens $(basename "$expected") at $time, the countdown bar's rows aside: $result)"
        else
            echo "FAIL package-screen:$shot: the packaged kiosk's screen differs from simulate --screens $(basename "$expected"): $result"
        fi
    done
}
