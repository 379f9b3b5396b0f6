#!/usr/bin/env bash
# Edits the user's global git configuration in a loop, as another process on a developer's machine or CI host might,
# to show that the test suite never reads it: run it beside `swift test`, end it with Ctrl-C (or kill its pid).
#   bash Scripts/edit-gitconfig-loop.sh [SECONDS-BETWEEN-EDITS]     (default 0.05)
# It edits `git config --global`, i.e. $GIT_CONFIG_GLOBAL or $HOME/.gitconfig of the environment it is started in; to
# spare other users of a shared machine, start it and the tests with the same scratch HOME (HOME=/tmp/x both sides).
# The key it writes, `cfa-gate-loop.edit`, is removed again when the loop ends.
set -euo pipefail
pause=${1:-0.05}
trap 'git config --global --unset-all cfa-gate-loop.edit 2>/dev/null || true; exit 0' INT TERM
edits=0
while :; do
    edits=$((edits + 1))
    git config --global cfa-gate-loop.edit "$edits"
    if ((edits % 100 == 0)); then echo "edit-gitconfig-loop: $edits edits of $(git config --global --list --show-origin | head -1 | cut -f1)"; fi
    sleep "$pause"
done
