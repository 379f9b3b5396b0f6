#!/usr/bin/env bash
# What does the namespace sandbox add to starting a process?
#
# `cfa-gate run` with ITEMS `command: true` items, `sandbox=off` (the same clone, with no_new_privs and the probe user
# only) against `sandbox=preferred` (a PID and mount namespace with a private /proc, the read-only root and its binds,
# /run hidden, /tmp private, Landlock scopes; as a user other than root with an unmapped user namespace too), median of
# RUNS; the difference divided by ITEMS is the cost per probe process as the gate starts it. Run it
# as root and, for the user-namespace path, as another user (`setpriv --reuid=65534 …` with a copy of the binary).
# No target: the figure decides how a per-test process layout is planned (see the README's Benchmarks).
#
# Usage: Scripts/bench-spawn.sh [RUNS] [ITEMS]   (defaults 5 and 100; needs .build/release/cfa-gate)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
items=${2:-100}
source Scripts/bench-common.sh

repository() {
    mkdir -p "$work/$1/gate" && cd "$work/$1"
    { printf '<!-- cfa-gate: sandbox=%s -->\n\n' "$1"; for ((i = 1; i <= items; i++)); do printf '%d. **Item.** <!-- probe: command: true -->\n' "$i"; done; } \
        >gate/cfa-change-gate.md
    commit_all base
    cd - >/dev/null
}
repository off
repository preferred
through_gate() {
    local samples=() r
    "$gate" run --repo "$work/$1" --no-progress --out "$work/$1.json" >/dev/null 2>&1 || true
    for ((r = 0; r < runs; r++)); do samples+=("$(timed "$gate" run --repo "$work/$1" --no-progress --out "$work/$1.json")"); done
    printf '%s\n' "${samples[@]}" | median
}
off=$(through_gate off)
on=$(through_gate preferred)
sandbox=$(jq -r .payload "$work/preferred.json" | base64 -d | jq -r .predicate.sandbox)
echo "cfa-gate run, $items command items: sandbox=off ${off} s, sandbox=preferred ($sandbox) ${on} s:" \
    "$(awk -v a="$on" -v b="$off" -v n="$items" 'BEGIN { printf "%+.2f", (a - b) * 1000 / n }') ms per probe process"
