#!/usr/bin/env bash
# What does the namespace sandbox add to starting a process?
#
# (a) Start-up alone: SPAWNS runs of `/bin/true`, bare and through the `unshare` invocation the gate uses (a PID and
#     mount namespace with a private /proc; as root without a user namespace, otherwise with one mapping the user onto
#     itself — run as root, both are measured, the second under `setpriv` as nobody), median of RUNS loops, in ms each.
# (b) Through the gate: `cfa-gate run` with ITEMS `command: true` items, `sandbox=off` against `sandbox=preferred`,
#     median of RUNS; the difference divided by ITEMS is the cost per probe process as the gate starts it.
# No target: the figure decides how a per-test process layout is planned (see the README's Benchmarks).
#
# Usage: Scripts/bench-spawn.sh [RUNS] [SPAWNS] [ITEMS]   (defaults 5, 200 and 40; needs .build/release/cfa-gate)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
spawns=${2:-200}
items=${3:-40}
source Scripts/bench-common.sh
unshare=$(command -v unshare)
namespace=(--pid --fork --mount --mount-proc --kill-child --)

loop() { local i; for ((i = 0; i < spawns; i++)); do "$@" >/dev/null; done; }
per_spawn() {
    local samples=() r
    for ((r = 0; r < runs; r++)); do samples+=("$(timed loop "$@")"); done
    printf '%s\n' "${samples[@]}" | median | awk -v n="$spawns" '{ printf "%.2f", $1 * 1000 / n }'
}

bare=$(per_spawn /bin/true)
echo "(a) /bin/true bare:                              ${bare} ms per spawn"
if [ "$(id -u)" = 0 ]; then
    root=$(per_spawn "$unshare" "${namespace[@]}" /bin/true)
    echo "(a) in a namespace, as root:                     ${root} ms per spawn (+$(awk -v a="$root" -v b="$bare" 'BEGIN { printf "%.2f", a - b }'))"
    user=$(per_spawn setpriv --reuid=65534 --regid=65534 --clear-groups "$unshare" --user --map-current-user "${namespace[@]}" /bin/true)
    baseline=$(per_spawn setpriv --reuid=65534 --regid=65534 --clear-groups /bin/true)
    echo "(a) in a user+PID+mount namespace, as nobody:    ${user} ms per spawn (+$(awk -v a="$user" -v b="$baseline" 'BEGIN { printf "%.2f", a - b }') over setpriv alone)"
else
    user=$(per_spawn "$unshare" --user --map-current-user "${namespace[@]}" /bin/true)
    echo "(a) in a user+PID+mount namespace:               ${user} ms per spawn (+$(awk -v a="$user" -v b="$bare" 'BEGIN { printf "%.2f", a - b }'))"
fi

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
echo "(b) cfa-gate run, $items command items: sandbox=off ${off} s, sandbox=preferred ($sandbox) ${on} s:" \
    "$(awk -v a="$on" -v b="$off" -v n="$items" 'BEGIN { printf "%+.2f", (a - b) * 1000 / n }') ms per probe process"
