#!/bin/bash
# BookKiosk installer: turns this computer into a lending kiosk.
#
#   sudo kiosk/install.sh                  build, install, ask for the first staff member, enable
#   sudo kiosk/install.sh --uninstall      remove the program, keep the library data
#   kiosk/install.sh --help                every option
#
# Running it again is safe: what is already in place is left as it is.
set -euo pipefail
# Directories made along the way (such as /usr/local/lib/bookkiosk) must be readable by the
# kiosk's user, whatever the umask of the shell that runs this.
umask 022

readonly program_name=bookkiosk
readonly service_user=bookkiosk
readonly bin_path=/usr/local/bin/bookkiosk
readonly lib_dir=/usr/local/lib/bookkiosk
readonly backup_script=$lib_dir/backup.sh
readonly config_dir=/etc/bookkiosk
readonly config_file=$config_dir/config.json
readonly config_example=$config_dir/config.example.json
readonly state_dir=/var/lib/bookkiosk
readonly backup_dir=$state_dir/backups
readonly database=$state_dir/library.sqlite
readonly rules_dir=/etc/udev/rules.d
readonly rules_file=$rules_dir/70-bookkiosk.rules
readonly local_rules_file=$rules_dir/71-bookkiosk-local.rules
readonly unit_dir=/etc/systemd/system
readonly units=(bookkiosk.service bookkiosk-backup.service bookkiosk-backup.timer)
# With --web: the teachers' page, a service of its own beside the kiosk.
readonly web_unit=bookkiosk-web.service
# What the screen needs from Debian: its rounded Japanese font (fontconfig family MotoyaLMaru)
# with Noto Sans CJK JP as the fallback, and the libraries it draws and shows frames with.
readonly screen_packages=(fonts-motoya-l-maruberi fonts-noto-cjk libcairo2 libpangocairo-1.0-0 libdrm2)

# With --database: the one change to the kiosk's sandbox, as a drop-in of its own.
readonly network_dropin=$unit_dir/bookkiosk.service.d/50-database-network.conf
# With --database and --web: the page may reach that server too (its unit allows only
# private address ranges).
readonly web_network_dropin=$unit_dir/bookkiosk-web.service.d/50-database-network.conf

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly script_dir
readonly repo_dir=${script_dir%/*}

usage() {
    cat <<EOF
Usage: sudo $0 [OPTIONS]

Installs BookKiosk: the program, the screen's fonts (fonts-motoya-l-maruberi, fonts-noto-cjk)
and libraries, its system user and group "bookkiosk", the udev rule that gives it the barcode
scanners, the systemd units (the kiosk on tty1, a daily backup; with --web the teachers'
page), the config file
/etc/bookkiosk/config.json (only when there is none), and the first staff member.
Then it reloads udev and enables the kiosk to start at boot. Running it again changes nothing
that is already in place.

Options:
  --binary PATH       install this bookkiosk program instead of building one
                      (build one with: swift build -c release --static-swift-stdlib)
  --staff NAME        name of the first staff member; the PIN is asked for (without echo),
                      or read from standard input when that is not a terminal
  --no-staff          do not create the first staff member now
  --scanner VVVV:PPPP give the kiosk a scanner the udev rule does not know: its USB vendor
                      and product ID, as \`lsusb\` shows them (may be repeated)
  --database URL      share a PostgreSQL database with other kiosks (postgresql://…): writes it
                      into the config and opens the kiosk's network sandbox to that server only
                      (a drop-in, $network_dropin); the password goes in
                      ~bookkiosk/.pgpass, never in the URL
  --web               also install and start the teachers' page (bookkiosk serve), a service
                      of its own, $web_unit; once installed, later runs keep it
                      up to date; set a teacher's password with \`bookkiosk staff password\`
  --root DIR          install into DIR instead of / (an image or a throwaway test root);
                      udev and systemd are then left alone
  --uninstall         remove the program, the udev rules and the units (the teachers' page's
                      too); keep the library data in $state_dir, the config and the user
  --purge             with --uninstall: also delete the library data, the config, and the
                      user and group (the loans, books and users are gone for good)
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
binary=
staff_name=
ask_staff=yes
uninstall=no
purge=no
scanners=()
database_url=
web=no
readonly original_args=("$@")

while (($# > 0)); do
    case $1 in
    --binary)
        (($# >= 2)) || die "--binary needs a path"
        binary=$2
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

# True when installing on this very system, with systemd running it.
live_system() { [[ -z $prefix && -d /run/systemd/system ]]; }

tell_root() {
    if [[ -n $prefix ]]; then say "Installing into $prefix (not the running system)."; fi
}

# --- Users ----------------------------------------------------------------------------------

# The user database tools work on the running system, or on another root with --prefix.
account_tool_args=()
[[ -z $prefix ]] || account_tool_args=(--prefix "$prefix")

has_group() {
    if [[ -z $prefix ]]; then getent group "$1" >/dev/null; else grep -q "^$1:" "$prefix/etc/group" 2>/dev/null; fi
}
has_user() {
    if [[ -z $prefix ]]; then getent passwd "$1" >/dev/null; else grep -q "^$1:" "$prefix/etc/passwd" 2>/dev/null; fi
}
# Field 3 (the ID) of NAME in etc/passwd or etc/group of the target root.
account_id() {
    if [[ -z $prefix ]]; then
        getent "$1" "$2" | cut -d: -f3
    else
        awk -F: -v name="$2" '$1 == name { print $3 }' "$prefix/etc/$1"
    fi
}

ensure_account_files() {
    [[ -n $prefix ]] || return 0
    local file created=no
    mkdir -p "$prefix/etc"
    for file in passwd group shadow gshadow; do
        if [[ ! -e $prefix/etc/$file ]]; then
            : >"$prefix/etc/$file"
            case $file in shadow | gshadow) chmod 0600 "$prefix/etc/$file" ;; esac
            created=yes
        fi
    done
    if [[ $created == yes ]]; then say "Created empty user and group files in $prefix/etc."; fi
}

ensure_accounts() {
    ensure_account_files
    if has_group "$service_user"; then
        say "Group $service_user exists."
    else
        groupadd "${account_tool_args[@]}" --system "$service_user"
        say "Created the system group $service_user."
    fi
    if has_user "$service_user"; then
        say "User $service_user exists."
    else
        useradd "${account_tool_args[@]}" --system --gid "$service_user" \
            --home-dir "$state_dir" --no-create-home --shell /usr/sbin/nologin \
            --comment "BookKiosk lending kiosk" "$service_user"
        say "Created the system user $service_user (no login, home $state_dir)."
    fi
    service_uid=$(account_id passwd "$service_user")
    service_gid=$(account_id group "$service_user")
    [[ -n $service_uid && -n $service_gid ]] || die "could not read the IDs of user and group $service_user"
}

# --- Files ----------------------------------------------------------------------------------

# install_file SOURCE PATH MODE WHAT: copy SOURCE to PATH (under the root) as root:root.
install_file() {
    local source=$1 path=$2 mode=$3 what=$4
    local target=$prefix$path
    if [[ -f $target ]] && cmp -s "$source" "$target" &&
        [[ $(stat -c '%a %u %g' "$target") == "${mode#0} 0 0" ]]; then
        say "${what^} is up to date: $path"
    else
        mkdir -p "${target%/*}"
        # install(1) replaces the file rather than writing into it, so a running kiosk is fine.
        install -m "$mode" -o 0 -g 0 "$source" "$target"
        say "Installed $what: $path"
        changed_files+=("$path")
    fi
}

# ensure_dir PATH MODE UID GID WHAT
ensure_dir() {
    local path=$1 mode=$2 uid=$3 gid=$4 what=$5
    local target=$prefix$path
    if [[ -d $target && $(stat -c '%a %u %g' "$target") == "${mode#0} $uid $gid" ]]; then
        say "${what^} is in place: $path"
        return
    fi
    local verb=Created
    if [[ -d $target ]]; then verb=Fixed; else mkdir -p "$target"; fi
    chmod "$mode" "$target"
    chown "$uid:$gid" "$target"
    say "$verb $what: $path (mode $mode)"
}

remove_file() {
    local path=$1 what=$2
    if [[ -e $prefix$path || -L $prefix$path ]]; then
        rm -f "$prefix$path"
        say "Removed $what: $path"
    else
        say "${what^} is not installed: $path"
    fi
}

# --- Install steps --------------------------------------------------------------------------

# The screen's Debian packages, with apt-get, when some are missing (never into --root).
install_screen_packages() {
    if [[ -n $prefix ]]; then
        say "Left packages alone in $prefix: the screen needs ${screen_packages[*]} there."
        return
    fi
    local package missing=()
    for package in "${screen_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
    done
    if ((${#missing[@]} == 0)); then
        say "The screen's fonts and libraries are installed: ${screen_packages[*]}"
        return
    fi
    command -v apt-get >/dev/null ||
        die "the screen needs ${missing[*]}, and there is no apt-get here to install them: install them, then run the installer again"
    say "Installing the screen's fonts and libraries: ${missing[*]} ..."
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2 ||
        die "apt-get could not install ${missing[*]}: check the network and the package sources (\`sudo apt-get update\`), then run the installer again"
    say "Installed the screen's fonts and libraries: ${missing[*]}"
}

build_or_pick_binary() {
    if [[ -n $binary ]]; then
        [[ -f $binary && -x $binary ]] || die "--binary $binary: not an executable file"
        say "Using the program given with --binary: $binary"
        return
    fi
    [[ -f $repo_dir/Package.swift ]] || die "no Package.swift in $repo_dir: pass --binary PATH"
    local build=(swift build --package-path "$repo_dir" -c release --static-swift-stdlib)
    # Under sudo, build as the person who ran it, with their login PATH (where the toolchain
    # usually is), so that .build stays theirs.
    local as_user=()
    if [[ -n ${SUDO_USER:-} && $SUDO_USER != root ]]; then
        as_user=(runuser -u "$SUDO_USER" -- bash -lc '"$@"' build)
    fi
    "${as_user[@]}" command -v swift >/dev/null ||
        die "swift is not installed${SUDO_USER:+ for $SUDO_USER}: build with 'swift build -c release --static-swift-stdlib' and pass --binary .build/release/bookkiosk"
    say "Building bookkiosk (release, Swift runtime built in); this takes a few minutes..."
    "${as_user[@]}" "${build[@]}" >&2
    binary=$("${as_user[@]}" "${build[@]}" --show-bin-path)/$program_name
    [[ -x $binary ]] || die "the build made no $binary"
    say "Built $binary"
}

install_config() {
    ensure_dir "$config_dir" 0755 0 0 "config directory"
    if [[ -n $database_url ]]; then
        local line="{\"database\": \"$database_url\"}"
        if [[ ! -e $prefix$config_file ]] || [[ $(tr -d '[:space:]' <"$prefix$config_file") == "{}" ]]; then
            printf '%s\n' "$line" >"$prefix$config_file"
            chmod 0644 "$prefix$config_file"
            say "Wrote the shared database into the config: $config_file"
            changed_files+=("$config_file")
        elif grep -qF "\"$database_url\"" "$prefix$config_file"; then
            say "Kept your config, which names this database: $config_file"
        else
            die "$config_file has settings of its own: set \"database\" to \"$database_url\" in it by hand, then run the installer again"
        fi
    elif [[ -e $prefix$config_file ]]; then
        say "Kept your config: $config_file"
    else
        # Every key is optional: an empty object means the defaults (see the README).
        printf '{}\n' >"$prefix$config_file"
        chmod 0644 "$prefix$config_file"
        say "Created the config with all defaults: $config_file"
    fi
    if [[ -f $script_dir/config.example.json ]]; then
        install_file "$script_dir/config.example.json" "$config_example" 0644 "example config"
    fi
}

install_udev_rules() {
    install_file "$repo_dir/udev/70-bookkiosk.rules" "$rules_file" 0644 "scanner udev rule"
    local target=$prefix$local_rules_file
    if [[ ! -e $target ]]; then
        mkdir -p "${target%/*}"
        cat >"$target" <<'EOF'
# BookKiosk: scanners added on this kiosk, one rule a line, in the form of
# /etc/udev/rules.d/70-bookkiosk.rules (see there for what each part does).
# Add one with: sudo kiosk/install.sh --scanner VVVV:PPPP   (the ID that `lsusb` shows)
EOF
        chmod 0644 "$target"
        say "Created the file for this kiosk's own scanners: $local_rules_file"
        changed_files+=("$local_rules_file")
    elif ((${#scanners[@]} == 0)); then
        say "Kept this kiosk's own scanners ($(grep -c '^SUBSYSTEM' "$target" || true) listed): $local_rules_file"
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

install_units() {
    install_file "$script_dir/backup.sh" "$backup_script" 0755 "backup script"
    local unit
    for unit in "${units[@]}"; do
        install_file "$script_dir/$unit" "$unit_dir/$unit" 0644 "systemd unit"
    done
    install_web_unit
    install_network_dropin
}

# The teachers' page: with --web, or when an earlier run installed it (kept up to date).
install_web_unit() {
    if [[ $web == no && -e $prefix$unit_dir/$web_unit ]]; then
        say "The teachers' page is installed: keeping it up to date."
        web=yes
    fi
    if [[ $web == no ]]; then return; fi
    install_file "$script_dir/$web_unit" "$unit_dir/$web_unit" 0644 "systemd unit"
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

# Only with --database on a server elsewhere: the kiosk may reach that server's addresses and
# nothing else (IPAddressDeny=any stays in the unit). An SQLite kiosk's unit is left as it is.
install_network_dropin() {
    local target=$prefix$network_dropin host addresses
    if [[ -z $database_url ]]; then
        if [[ -e $target ]]; then
            say "Kept the database network drop-in: $network_dropin (remove it by hand for an SQLite kiosk)"
        fi
        return
    fi
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
    install_web_network_dropin "$host" "$addresses"
    local text
    text=$(printf '%s\n' \
        "# Written by install.sh --database: this kiosk shares a PostgreSQL database on $host." \
        "# Only here does the kiosk get a network, and only to that server (IPAddressDeny=any stays)." \
        "[Service]" \
        "PrivateNetwork=no" \
        "RestrictAddressFamilies=AF_UNIX AF_NETLINK AF_INET AF_INET6" \
        "IPAddressAllow=$addresses")
    if [[ -e $target ]] && [[ $(cat "$target") == "$text" ]]; then
        say "Kept the database network drop-in: $network_dropin"
        return
    fi
    mkdir -p "${target%/*}"
    printf '%s\n' "$text" >"$target"
    chmod 0644 "$target"
    say "Opened the kiosk's network to $addresses only: $network_dropin"
    changed_files+=("$network_dropin")
}

# The teachers' page reaches the shared database server, whatever its address.
install_web_network_dropin() {
    local host=$1 addresses=$2 target=$prefix$web_network_dropin text
    [[ $web == yes ]] || return 0
    text=$(printf '%s\n' \
        "# Written by install.sh --database: the teachers' page shares the PostgreSQL database on $host." \
        "[Service]" \
        "IPAddressAllow=$addresses")
    if [[ -e $target ]] && [[ $(cat "$target") == "$text" ]]; then
        say "Kept the page's database network drop-in: $web_network_dropin"
        return
    fi
    mkdir -p "${target%/*}"
    printf '%s\n' "$text" >"$target"
    chmod 0644 "$target"
    say "Let the teachers' page reach the database server at $addresses: $web_network_dropin"
    changed_files+=("$web_network_dropin")
}

create_first_staff() {
    local how="sudo -u $service_user $bin_path staff add NAME --db $database"
    if [[ -n $database_url ]]; then
        say "The database is shared: its staff may be there already. Add one with: sudo -u $service_user $bin_path staff add NAME"
        return
    fi
    if [[ $ask_staff == no ]]; then
        say "Skipped the first staff member (--no-staff); add one later with: $how"
        say "The kiosk creates its database, $database, when it first starts."
        return
    fi
    if [[ -e $prefix$database ]]; then
        say "The database exists, so its staff are set up; add more with: $how"
        return
    fi
    if [[ -z $staff_name ]]; then
        [[ -t 0 ]] || die "no terminal to ask for the first staff member: pass --staff NAME (PIN on standard input), or --no-staff"
        read -r -p "Name of the first staff member (a teacher, as they will be greeted): " staff_name
        [[ -n $staff_name ]] || die "no name given: run the installer again, or pass --no-staff"
    fi
    say "Creating the database with the first staff member, $staff_name; choose their PIN:"
    HOME=$prefix$state_dir setpriv --reuid="$service_uid" --regid="$service_gid" --clear-groups -- \
        "$prefix$bin_path" staff add "$staff_name" \
        --config "$prefix$config_file" --db "$prefix$database"
    say "Created the database with staff member $staff_name: $database"
}

activate() {
    if [[ -n $prefix ]]; then
        say "Left udev and systemd alone: $prefix is not the running system."
        return
    fi
    if [[ ! -d /run/systemd/system ]]; then
        say "Left udev and systemd alone: systemd is not running here."
        return
    fi
    udevadm control --reload
    udevadm trigger --subsystem-match=input --action=change
    say "Reloaded the udev rules; scanners plugged in now belong to the kiosk."
    systemctl daemon-reload
    systemctl enable --quiet bookkiosk.service
    say "Enabled bookkiosk.service: the kiosk starts on tty1 at every boot."
    systemctl enable --quiet --now bookkiosk-backup.timer
    say "Enabled bookkiosk-backup.timer: a backup every day, the last 14 kept in $backup_dir."
    if ((${#changed_files[@]} > 0)) && systemctl --quiet is-active bookkiosk.service; then
        systemctl restart bookkiosk.service
        say "Restarted the running kiosk with the new files."
    fi
    if [[ $web == yes ]]; then
        if ((${#changed_files[@]} > 0)) && systemctl --quiet is-active "$web_unit"; then
            systemctl restart "$web_unit"
            say "Restarted the teachers' page with the new files."
        fi
        systemctl enable --quiet --now "$web_unit"
        say "Enabled and started $web_unit: the teachers' page; \`journalctl -u bookkiosk-web\` shows the address to open."
    fi
}

# How to give a teacher a password for the page (the same database as the kiosk's).
tell_web_password() {
    [[ $web == yes ]] || return 0
    local how="sudo -u $service_user $bin_path staff password NAME --config $config_file"
    # The page's unit takes the config's "database" (a shared server), else the kiosk's file.
    grep -q '"database"' "$prefix$config_file" 2>/dev/null || how+=" --db $database"
    say "The teachers' page signs in Staff with a password of at least 8 characters; set one with: $how"
}

install_all() {
    tell_root
    changed_files=()
    build_or_pick_binary
    install_file "$binary" "$bin_path" 0755 "program"
    install_screen_packages
    ensure_accounts
    ensure_dir "$state_dir" 0700 "$service_uid" "$service_gid" "library data directory"
    ensure_dir "$backup_dir" 0700 "$service_uid" "$service_gid" "backup directory"
    install_config
    install_udev_rules
    install_units
    create_first_staff
    activate
    tell_web_password
    if [[ -z $prefix ]]; then
        say "Done. Start the kiosk with: sudo systemctl start bookkiosk (it takes over tty1), or reboot."
    else
        say "Done."
    fi
}

# --- Uninstall steps ------------------------------------------------------------------------

uninstall_all() {
    tell_root
    if live_system; then
        systemctl disable --quiet --now bookkiosk.service bookkiosk-backup.timer 2>/dev/null || true
        say "Stopped and disabled bookkiosk.service and bookkiosk-backup.timer."
        if [[ -e $unit_dir/$web_unit ]]; then
            systemctl disable --quiet --now "$web_unit" 2>/dev/null || true
            say "Stopped and disabled $web_unit."
        fi
    fi
    remove_file "$bin_path" "program"
    remove_file "$backup_script" "backup script"
    if [[ -d $prefix$lib_dir ]]; then rmdir --ignore-fail-on-non-empty "$prefix$lib_dir"; fi
    local unit
    for unit in "${units[@]}"; do remove_file "$unit_dir/$unit" "systemd unit"; done
    remove_file "$unit_dir/$web_unit" "systemd unit of the teachers' page"
    remove_file "$web_network_dropin" "page's database network drop-in"
    if [[ -d $prefix$unit_dir/$web_unit.d ]]; then rmdir --ignore-fail-on-non-empty "$prefix$unit_dir/$web_unit.d"; fi
    remove_file "$network_dropin" "database network drop-in"
    if [[ -d $prefix$unit_dir/bookkiosk.service.d ]]; then rmdir --ignore-fail-on-non-empty "$prefix$unit_dir/bookkiosk.service.d"; fi
    remove_file "$rules_file" "scanner udev rule"
    remove_file "$local_rules_file" "local scanner udev rules file"
    if live_system; then
        systemctl daemon-reload
        udevadm control --reload
        say "Reloaded systemd and udev."
    fi

    if [[ $purge == no ]]; then
        say "Kept the library data: $state_dir (delete it too with --uninstall --purge)"
        say "Kept the config $config_dir and the user $service_user."
        say "Done."
        return
    fi
    if [[ -e $prefix$state_dir ]]; then
        rm -rf "$prefix$state_dir"
        say "Deleted the library data and its backups: $state_dir"
    else
        say "No library data to delete: $state_dir"
    fi
    if [[ -e $prefix$config_dir ]]; then
        rm -rf "$prefix$config_dir"
        say "Deleted the config: $config_dir"
    else
        say "No config to delete: $config_dir"
    fi
    if has_user "$service_user"; then
        userdel "${account_tool_args[@]}" "$service_user"
        say "Deleted the user $service_user."
    else
        say "No user $service_user to delete."
    fi
    if has_group "$service_user"; then
        groupdel "${account_tool_args[@]}" "$service_user"
        say "Deleted the group $service_user."
    else
        say "No group $service_user to delete."
    fi
    say "Done."
}

if [[ $uninstall == yes ]]; then uninstall_all; else install_all; fi
