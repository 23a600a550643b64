#!/bin/sh
# The backup service of docker-compose.yml: a pg_dump in custom format (restore with pg_restore, see
# README) now and then every BACKUP_INTERVAL_SECONDS, keeping the newest BACKUP_KEEP. Each dump is
# written under a temporary name and renamed when complete, so a half-written file never counts.
# Connection from the PG* environment variables.
set -u
dir="${BACKUP_DIR:-/backups}"
keep="${BACKUP_KEEP:-7}"
interval="${BACKUP_INTERVAL_SECONDS:-86400}"
mkdir -p "$dir"
while :; do
  file="$dir/singelgolf-$(date -u +%Y%m%dT%H%M%SZ).dump"
  if pg_dump --format=custom --no-owner --file="$file.partial" && mv "$file.partial" "$file"; then
    echo "backup: wrote $file ($(du -h "$file" | cut -f1))"
    # Newest first; everything after the first $keep goes.
    ls -1t "$dir"/singelgolf-*.dump | tail -n +"$((keep + 1))" | while read -r old; do
      rm -f "$old" && echo "backup: removed $old"
    done
  else
    echo "backup: pg_dump failed; the previous backups are kept" >&2
    rm -f "$file.partial"
  fi
  sleep "$interval"
done
