#!/usr/bin/env bash
# Rewrites the README's rule reference from the rule descriptors (summary, reference text, examples):
# everything between the BEGIN/END RULE REFERENCE comments is replaced by `cfa-gate analyze --rule-reference`.
# The test `RuleReferenceTests` fails while README.md differs from what this writes.
#
# Usage: Scripts/update-rule-reference.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product cfa-gate >/dev/null
generated=$(mktemp)
updated=$(mktemp)
trap 'rm -f "$generated" "$updated"' EXIT
"$(swift build --show-bin-path)/cfa-gate" analyze --rule-reference >"$generated"
grep -q '^<!-- BEGIN RULE REFERENCE' README.md && grep -q '^<!-- END RULE REFERENCE -->' README.md || {
    echo "update-rule-reference.sh: README.md lacks the BEGIN/END RULE REFERENCE comments; add them around the rule entries" >&2
    exit 1
}
awk -v generated="$generated" '
    /^<!-- BEGIN RULE REFERENCE/ { print; while ((getline line < generated) > 0) print line; skipping = 1; next }
    /^<!-- END RULE REFERENCE -->/ { skipping = 0 }
    !skipping { print }
' README.md >"$updated"
cp "$updated" README.md
echo "README.md: rule reference regenerated"
