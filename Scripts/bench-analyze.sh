#!/usr/bin/env bash
# Speed of the CFA analyser on a synthetic app, against SwiftParser alone on the same files in the same run.
#
# Prints: cold analysis time and lines per second, the ratio to bare parsing (target <= 1.3), the speed-up
# from 1 to 2 workers (target >= 1.7), and peak memory of a whole `cfa-gate analyze` (target < 1 GiB).
#
# Usage: Scripts/bench-analyze.sh [SLICES]   (default 200 slices = 2,000 files, ~285k lines)
set -euo pipefail
cd "$(dirname "$0")/.."
slices=${1:-200}
source Scripts/bench-common.sh

bash Scripts/generate-synthetic-app.sh "$work/app" "$slices"

echo "bench: cold run of \`cfa-gate analyze\` (whole process, peak memory)"
/usr/bin/time -f "%e %M" -o "$work/time" "$gate" analyze --repo "$work/app" >"$work/findings" || true
read -r seconds peak_kb <"$work/time"
lines=$(tail -n 1 "$work/findings" | sed -E 's/.*\(([0-9]+) lines\).*/\1/')
awk -v s="$seconds" -v kb="$peak_kb" -v l="$lines" 'BEGIN {
    printf "cold analyze: %.2fs, %.0f lines/s, peak memory %.0f MiB (target < 1024) -> %s\n", s, l / s, kb / 1024, (kb < 1048576 ? "met" : "NOT met")
}'
tail -n 1 "$work/findings"

echo "bench: in-process timings (same files, bare SwiftParser first, then the analysis)"
"$gate" analyze --repo "$work/app" --bench | tee "$work/bench"
awk '
    /^workers 1:/ { for (i = 1; i <= NF; i++) if ($i == "ratio") one = $(i + 1) }
    /^workers 2:/ { for (i = 1; i <= NF; i++) if ($i == "ratio") two = $(i + 1) }
    /^speed-up/ { speedup = $NF; sub("x", "", speedup) }
    END {
        printf "ratio to bare parsing: %s on 1 worker, %s on 2 (target <= 1.3) -> %s\n", one, two, (one + 0 <= 1.3 && two + 0 <= 1.3 ? "met" : "NOT met")
        printf "speed-up 1 -> 2 workers: %sx (target >= 1.7) -> %s\n", speedup, (speedup + 0 >= 1.7 ? "met" : "NOT met")
    }' "$work/bench"
