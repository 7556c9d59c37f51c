#!/usr/bin/env bash
# End-to-end tests of the evdev path on a real kernel.
#
# Boots Debian's own kernel under qemu (software emulation) with an initramfs holding busybox,
# the evdev and uinput modules, evemu-tools, a release build of bookkiosk and the test
# recordings; the guest runs Tests/vm/guest/checks.sh, which prints one `PASS name` or
# `FAIL name: why` line per check on the serial console. This script prints them, a summary
# and the time of each step, and exits non-zero on any FAIL or when no verdict arrives.
#
# Usage: Tests/vm/run.sh [--keep] [--binary PATH] [--idle-seconds N] [--timeout S] [--deb FILE [--package-only]] [EXTRA.evemu ...]
#   EXTRA.evemu    more recordings to check, each with EXTRA.expected (barcodes one a line)
#                  beside it and, for a scanner set to JIS, EXTRA.layout holding `jp`
#   --keep         keep the work folder (Tests/vm/.work: kernel, release build, initramfs,
#                  console log) and reuse it on the next run
#   --binary PATH  use this bookkiosk instead of building one (it must need only the
#                  libraries ldd lists, e.g. built with --static-swift-stdlib)
#   --idle-seconds N  how long the idle-CPU check watches an idle kiosk (default 60)
#   --timeout S    give up on each VM after S seconds (default 480)
#   --deb FILE     also boot a second VM whose root is a clean Debian root with systemd and
#                  this package installed by apt-get: the package's unit starts the kiosk at
#                  boot, a Card and a Book typed on a virtual scanner are lent, and its screen
#                  equals simulate's frames (Tests/vm/package.sh)
#   --package-only with --deb: only that VM (no recordings, no first VM)
#   --checks "A B" run only these checks (evemu-roundtrip recording card-and-book grab unplug
#                  syn-dropped two-scanners staff-keyboard boot-without-scanner screen screen-run
#                  idle-cpu, or one recording: recording:NAME); the modules check always runs
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work="$here/.work"
# The display check's host side (its own file, functions only).
. "$here/screen.sh"
# The package boot's host side (functions only).
. "$here/package.sh"
keep=0
deb=""
package_only=0
binary=""
idle_seconds=60
boot_timeout=480
extras=()
checks=""

usage() { sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --keep) keep=1 ;;
        --binary) binary=$(realpath "${2:?--binary needs a path}"); shift ;;
        --deb) deb=$(realpath "${2:?--deb needs a package}"); shift ;;
        --package-only) package_only=1 ;;
        --idle-seconds) idle_seconds=${2:?--idle-seconds needs a number}; shift ;;
        --timeout) boot_timeout=${2:?--timeout needs seconds}; shift ;;
        --checks) checks=${2?--checks needs a list}; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "vm: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) extras+=("$(realpath "$1")") ;;
    esac
    shift
done
[ $package_only -eq 0 ] || [ -n "$deb" ] || { echo "vm: --package-only needs --deb FILE" >&2; exit 2; }
case "$idle_seconds$boot_timeout" in *[!0-9]*) echo "vm: --idle-seconds and --timeout take whole seconds" >&2; exit 2 ;; esac

for extra in ${extras[@]+"${extras[@]}"}; do
    case "$extra" in *.evemu) ;; *) echo "vm: $extra: extra recordings are NAME.evemu files" >&2; exit 2 ;; esac
    [ -f "$extra" ] || { echo "vm: $extra: no such recording" >&2; exit 2; }
    [ -f "${extra%.evemu}.expected" ] || { echo "vm: $extra: ${extra%.evemu}.expected (the barcodes, one a line) is missing" >&2; exit 2; }
done

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

# --- steps, timings, failure and cleanup ---------------------------------------------------

current_step="setup"
step_started=0
timings=()
harness_started=$(date +%s.%N)
qemu_pid=""

seconds_since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

step() {
    current_step=$1
    step_started=$(date +%s.%N)
    echo "==> $1"
}

step_done() {
    local took
    took=$(seconds_since "$step_started")
    timings+=("$(printf '%-11s %6ss' "$current_step" "$took")")
    echo "    done in ${took}s"
}

die() {
    echo "vm: FAILED at step '$current_step': $*" >&2
    exit 1
}

on_exit() {
    local status=$?
    if [ -n "$qemu_pid" ] && kill -0 "$qemu_pid" 2>/dev/null; then kill "$qemu_pid" 2>/dev/null || true; fi
    if [ $status -ne 0 ] && [ "$current_step" != "verdict" ]; then
        echo "vm: stopped during step '$current_step' (exit $status)" >&2
    fi
    if [ $keep -eq 1 ]; then
        echo "vm: work folder kept: $work"
    else
        rm -rf "$work"
    fi
    exit $status
}
trap on_exit EXIT
trap 'exit 130' INT TERM

mkdir -p "$work"

# --- 1. packages ---------------------------------------------------------------------------

step "packages"
# Host tools (qemu, the initramfs pieces, the guest's evemu-tools and sqlite3) and the
# build's C libraries.
packages=(qemu-system-x86 busybox-static evemu-tools libevdev2 sqlite3 cpio python3
          libevdev-dev libsqlite3-dev libcrypt-dev libanthy-dev
          libcairo2-dev libpango1.0-dev libdrm-dev fontconfig fonts-motoya-l-maruberi fonts-noto-cjk fonts-dejavu-core)
# The package's VM: its clean Debian root (mmdebstrap) and its modules' index (depmod).
if [ -n "$deb" ]; then packages+=(mmdebstrap kmod); fi
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "    installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq || die "apt-get update failed"
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
        || die "could not install ${missing[*]}"
else
    echo "    all present: ${packages[*]}"
fi
step_done

# --- 2. kernel -----------------------------------------------------------------------------

step "kernel"
# Debian's kernel package, downloaded and unpacked without installing it: the uncompressed
# vmlinux (it boots straight in, skipping firmware and decompressor) and the two modules.
kernel_package_name() {
    apt-cache depends linux-image-amd64 2>/dev/null \
        | awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }'
}
kernel_package=$(kernel_package_name)
if [ -z "$kernel_package" ]; then
    # A fresh machine may have no package lists yet.
    $sudo apt-get update -qq || die "apt-get update failed"
    kernel_package=$(kernel_package_name)
fi
[ -n "$kernel_package" ] || die "apt-cache names no kernel package for linux-image-amd64"
kernel="$work/kernel/$kernel_package"
if [ -f "$kernel/ready" ] && screen_kernel_ready "$kernel"; then
    echo "    reusing $kernel_package"
else
    rm -rf "$kernel"
    mkdir -p "$kernel/deb"
    apt_options=()
    # As root, apt drops to the _apt user, who cannot write into this folder.
    if [ "$(id -u)" -eq 0 ]; then apt_options=(-o APT::Sandbox::User=root); fi
    (cd "$kernel/deb" && apt-get download -qq "${apt_options[@]}" "$kernel_package") \
        || die "apt-get download $kernel_package failed"
    dpkg-deb --fsys-tarfile "$kernel"/deb/*.deb \
        | tar -x -C "$kernel/deb" --wildcards './boot/vmlinuz-*' './boot/config-*' \
            '*/kernel/drivers/input/evdev.ko*' '*/kernel/drivers/input/misc/uinput.ko*' \
        || die "could not unpack vmlinuz and the evdev/uinput modules from $kernel_package"
    grep -q '^CONFIG_INPUT_EVDEV=m' "$kernel"/deb/boot/config-* \
        && grep -q '^CONFIG_INPUT_UINPUT=m' "$kernel"/deb/boot/config-* \
        || die "$kernel_package does not build evdev and uinput as modules"
    for module in evdev uinput; do
        found=$(find "$kernel/deb" -name "$module.ko*" | head -n 1)
        [ -n "$found" ] || die "$module.ko is not in $kernel_package"
        case "$found" in
            *.ko) cp "$found" "$kernel/$module.ko" ;;
            *.ko.xz) xz -dc "$found" > "$kernel/$module.ko" ;;
            *.ko.zst) zstd -qdc "$found" > "$kernel/$module.ko" ;;
            *) die "$found: unknown module compression" ;;
        esac
    done
    screen_unpack_modules "$kernel/deb" "$kernel"
    # vmlinuz carries an xz-compressed vmlinux after the setup code.
    python3 - "$kernel"/deb/boot/vmlinuz-* "$kernel/vmlinux" <<'PY' || die "could not extract vmlinux from vmlinuz"
import lzma, sys
data = open(sys.argv[1], "rb").read()
start = data.find(b"\xfd7zXZ\x00")
if start < 0:
    sys.exit("no xz stream in " + sys.argv[1])
vmlinux = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[start:])
if vmlinux[:4] != b"\x7fELF":
    sys.exit("the xz stream in " + sys.argv[1] + " is not an ELF vmlinux")
open(sys.argv[2], "wb").write(vmlinux)
PY
    rm -rf "$kernel/deb"
    touch "$kernel/ready"
fi
echo "    $kernel_package: vmlinux $(du -m "$kernel/vmlinux" | cut -f1) MB, evdev.ko, uinput.ko"
step_done

# --- 3. build ------------------------------------------------------------------------------

step "build"
if [ -n "$binary" ]; then
    [ -x "$binary" ] || die "$binary is not an executable"
    echo "    using $binary"
elif [ $package_only -eq 1 ]; then
    echo "    no bookkiosk: only the package's VM, whose program is the package's"
else
    # The release build needs only glibc, libstdc++, libgcc_s and the C libraries it links.
    (cd "$root" && swift build -c release --static-swift-stdlib --scratch-path "$work/.build-vm" \
        --product bookkiosk 2>&1 | sed -u 's/^/    /') || die "swift build failed"
    binary="$work/.build-vm/release/bookkiosk"
    [ -x "$binary" ] || die "the build made no $binary"
fi
# The display probe of the screen check (Sources/display-probe), built the same way.
(cd "$root" && swift build -c release --static-swift-stdlib --scratch-path "$work/.build-vm" \
    --product display-probe 2>&1 | sed -u 's/^/    /') || die "swift build of display-probe failed"
probe="$work/.build-vm/release/display-probe"
step_done

# Software emulation: /dev/kvm exists on these machines but is nested and hangs Debian's
# kernel. -no-reboot with panic=1 turns a guest panic into qemu's exit.
# qboot, where qemu ships it, starts the kernel a second sooner than SeaBIOS.
firmware=()
if [ -f /usr/share/qemu/qboot.rom ]; then firmware=(-bios /usr/share/qemu/qboot.rom); fi

qemu_status=0
if [ $package_only -eq 0 ]; then
    # --- 4. initramfs --------------------------------------------------------------------------

    step "initramfs"
    rootfs="$work/rootfs"
    rm -rf "$rootfs"
    mkdir -p "$rootfs"/{bin,dev,proc,sys,tmp,root,etc,usr/bin,lib/modules,vm/recordings}

    # busybox and its applets (not `busybox` itself: a link over the binary would point at itself).
    busybox=$(command -v busybox || true)
    [ -n "$busybox" ] || die "busybox is missing"
    if ldd "$busybox" >/dev/null 2>&1; then die "$busybox is not static (install busybox-static)"; fi
    cp "$busybox" "$rootfs/bin/busybox"
    for applet in $("$rootfs/bin/busybox" --list); do
        [ "$applet" = busybox ] || ln -s busybox "$rootfs/bin/$applet"
    done

    # A program and the shared libraries ldd lists, at the same paths as on the host.
    add_program() {
        local program=$1 destination=$2 library
        install -D -m 0755 "$program" "$rootfs$destination"
        ldd "$program" >/dev/null 2>&1 || die "ldd cannot read $program"
        for library in $(ldd "$program" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
            [ -e "$rootfs$library" ] || install -D -m 0755 "$(readlink -f "$library")" "$rootfs$library"
        done
        if ldd "$program" | grep -q 'not found'; then die "$program needs a library that is not installed"; fi
    }
    for tool in evemu-device evemu-play evemu-record sqlite3; do
        add_program "$(command -v "$tool")" "/usr/bin/$tool"
    done
    add_program "$binary" /usr/bin/bookkiosk
    screen_initramfs "$rootfs" "$kernel" "$probe"

    cp "$kernel/evdev.ko" "$kernel/uinput.ko" "$rootfs/lib/modules/"
    install -m 0755 "$here/guest/init" "$rootfs/init"
    cp "$here"/guest/*.sh "$here"/guest/*.awk "$rootfs/vm/"
    cp -r "$here/fixtures" "$rootfs/vm/fixtures"

    # The project's recordings, then the extra ones (prefixed, so names cannot clash).
    recordings=0
    add_recording() {
        local source=$1 name=$2
        cp "$source" "$rootfs/vm/recordings/$name.evemu"
        [ ! -f "${source%.evemu}.expected" ] || cp "${source%.evemu}.expected" "$rootfs/vm/recordings/$name.expected"
        [ ! -f "${source%.evemu}.layout" ] || cp "${source%.evemu}.layout" "$rootfs/vm/recordings/$name.layout"
        recordings=$((recordings + 1))
    }
    # Every recording under Tests/ (those in Tests/recordings by their own name, others by their
    # path), the harness's own folder aside.
    while IFS= read -r recording; do
        relative=${recording#"$root/Tests/"}
        case "$relative" in
            recordings/*/*) name=$(echo "${relative%.evemu}" | tr '/' '-') ;;
            recordings/*) name=$(basename "$relative" .evemu) ;;
            *) name=$(echo "${relative%.evemu}" | tr '/' '-') ;;
        esac
        add_recording "$recording" "$name"
    done < <(find "$root/Tests" -path "$root/Tests/vm" -prune -o -name '*.evemu' -type f -print | LC_ALL=C sort)
    for extra in ${extras[@]+"${extras[@]}"}; do
        add_recording "$extra" "extra-$(basename "$extra" .evemu)"
    done

    cat > "$rootfs/vm/settings.sh" <<EOF
IDLE_SECONDS=$idle_seconds
CHECKS="$checks"
EOF
    echo "root:x:0:0:root:/root:/bin/sh" > "$rootfs/etc/passwd"

    # Uncompressed: the guest unpacks it faster than it could gunzip it under emulation.
    (cd "$rootfs" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) > "$work/initramfs.cpio" \
        || die "cpio failed"
    echo "    $recordings recordings, bookkiosk $(du -m "$binary" | cut -f1) MB, initramfs $(du -m "$work/initramfs.cpio" | cut -f1) MB"
    step_done

    # --- 5. boot -------------------------------------------------------------------------------

    step "boot"
    console="$work/console.log"
    : > "$console"
    timeout -k 5 "$boot_timeout" qemu-system-x86_64 ${firmware[@]+"${firmware[@]}"} \
        -accel tcg -cpu max -smp 2 -m 1024M \
        -nographic -no-reboot -nic none $(screen_qemu_options) \
        -kernel "$kernel/vmlinux" -initrd "$work/initramfs.cpio" \
        -append "console=ttyS0 quiet panic=1" \
        < /dev/null > "$console" 2>&1 &
    qemu_pid=$!
    screen_host_start "$qemu_pid" "$console"
    # Show the checks' lines as they come.
    tail -n +1 -f --pid="$qemu_pid" "$console" 2>/dev/null \
        | sed -u -n 's/\r$//; /^\(PASS\|FAIL\|INFO\) /s/^/    /p' &
    tail_pid=$!
    wait "$qemu_pid" || qemu_status=$?
    qemu_pid=""
    wait "$tail_pid" 2>/dev/null || true
    step_done
fi

# --- 5b. the package, booted with systemd (only with --deb) ---------------------------------

package_status=0
if [ -n "$deb" ]; then
    step "package"
    package_boot "$deb" "$kernel" "${kernel_package#linux-image-}" "$probe" || package_status=1
    step_done
fi

# --- 6. verdict ----------------------------------------------------------------------------

step "verdict"
: > "$work/console.txt"
: > "$work/verdicts.txt"
finished=1
if [ $package_only -eq 0 ]; then
    tr -d '\r' < "$console" > "$work/console.txt"
    screen_verdict "$work/console.txt" "$probe" "$binary" "$rootfs"
    grep -q '^BOOKKIOSK-VM-DONE$' "$work/console.txt" || finished=0
fi
# The package's VM's lines (package_boot printed them) count with the others.
if [ -n "$deb" ]; then
    grep '^\(PASS\|FAIL\) ' "$work/package-console.txt" >> "$work/verdicts.txt" 2>/dev/null || true
    [ $package_status -eq 0 ] || grep -q '^FAIL ' "$work/package-console.txt" 2>/dev/null \
        || echo "FAIL package-systemd: the package's VM gave no verdict (see above)" >> "$work/verdicts.txt"
fi
grep '^\(PASS\|FAIL\) ' "$work/console.txt" >> "$work/verdicts.txt" || true
passed=$(grep -c '^PASS ' "$work/verdicts.txt" || true)
failed=$(grep -c '^FAIL ' "$work/verdicts.txt" || true)

echo
echo "timings:"
for timing in "${timings[@]}"; do echo "    $timing"; done
echo "    total       $(printf '%6ss' "$(seconds_since "$harness_started")")"
echo
if [ $finished -eq 0 ]; then
    if [ $qemu_status -eq 124 ]; then
        echo "vm: no verdict: the VM did not finish within ${boot_timeout}s; the console's last lines:"
    else
        echo "vm: no verdict: the VM stopped (qemu exit $qemu_status) before the checks finished; the console's last lines:"
    fi
    tail -n 30 "$work/console.txt" | sed 's/^/    | /'
    echo "vm: FAIL ($passed passed, $failed failed, verdict missing)"
    exit 1
fi
if [ "$failed" -gt 0 ] || [ "$passed" -eq 0 ]; then
    echo "vm: FAIL ($passed passed, $failed failed):"
    grep '^FAIL ' "$work/verdicts.txt" | sed 's/^/    /'
    exit 1
fi
echo "vm: PASS ($passed checks)"
