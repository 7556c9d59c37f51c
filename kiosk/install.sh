#!/bin/bash
# BookKiosk installer: installs the Debian package (building it first from this checkout when
# no --deb is given), then does what only this kiosk knows: its first staff member, scanners
# the udev rule does not know, a shared PostgreSQL database, the teachers' page turned on.
#
#   sudo kiosk/install.sh --staff NAME                  build the package, install it, first staff
#   sudo kiosk/install.sh --deb bookkiosk_1.4.0_amd64.deb --no-staff
#   sudo kiosk/install.sh --uninstall [--purge]         apt-get remove (or purge) bookkiosk
#   kiosk/install.sh --help                             every option
#
# Everything a package does by convention (the program, the units, the udev rule, the user,
# the state directory, the first empty library, starting the kiosk) is the package's: see
# kiosk/package/ and scripts/package. Running this again is safe.
set -euo pipefail
umask 022

readonly service_user=bookkiosk
readonly bin_path=/usr/bin/bookkiosk
readonly config_dir=/etc/bookkiosk
readonly config_file=$config_dir/config.json
readonly state_dir=/var/lib/bookkiosk
readonly database=$state_dir/library.sqlite
readonly rules_dir=/etc/udev/rules.d
readonly local_rules_file=$rules_dir/71-bookkiosk-local.rules
readonly unit_dir=/etc/systemd/system
readonly web_unit=bookkiosk-web.service
# With --database: the one change to the kiosk's sandbox, as a drop-in of its own.
readonly network_dropin=$unit_dir/bookkiosk.service.d/50-database-network.conf
# With --database: the page may reach that server too (its unit allows only private ranges).
readonly web_network_dropin=$unit_dir/bookkiosk-web.service.d/50-database-network.conf
# With --lookups: the page may reach NDL Search and openBD, at the addresses they have today.
readonly lookup_network_dropin=$unit_dir/bookkiosk-web.service.d/60-lookup-network.conf
# The services' names (BOOKKIOSK_LOOKUP_HOSTS names others, or addresses: the tests).
readonly lookup_hosts=${BOOKKIOSK_LOOKUP_HOSTS:-ndlsearch.ndl.go.jp api.openbd.jp}

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly script_dir
readonly repo_dir=${script_dir%/*}

usage() {
    cat <<EOF
Usage: sudo $0 [OPTIONS]

Installs BookKiosk from its Debian package with apt-get (which brings the libraries and fonts
it needs), builds that package first from this checkout with scripts/package unless --deb
names one, then sets up what only this kiosk knows. The package makes the system user
"bookkiosk", the library /var/lib/bookkiosk/library.sqlite, the configuration
/etc/bookkiosk/config.json, and enables and starts the kiosk on tty1.

Options:
  --deb FILE          install this package (dist/bookkiosk_VERSION_ARCH.deb, or a release
                      file) instead of building one with scripts/package
  --staff NAME        name of the first staff member; the PIN is asked for (without echo),
                      or read from standard input when that is not a terminal
  --no-staff          do not create the first staff member now
  --scanner VVVV:PPPP give the kiosk a scanner the udev rule does not know: its USB vendor
                      and product ID, as \`lsusb\` shows them (may be repeated)
  --database URL      share a PostgreSQL database with other kiosks (postgresql://…): writes it
                      into the config and opens the kiosk's network sandbox to that server only
                      (a drop-in, $network_dropin); the password goes in
                      ~bookkiosk/.pgpass, never in the URL
  --web               turn on the teachers' page (bookkiosk serve, $web_unit, which
                      the package installs switched off); set a teacher's password with
                      \`bookkiosk staff password\`
  --lookups           let the teachers' page look books up by ISBN (調べる, まとめて登録): opens its
                      sandbox to the addresses NDL Search and openBD have now, and no others
                      (a drop-in, $lookup_network_dropin); run it again when
                      \`bookkiosk doctor\` says a service moved
  --root DIR          write only this kiosk's own settings (config, scanner rules, drop-ins)
                      into DIR instead of / (an image being prepared); no package is installed
  --uninstall         apt-get remove bookkiosk: the program and its units go, the library in
                      $state_dir and the config stay
  --purge             with --uninstall: apt-get purge bookkiosk, which copies the library to
                      /var/backups/bookkiosk/ and then deletes it; also this kiosk's own
                      scanner rules and drop-ins
  -h, --help          show this help
EOF
}

say() { printf '%s\n' "$*"; }
die() {
    printf 'install.sh: %s\n' "$*" >&2
    exit 1
}

# --- Options --------------------------------------------------------------------------------

root=/
deb=
staff_name=
ask_staff=yes
uninstall=no
purge=no
scanners=()
database_url=
web=no
lookups=no
readonly original_args=("$@")

while (($# > 0)); do
    case $1 in
    --deb)
        (($# >= 2)) || die "--deb needs the path of a bookkiosk_*.deb"
        deb=$2
        shift 2
        ;;
    --staff)
        (($# >= 2)) || die "--staff needs a name"
        staff_name=$2
        shift 2
        ;;
    --no-staff)
        ask_staff=no
        shift
        ;;
    --scanner)
        (($# >= 2)) || die "--scanner needs a USB ID such as 0c2e:0b81"
        [[ $2 =~ ^[0-9A-Fa-f]{4}:[0-9A-Fa-f]{4}$ ]] ||
            die "--scanner $2: give the USB vendor and product ID as lsusb shows them, such as 0c2e:0b81"
        scanners+=("${2,,}")
        shift 2
        ;;
    --database)
        (($# >= 2)) || die "--database needs a postgresql:// URL"
        [[ $2 =~ ^postgres(ql)?:// ]] || die "--database $2: give a postgresql:// URL (an SQLite kiosk needs no option)"
        [[ $2 != *[\"\\[:space:]]* ]] || die "--database: the URL may not hold quotes, backslashes or spaces"
        database_url=$2
        shift 2
        ;;
    --web)
        web=yes
        shift
        ;;
    --lookups)
        lookups=yes
        shift
        ;;
    --root)
        (($# >= 2)) || die "--root needs a directory"
        root=$2
        shift 2
        ;;
    --uninstall)
        uninstall=yes
        shift
        ;;
    --purge)
        purge=yes
        shift
        ;;
    -h | --help)
        usage
        exit 0
        ;;
    *)
        die "unknown option '$1' (see --help)"
        ;;
    esac
done

[[ $purge == no || $uninstall == yes ]] || die "--purge goes with --uninstall"
[[ $web == no || $uninstall == no ]] || die "--web goes with installing; --uninstall removes the page too"
[[ $lookups == no || $uninstall == no ]] || die "--lookups goes with installing; --uninstall removes its drop-in too"
[[ -z $deb || -f $deb ]] || die "--deb $deb: no such file"

# prefix is prepended to every path written; empty when installing on the running system.
if [[ $root == / ]]; then
    prefix=
else
    [[ -d $root ]] || die "--root $root: no such directory"
    prefix=$(cd "$root" && pwd)
    [[ $prefix != / ]] || prefix=
fi
readonly prefix
((EUID == 0)) || die "run it as root: sudo $0 ${original_args[*]}"

live_system() { [[ -z $prefix && -d /run/systemd/system ]]; }
changed_files=()

# --- The package ----------------------------------------------------------------------------

build_package() {
    [[ -x $repo_dir/scripts/package ]] || die "no scripts/package in $repo_dir: pass --deb FILE"
    # Under sudo, build as the person who ran it, with their login PATH (where the toolchain
    # usually is), so that .build-package and dist/ stay theirs.
    local as_user=()
    if [[ -n ${SUDO_USER:-} && $SUDO_USER != root ]]; then
        as_user=(runuser -u "$SUDO_USER" -- bash -lc '"$@"' build)
    fi
    say "Building the package with scripts/package (release, the Swift runtime built in); this takes a few minutes..."
    "${as_user[@]}" "$repo_dir/scripts/package" >&2 ||
        die "scripts/package failed (it said why above); or pass --deb FILE with a package built elsewhere"
    # shellcheck disable=SC2012 # the newest of the packages scripts/package names itself
    deb=$(ls -t "$repo_dir"/dist/bookkiosk_*_"$(dpkg --print-architecture)".deb | head -n 1)
    say "Built $deb"
}

install_package() {
    if [[ -n $prefix ]]; then
        say "Installed no package into $prefix: --root writes only this kiosk's own settings."
        return
    fi
    command -v apt-get >/dev/null || die "there is no apt-get here: BookKiosk's package is for Debian 12 or later"
    [[ -n $deb ]] || build_package
    # apt-get needs a path with a slash to take a file instead of a package name.
    [[ $deb == */* ]] || deb=./$deb
    say "Installing $deb with apt-get (and the libraries and fonts it depends on)..."
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >&2 ||
        die "apt-get could not install $deb: check the network and the package sources (\`sudo apt-get update\`), then run the installer again"
    say "Installed the package: $(dpkg-query -W -f='${Package} ${Version}' bookkiosk)"
}

# --- This kiosk's own settings --------------------------------------------------------------

install_config() {
    [[ -n $database_url ]] || return 0
    local line="{\"database\": \"$database_url\"}"
    mkdir -p "$prefix$config_dir"
    if grep -qF "\"$database_url\"" "$prefix$config_file" 2>/dev/null; then
        say "Kept your config, which names this database: $config_file"
    elif [[ ! -e $prefix$config_file ]] || [[ $(tr -d '[:space:]' <"$prefix$config_file") == "{}" ]]; then
        printf '%s\n' "$line" >"$prefix$config_file"
        chmod 0644 "$prefix$config_file"
        say "Wrote the shared database into the config: $config_file"
        changed_files+=("$config_file")
    elif grep -q '"database"' "$prefix$config_file"; then
        die "$config_file names another database: set \"database\" to \"$database_url\" in it by hand, then run the installer again"
    else
        # The package's config (or a teacher's): add the key after the opening brace.
        sed -i "0,/{/s||{\n  \"database\": \"$database_url\",|" "$prefix$config_file"
        say "Wrote the shared database into the config: $config_file"
        changed_files+=("$config_file")
    fi
}

install_local_scanner_rules() {
    ((${#scanners[@]} > 0)) || return 0
    local target=$prefix$local_rules_file
    if [[ ! -e $target ]]; then
        mkdir -p "${target%/*}"
        cat >"$target" <<'EOF'
# BookKiosk: scanners added on this kiosk, one rule a line, in the form of
# /lib/udev/rules.d/70-bookkiosk.rules (see there for what each part does).
# Add one with: sudo kiosk/install.sh --scanner VVVV:PPPP   (the ID that `lsusb` shows)
EOF
        chmod 0644 "$target"
        say "Created the file for this kiosk's own scanners: $local_rules_file"
    fi
    local id vendor product rule
    for id in "${scanners[@]}"; do
        vendor=${id%:*} product=${id#*:}
        rule="SUBSYSTEM==\"input\", KERNEL==\"event*\", ATTRS{idVendor}==\"$vendor\", ATTRS{idProduct}==\"$product\", GROUP=\"$service_user\", MODE=\"0660\", SYMLINK+=\"input/bookkiosk-scanner-%n\", ENV{LIBINPUT_IGNORE_DEVICE}=\"1\", ENV{ID_SEAT}=\"none\""
        if grep -qxF "$rule" "$target"; then
            say "Scanner $id is already in $local_rules_file"
        else
            printf '# Added by install.sh\n%s\n' "$rule" >>"$target"
            say "Added scanner $id to $local_rules_file"
            changed_files+=("$local_rules_file")
        fi
    done
}

# The server's host from a libpq URL: ?host= wins over the authority's host; empty for a
# local socket (a path), which the sandbox already allows.
database_host() {
    local url=$1 rest authority host
    if [[ $url =~ [?\&]host=([^\&]*) ]]; then
        host=${BASH_REMATCH[1]}
    else
        rest=${url#*://}
        authority=${rest%%[/?]*}
        authority=${authority##*@}
        if [[ $authority == \[* ]]; then host=${authority%%]*} host=${host#[}; else host=${authority%%:*}; fi
    fi
    [[ $host == /* ]] && host=
    printf '%s' "$host"
}

# write_dropin PATH TEXT WHAT: a drop-in, written when it differs.
write_dropin() {
    local target=$prefix$1 text=$2 what=$3
    if [[ -e $target ]] && [[ $(cat "$target") == "$text" ]]; then
        say "Kept the $what: $1"
        return
    fi
    mkdir -p "${target%/*}"
    printf '%s\n' "$text" >"$target"
    chmod 0644 "$target"
    say "Wrote the $what: $1"
    changed_files+=("$1")
}

# Only with --database on a server elsewhere: the kiosk may reach that server's addresses and
# nothing else (IPAddressDeny=any stays in the unit), and so may the teachers' page.
install_network_dropins() {
    [[ -n $database_url ]] || return 0
    local host addresses
    host=$(database_host "$database_url")
    if [[ -z $host ]]; then
        say "The database is on a local socket: the kiosk's sandbox stays closed to the network."
        return
    fi
    if [[ $host =~ ^[0-9.]+$ || $host == *:* ]]; then
        addresses=$host
    else
        addresses=$(getent ahosts "$host" | awk '{print $1}' | sort -u | tr '\n' ' ')
        addresses=${addresses% }
        [[ -n $addresses ]] || die "--database: the server name $host does not resolve here; give its address in the URL"
        say "The server $host is at $addresses; the kiosk resolves the name itself, so prefer the address in the URL (or add hostaddr=) if the name may change."
    fi
    write_dropin "$network_dropin" "$(printf '%s\n' \
        "# Written by install.sh --database: this kiosk shares a PostgreSQL database on $host." \
        "# Only here does the kiosk get a network, and only to that server (IPAddressDeny=any stays)." \
        "[Service]" \
        "PrivateNetwork=no" \
        "RestrictAddressFamilies=AF_UNIX AF_NETLINK AF_INET AF_INET6" \
        "IPAddressAllow=$addresses")" "database network drop-in"
    write_dropin "$web_network_dropin" "$(printf '%s\n' \
        "# Written by install.sh --database: the teachers' page shares the PostgreSQL database on $host." \
        "[Service]" \
        "IPAddressAllow=$addresses")" "page's database network drop-in"
}

# Only with --lookups: the teachers' page may reach the lookup services' addresses, as they
# resolve now. systemd's IPAddressAllow= holds both ways and by address, never by name: those
# servers could also reach the page (they are the NDL's and openBD's), and nothing else more
# than before; when a service moves, its lookups fail plainly until this runs again.
install_lookup_dropin() {
    [[ $lookups == yes ]] || return 0
    local host found more addresses=()
    for host in $lookup_hosts; do
        if [[ $host =~ ^[0-9.]+$ || $host == *:* ]]; then
            addresses+=("$host")
            continue
        fi
        found=$(getent ahosts "$host" | awk '{print $1}' | sort -u | tr '\n' ' ')
        [[ -n $found ]] || die "--lookups: $host does not resolve here; connect this box to the internet and run it again"
        say "$host is at ${found% }."
        read -ra more <<<"$found"
        addresses+=("${more[@]}")
    done
    write_dropin "$lookup_network_dropin" "$(printf '%s\n' \
        "# Written by install.sh --lookups: the teachers' page looks books up at NDL Search and openBD" \
        "# ($lookup_hosts), at the addresses they had then. Run install.sh --lookups again when" \
        "# \`bookkiosk doctor\` says a service moved; delete this file to close it again." \
        "[Service]" \
        "IPAddressAllow=${addresses[*]}")" "page's lookup network drop-in"
}

create_first_staff() {
    local how="sudo -u $service_user bookkiosk staff add NAME --config $config_file --db $database"
    if [[ -n $database_url ]]; then
        say "The database is shared: its staff may be there already. Add one with: $how"
        return
    fi
    if [[ $ask_staff == no ]]; then
        say "Skipped the first staff member (--no-staff); add one later with: $how"
        return
    fi
    if [[ -n $prefix ]]; then
        say "Left the first staff member for the kiosk itself (--root): add one there with: $how"
        return
    fi
    # `staff list` names the Staff, or (when there are none) says how to add one.
    local staff
    staff=$(runuser -u "$service_user" -- "$bin_path" staff list --config "$config_file" --db "$database" 2>/dev/null || true)
    if [[ -n $staff && $staff != *"staff add"* ]]; then
        say "The library has its staff already; add more with: $how"
        return
    fi
    if [[ -z $staff_name ]]; then
        [[ -t 0 ]] || die "no terminal to ask for the first staff member: pass --staff NAME (PIN on standard input), or --no-staff"
        read -r -p "Name of the first staff member (a teacher, as they will be greeted): " staff_name
        [[ -n $staff_name ]] || die "no name given: run the installer again, or pass --no-staff"
    fi
    say "Adding the first staff member, $staff_name; choose their PIN:"
    runuser -u "$service_user" -- "$bin_path" staff add "$staff_name" --config "$config_file" --db "$database"
    say "Added staff member $staff_name to $database"
}

activate() {
    if ! live_system; then
        say "Left udev and systemd alone: ${prefix:-this system} is not a running systemd system."
        return
    fi
    if ((${#scanners[@]} > 0)); then
        udevadm control --reload
        udevadm trigger --subsystem-match=input --action=change
        say "Reloaded the udev rules; the scanners added belong to the kiosk now."
    fi
    if ((${#changed_files[@]} > 0)); then
        systemctl daemon-reload
        systemctl try-restart bookkiosk.service bookkiosk-web.service
        say "Restarted the running services with the new settings."
    fi
    if [[ $web == yes ]]; then
        systemctl enable --quiet --now "$web_unit"
        say "Enabled and started $web_unit: the teachers' page; \`journalctl -u bookkiosk-web\` shows the address to open."
        say "The page signs in Staff with a password of at least 8 characters; set one with: sudo -u $service_user bookkiosk staff password NAME --config $config_file --db $database"
    fi
}

install_all() {
    [[ -z $prefix ]] || say "Writing this kiosk's own settings into $prefix (not the running system)."
    install_package
    install_config
    install_local_scanner_rules
    install_network_dropins
    install_lookup_dropin
    create_first_staff
    activate
    say "Done."
}

# --- Uninstall ------------------------------------------------------------------------------

remove_file() {
    if [[ -e $prefix$1 ]]; then
        rm -f "$prefix$1"
        say "Removed $2: $1"
    fi
    rmdir --ignore-fail-on-non-empty "$(dirname "$prefix$1")" 2>/dev/null || true
}

uninstall_all() {
    if [[ -z $prefix ]] && dpkg-query -W -f='${Status}' bookkiosk 2>/dev/null | grep -q 'installed'; then
        local action=remove
        [[ $purge == no ]] || action=purge
        DEBIAN_FRONTEND=noninteractive apt-get "$action" -y -q bookkiosk >&2
        say "apt-get $action bookkiosk: done."
    fi
    # This kiosk's own drop-ins belong to the package's services: they go with them.
    remove_file "$network_dropin" "database network drop-in"
    remove_file "$web_network_dropin" "page's database network drop-in"
    remove_file "$lookup_network_dropin" "page's lookup network drop-in"
    if [[ $purge == yes ]]; then
        remove_file "$local_rules_file" "this kiosk's scanner rules"
    elif [[ -e $prefix$local_rules_file ]]; then
        say "Kept this kiosk's scanner rules: $local_rules_file (--purge deletes them)"
    fi
    if [[ $purge == no && -d $prefix$state_dir ]]; then
        say "Kept the library data: $state_dir (delete it too with --uninstall --purge)"
    fi
    say "Done."
}

if [[ $uninstall == yes ]]; then uninstall_all; else install_all; fi
