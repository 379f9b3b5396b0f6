#!/usr/bin/env bash
# What a CI job pays to get the gate in place, cold and warm (Documentation/CI.md's install job and its cache).
#
#   cold: a fresh clone of this repository's HEAD, Scripts/bootstrap.sh (the release build), Scripts/install.sh into
#         a prefix — what the install job does on a cache miss;
#   warm: that prefix packed as actions/cache packs a path (tar + zstd, or gzip without zstd), then, timed: the archive
#         unpacked into an empty folder (the restore) and the restored prefix's own install.sh into another prefix
#         (the gate job's `sudo install` step) — what a job does on a cache hit. The goal is under 10 s.
#
# Usage: Scripts/bench-install.sh [RUNS]   (RUNS: warm rounds, median printed; default 5)
#   COLD=0 skips the cold build and packs an install of the existing .build/release instead.
# Run as root to measure the root-owned install CI makes (as another user the install is that user's).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

cold="skipped (COLD=0)"
if [ "${COLD:-1}" != 0 ]; then
    start=$(now)
    git clone -q --no-hardlinks . "$work/source"
    bash "$work/source/Scripts/bootstrap.sh" >"$work/bootstrap.log" 2>&1 || { cat "$work/bootstrap.log" >&2; exit 3; }
    bash "$work/source/Scripts/install.sh" "$work/cached" >/dev/null 2>&1
    cold="$(since "$start") s"
else
    [ -x .build/release/cfa-gate ] || { echo "bench-install: COLD=0 needs .build/release: bash Scripts/bootstrap.sh" >&2; exit 2; }
    bash Scripts/install.sh "$work/cached" .build/release >/dev/null 2>&1
fi

# Packed as the cache would pack it; the archive's size is what the cache stores and downloads.
if command -v zstd >/dev/null 2>&1; then pack=(zstd -T0 -q); unpack=(zstd -d -q); suffix=tzst; else pack=(gzip); unpack=(gzip -d); suffix=tgz; fi
tar -C "$work/cached" -cf - . | "${pack[@]}" >"$work/cache.$suffix"
size=$(du -k "$work/cache.$suffix" | cut -f1)

restores=() installs=() totals=()
for _ in $(seq "$runs"); do
    rm -rf "$work/restored" "$work/prefix"
    mkdir "$work/restored"
    start=$(now)
    "${unpack[@]}" <"$work/cache.$suffix" | tar -C "$work/restored" -xf -
    restore=$(since "$start")
    start=$(now)
    bash "$work/restored/share/cfa-gate/install.sh" "$work/prefix" "$work/restored/bin" >/dev/null 2>&1
    install=$(since "$start")
    "$work/prefix/bin/cfa-gate" --version >/dev/null
    restores+=("$restore") installs+=("$install") totals+=("$(awk -v a="$restore" -v b="$install" 'BEGIN { printf "%.2f", a + b }')")
done

printf '| step | seconds |\n|---|---|\n'
printf '| cold: clone + bootstrap (release build) + install | %s |\n' "$cold"
printf '| warm: restore the %s KiB archive (median of %d) | %s |\n' "$size" "$runs" "$(printf '%s\n' "${restores[@]}" | median)"
printf '| warm: install from the restored prefix (median of %d) | %s |\n' "$runs" "$(printf '%s\n' "${installs[@]}" | median)"
printf '| warm: total (median of %d; goal < 10 s) | %s |\n' "$runs" "$(printf '%s\n' "${totals[@]}" | median)"
