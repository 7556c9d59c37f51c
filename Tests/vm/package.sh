# The package boot (run.sh --deb FILE), functions only: a second VM whose root is a clean
# Debian root (scripts/clean-debian-root) with systemd, udev and the package installed by
# apt-get, booted with systemd as its first process. The package's own unit starts the kiosk;
# bookkiosk-vm-check.service (guest/package-check.sh) then makes a virtual scanner, types a
# Card and a Book on it, and finds the Loan in the library the package made.

# package_root DEB KERNEL ROOTFS: builds the root in ROOTFS.
package_root() {
    local deb=$1 kernel=$2 rootfs=$3 cache mount
    cache=$("$root/scripts/clean-debian-root") || die "no clean Debian root (scripts/clean-debian-root said why)"
    rm -rf "$rootfs"
    mkdir -p "$rootfs"
    tar -xf "$cache" -C "$rootfs" || die "could not unpack $cache"
    cp "$deb" "$rootfs/tmp/bookkiosk.deb"
    cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
    mount -t proc proc "$rootfs/proc"
    mount --bind /dev "$rootfs/dev"
    local status=0
    chroot "$rootfs" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 \
        sh -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends systemd systemd-sysv udev evemu-tools sqlite3 /tmp/bookkiosk.deb' \
        > "$work/package-root.log" 2>&1 || status=$?
    for mount in dev proc; do umount -l "$rootfs/$mount" 2>/dev/null || true; done
    [ $status -eq 0 ] || { tail -n 20 "$work/package-root.log" >&2; die "apt-get could not install the package in the VM's root"; }
    rm -f "$rootfs/tmp/bookkiosk.deb"

    # The check, its service (after the kiosk's), what it uses, and the kernel's two modules.
    mkdir -p "$rootfs/vm/fixtures"
    install -m 0755 "$here/guest/package-check.sh" "$rootfs/vm/package-check.sh"
    cp "$here/guest/keys.awk" "$rootfs/vm/"
    cp "$here/fixtures/scanner.desc" "$rootfs/vm/fixtures/"
    cp "$kernel/evdev.ko" "$kernel/uinput.ko" "$rootfs/vm/"
    cp "$(command -v busybox)" "$rootfs/vm/busybox"
    cat > "$rootfs/etc/systemd/system/bookkiosk-vm-check.service" <<'EOF'
[Unit]
Description=BookKiosk VM check: the packaged kiosk lends through a virtual scanner
After=bookkiosk.service systemd-udevd.service
Wants=bookkiosk.service

[Service]
Type=oneshot
ExecStartPre=/vm/busybox insmod /vm/evdev.ko
ExecStartPre=/vm/busybox insmod /vm/uinput.ko
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
    # The serial console is the check's; no login prompt on it.
    ln -sf /dev/null "$rootfs/etc/systemd/system/serial-getty@ttyS0.service"
    : > "$rootfs/etc/machine-id"
    ln -sf /lib/systemd/systemd "$rootfs/init"
}

# package_boot DEB KERNEL: builds the root, boots it, prints the check's lines; returns 0 on PASS.
package_boot() {
    local deb=$1 kernel=$2 rootfs="$work/package-rootfs" console="$work/package-console.log" status=0
    package_root "$deb" "$kernel" "$rootfs"
    (cd "$rootfs" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) > "$work/package-initramfs.cpio" \
        || die "cpio failed"
    echo "    root with $(chroot "$rootfs" dpkg-query -W -f='${binary:Package} ${Version}\n' bookkiosk), initramfs $(du -m "$work/package-initramfs.cpio" | cut -f1) MB"
    rm -rf "$rootfs"
    timeout -k 5 "$boot_timeout" qemu-system-x86_64 ${firmware[@]+"${firmware[@]}"} \
        -accel tcg -cpu max -smp 2 -m 2048M \
        -nographic -no-reboot -nic none -vga std \
        -kernel "$kernel/vmlinux" -initrd "$work/package-initramfs.cpio" \
        -append "console=ttyS0 quiet panic=1 systemd.show_status=false" \
        < /dev/null > "$console" 2>&1 || status=$?
    tr -d '\r' < "$console" > "$work/package-console.txt"
    sed -n '/^\(PASS\|FAIL\|INFO\) /s/^/    /p' "$work/package-console.txt"
    rm -f "$work/package-initramfs.cpio"
    if ! grep -q '^PASS package-systemd' "$work/package-console.txt"; then
        echo "vm: the package boot did not pass (qemu exit $status); the console's last lines:"
        tail -n 30 "$work/package-console.txt" | sed 's/^/    | /'
        return 1
    fi
}
