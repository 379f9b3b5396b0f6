#!/usr/bin/env bash
# Shared by the Scripts/bench-*.sh scripts: sourced, not run.

# The release binary, which every benchmark measures (CFA_GATE_BINARY names another build of it).
gate="${CFA_GATE_BINARY:-$PWD/.build/release/cfa-gate}"
[ -x "$gate" ] || { echo "bench: build the release binary first: bash Scripts/bootstrap.sh" >&2; exit 2; }

# A scratch folder, removed when the benchmark ends.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Passable for the unprivileged user a root gate's probes run as (mktemp makes it 0700).
chmod 755 "$work"

now() { date +%s.%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Prints the seconds a command took; a failing exit status is reported, not fatal.
timed() {
    local start end status=0
    start=$(now); "$@" >/dev/null 2>&1 || status=$?; end=$(now)
    [ "$status" -eq 0 ] || echo "bench: \`$*\` exited $status (timing still recorded)" >&2
    awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}

# Commits everything in the current folder as a fresh repository, isolated from the machine's git config.
commit_all() {
    export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
    [ -d .git ] || git init -q -b main
    git add -A
    git -c user.name=bench -c user.email=bench@example.invalid commit -q -m "$1"
}
