#!/usr/bin/env bash
# Findings per rule for a set of app folders, one column per app, like SwiftLint's oss-check: run it before
# and after an analyser change on the same folders and read every count that moved against the code.
#
# Usage: Scripts/precision-report.sh DIR…   (each DIR analysed with `cfa-gate analyze --repo DIR`, so its
#        own .cfa-gate.json applies). CFA_GATE=path overrides the binary (default: .build/release/cfa-gate).
# Prints a Markdown table: a row per rule with findings anywhere, errors and warnings together, then totals; then, per
# app, every line carrying more than one finding (`path:line: RULE, RULE`), where two rules may report one defect.
set -euo pipefail
repo_root="$(cd "$(dirname "$0")/.." && pwd)"
gate=${CFA_GATE:-$repo_root/.build/release/cfa-gate}
[ -x "$gate" ] || { echo "precision-report: no binary at $gate; build it with Scripts/bootstrap.sh or set CFA_GATE" >&2; exit 2; }
[ "$#" -gt 0 ] || { echo "usage: Scripts/precision-report.sh DIR…" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

names=()
for dir in "$@"; do
    [ -d "$dir" ] || { echo "precision-report: $dir is not a folder" >&2; exit 2; }
    name=$(basename "$(cd "$dir" && pwd)")
    names+=("$name")
    # Exit 1 only means findings; anything else (bad configuration, a crash) stops the report.
    status=0
    "$gate" analyze --repo "$dir" >"$work/$name.out" 2>"$work/$name.err" || status=$?
    if [ "$status" -gt 1 ]; then
        echo "precision-report: cfa-gate analyze failed on $dir (exit $status): $(head -n 1 "$work/$name.err")" >&2
        exit "$status"
    fi
    # `path:line:col: error: message [CFA-RULE-ID, item N]` → the rule id, one per finding.
    sed -nE 's/.*\[(CFA-[A-Z-]+)(, item [0-9]+)?\]$/\1/p' "$work/$name.out" >"$work/$name.rules"
    # `path:line:col: …[RULE…]` → `path:line<tab>RULE`, one per finding; lines listed more than once carry several.
    sed -nE 's/^(.+):([0-9]+):[0-9]+: (error|warning): .*\[(CFA-[A-Z-]+)(, item [0-9]+)?\]$/\1:\2\t\4/p' "$work/$name.out" \
        | sort >"$work/$name.places"
    grep -E '^[0-9]+ errors?, [0-9]+ warnings? in ' "$work/$name.out" | tail -n 1 >"$work/$name.summary" || true
done

rules=$(cat "$work"/*.rules | sort -u)
{
    printf '| rule |'
    for name in "${names[@]}"; do printf ' %s |' "$name"; done
    printf '\n|---|'
    for _ in "${names[@]}"; do printf -- '---:|'; done
    printf '\n'
    for rule in $rules; do
        printf '| %s |' "$rule"
        for name in "${names[@]}"; do printf ' %s |' "$(grep -cx -- "$rule" "$work/$name.rules" || true)"; done
        printf '\n'
    done
    printf '| **total** |'
    for name in "${names[@]}"; do printf ' **%s** |' "$(wc -l <"$work/$name.rules" | tr -d ' ')"; done
    printf '\n'
}
echo
for name in "${names[@]}"; do echo "$name: $(cat "$work/$name.summary")"; done
echo
echo "Lines carrying more than one finding:"
for name in "${names[@]}"; do
    shared=$(awk -F '\t' '{ rules[$1] = count[$1]++ ? rules[$1] ", " $2 : $2 }
        END { for (place in count) if (count[place] > 1) print "  " place ": " rules[place] }' "$work/$name.places" | sort)
    if [ -z "$shared" ]; then echo "$name: none"; else echo "$name: $(printf '%s\n' "$shared" | wc -l | tr -d ' ')"; echo "$shared"; fi
done
