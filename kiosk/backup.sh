#!/bin/bash
# BookKiosk: today's backup of the library database, keeping the last 14.
#
# Run every day by bookkiosk-backup.timer (as the bookkiosk user), or by hand:
#   sudo systemctl start bookkiosk-backup
# Writes /var/lib/bookkiosk/backups/library-YYYY-MM-DD.sqlite with `bookkiosk backup`,
# SQLite's online backup, which is safe while the kiosk is lending. A second run on the
# same day replaces that day's copy. Backups older than the last 14 are deleted.
#
# Settings (environment; the defaults are the kiosk's):
#   BOOKKIOSK_BIN          the bookkiosk program     (/usr/bin/bookkiosk)
#   BOOKKIOSK_DB           the database              (/var/lib/bookkiosk/library.sqlite)
#   BOOKKIOSK_BACKUP_DIR   where backups go          (/var/lib/bookkiosk/backups)
#   BOOKKIOSK_BACKUP_KEEP  how many to keep          (14)
set -euo pipefail

bin=${BOOKKIOSK_BIN:-/usr/bin/bookkiosk}
db=${BOOKKIOSK_DB:-/var/lib/bookkiosk/library.sqlite}
dir=${BOOKKIOSK_BACKUP_DIR:-/var/lib/bookkiosk/backups}
keep=${BOOKKIOSK_BACKUP_KEEP:-14}

if [[ ! $keep =~ ^[1-9][0-9]*$ ]]; then
    echo "backup: BOOKKIOSK_BACKUP_KEEP must be a whole number of 1 or more, not '$keep'" >&2
    exit 2
fi
if [[ ! -e $db ]]; then
    echo "backup: no database at $db yet (the kiosk creates it when it first starts); nothing to back up"
    exit 0
fi

[[ -d $dir ]] || mkdir -m 0700 "$dir"
target="$dir/library-$(date +%Y-%m-%d).sqlite"
partial="$dir/.partial-$(date +%Y-%m-%d).sqlite"

# Back up to a partial file first, so a failed backup never replaces a good one.
rm -f "$partial"
"$bin" backup --db "$db" "$partial"
mv -f "$partial" "$target"
echo "backup: wrote $target"

# Keep the newest $keep backups. The names sort by date, and glob results are sorted.
shopt -s nullglob
backups=("$dir"/library-[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].sqlite)
excess=$((${#backups[@]} - keep))
for ((i = 0; i < excess; i++)); do
    rm -f "${backups[i]}"
    echo "backup: deleted ${backups[i]} (keeping the last $keep)"
done
