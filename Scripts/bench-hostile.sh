#!/usr/bin/env bash
# The analyser on the Swift files issue 25 found to crash or stall it (Scripts/generate-hostile-sources.sh), each alone in
# the example app: seconds and peak memory of a whole cold `cfa-gate analyze`, and whether the file was analysed or
# refused as `cfa-gate.source-unreadable`.
# Targets: the legal 10,000-member chain analysed in well under a second; every shape, the 20 MB file included, ended
# (analysed or refused, never a signal) within 20 s and 1 GiB.
#
# Usage: Scripts/bench-hostile.sh [SHAPE…]
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/bench-common.sh

bash Scripts/generate-hostile-sources.sh "$work/shapes" "$@"
app="$work/app"
cp -R Examples/HabitTracker "$app"
(cd "$app" && commit_all "example app")
mkdir -p "$app/Sources/Hostile"
worst=0
for file in "$work"/shapes/*.swift; do
    shape=$(basename "$file" .swift)
    rm -f "$app"/Sources/Hostile/*.swift
    cp "$file" "$app/Sources/Hostile/"
    status=0
    /usr/bin/time -f "%e %M" -o "$work/time" "$gate" analyze --repo "$app" --no-cache >"$work/out" 2>&1 || status=$?
    # /usr/bin/time puts "Command exited with non-zero status" first when analyze reports errors.
    read -r seconds peak_kb < <(tail -n 1 "$work/time")
    verdict=$(grep -q 'cfa-gate.source-unreadable' "$work/out" && echo refused || echo analysed)
    [ "$status" -le 1 ] || verdict="DIED (exit $status)"
    awk -v s="$shape" -v b="$(wc -c <"$file")" -v t="$seconds" -v kb="$peak_kb" -v v="$verdict" 'BEGIN {
        printf "%-16s %10d bytes  %6.2f s  %6.0f MiB  %s -> %s\n", s, b, t, kb / 1024, v, (t <= 20 && kb < 1048576 && v !~ /DIED/ ? "met" : "NOT met") }'
done
