#!/usr/bin/env bash
# Rewrites the rule reference in Documentation/Rules/ from the rule descriptors (summary, reference text,
# examples): a page per rule, <RULE-ID>.md, and the table of rules between the BEGIN/END RULE INDEX comments of
# Documentation/Rules/README.md; the page of a rule that no longer exists is removed.
# `RuleReferenceTests` fails while the folder differs from what this writes.
#
# Usage: Scripts/update-rule-reference.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product cfa-gate >/dev/null
"$(swift build --show-bin-path)/cfa-gate" analyze --rule-reference Documentation/Rules
echo "Documentation/Rules: rule reference regenerated"
