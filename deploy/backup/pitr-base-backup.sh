#!/bin/sh
# A base backup for point-in-time recovery (deploy/README.md, "Backups and restore"): the whole
# PostgreSQL cluster as compressed tar files, with the WAL that makes it consistent, into
# <backup-root>/base-<UTC time>/. Keeps the newest KEEP base backups (default 7) and, when
# WAL_ARCHIVE is set, removes archived WAL older than the oldest base backup kept.
#
#   PGHOST=db1 PGUSER=replicator WAL_ARCHIVE=/var/lib/postgresql/wal-archive \
#     deploy/backup/pitr-base-backup.sh /var/backups/workcred
#
# Connection: the usual libpq variables (PGHOST, PGPORT, PGUSER, PGPASSWORD or ~/.pgpass); the
# user needs the REPLICATION attribute. PG_BIN: PostgreSQL's programs (default: version 15's).
set -eu

root=${1:?usage: pitr-base-backup.sh <backup-root> [keep]}
keep=${2:-${KEEP:-7}}
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
[ -x "$bin/pg_basebackup" ] || { echo "pg_basebackup not found in $bin: set PG_BIN" >&2; exit 1; }

stamp=$(date -u +%Y%m%dT%H%M%SZ)
target="$root/base-$stamp"
mkdir -p "$root"
# -X stream: the WAL written during the backup comes with it, so the backup restores on its own
# too; -c fast: checkpoint now instead of waiting for the next one.
"$bin/pg_basebackup" -D "$target.partial" -Ft -z -X stream -c fast --no-password -l "workcred $stamp"
mv "$target.partial" "$target"
echo "base backup: $target"

# The newest $keep base backups stay; names sort by time.
ls -1d "$root"/base-* 2>/dev/null | grep -v '\.partial$' | sort | head -n "-$keep" | while read -r old; do
  rm -rf "$old"
  echo "removed old base backup: $old"
done

if [ -n "${WAL_ARCHIVE:-}" ]; then
  oldest=$(ls -1d "$root"/base-* | grep -v '\.partial$' | sort | head -n 1)
  # The first WAL segment the oldest kept backup needs, from its backup_manifest (timeline and
  # start LSN; 16 MB segments, PostgreSQL's default).
  range=$(tr -d ' \n' < "$oldest/backup_manifest" | sed -n 's/.*"WAL-Ranges":\[{"Timeline":\([0-9]*\),"Start-LSN":"\([0-9A-F]*\)\/\([0-9A-F]*\)".*/\1 \2 \3/p')
  [ -n "$range" ] || { echo "could not read the WAL range of $oldest; archived WAL left as it is" >&2; exit 0; }
  set -- $range
  first=$(printf '%08X%08X%08X' "$1" "0x$2" $(( 0x$3 / 16777216 )))
  "$bin/pg_archivecleanup" "$WAL_ARCHIVE" "$first"
  echo "archived WAL before $first removed from $WAL_ARCHIVE"
fi
