#!/usr/bin/env bash
# Installs the built gate into PREFIX: PREFIX/bin/cfa-gate execute-only (mode 711, root's when run as root), every
# libCFAGate*.so the build put beside it into the same folder (the gate finds them beside its own executable), the
# documentation into PREFIX/share/doc/cfa-gate, and this script into PREFIX/share/cfa-gate.
#
# Why execute-only: the kernel makes a process non-dumpable at exec when its user cannot read the program, so a gate
# started by the runner user from a root-owned 711 binary is out of that user's reach (`/proc/<pid>/mem`, ptrace) from
# its first instruction, before it reads a signing key. A binary the runner user can read leaves a window, and the
# gate refuses a CI key there (see Documentation/ThreatModel.md).
#
# Why the script travels with the prefix: a prefix restored from a CI cache (installed there by the runner user, so
# readable) installs itself into a root-owned one without the source and without a build:
#   sudo bash CACHED/share/cfa-gate/install.sh /usr/local CACHED/bin
#
# Usage: Scripts/install.sh PREFIX [BUILT]   (BUILT: the folder holding the built cfa-gate, or an installed prefix's
# bin folder; default .build/release. Relative paths are taken from the caller's folder.)
set -euo pipefail
caller=$PWD
here=$(cd "$(dirname "$0")" && pwd)

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ -z "$1" ]; then
    echo "usage: Scripts/install.sh PREFIX [BUILT] — e.g. sudo bash Scripts/install.sh /usr/local" >&2
    exit 2
fi
absolute() { case $1 in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$caller" "$1" ;; esac; }
prefix=$(absolute "$1")
if [ $# -eq 2 ]; then built=$(absolute "$2"); else built="$here/../.build/release"; fi
if [ ! -x "$built/cfa-gate" ]; then
    echo "install: no built cfa-gate in $built — run Scripts/bootstrap.sh first (or name the folder as BUILT)" >&2
    exit 2
fi
libraries=("$built"/libCFAGate*.so)
if [ ! -e "${libraries[0]}" ]; then
    echo "install: no libCFAGate*.so beside $built/cfa-gate — run Scripts/bootstrap.sh, which builds the fork server" >&2
    exit 2
fi
# The documentation: a source checkout's (Scripts/ beside README.md), or an installed prefix's (share/cfa-gate/ here).
if [ -f "$here/../README.md" ] && [ -d "$here/../Documentation" ]; then
    documentation="$here/.."
elif [ -f "$here/../doc/cfa-gate/README.md" ]; then
    documentation="$here/../doc/cfa-gate"
else
    echo "install: no README.md and Documentation/ beside $here — run the script of a checkout or of an installed prefix" >&2
    exit 2
fi

owner=()
# Only another user's binary is execute-only to the runner user: its owner may always read it.
[ "$(id -u)" -eq 0 ] && owner=(-o root -g root)
install -d -m 755 "${owner[@]}" "$prefix/bin" "$prefix/share/doc/cfa-gate" "$prefix/share/cfa-gate"
install -m 711 "${owner[@]}" "$built/cfa-gate" "$prefix/bin/cfa-gate"
# Readable: every test process (the probes' user) loads the fork server library.
install -m 644 "${owner[@]}" "${libraries[@]}" "$prefix/bin/"
# A prefix installing itself again (the same folders) has nothing to copy.
source_folder=$(cd "$here" && pwd -P)
target_folder=$(cd "$prefix/share/cfa-gate" && pwd -P)
[ "$source_folder" = "$target_folder" ] || install -m 755 "${owner[@]}" "$here/install.sh" "$prefix/share/cfa-gate/install.sh"
if [ "$(cd "$documentation" && pwd -P)" != "$(cd "$prefix/share/doc/cfa-gate" && pwd -P)" ]; then
    install -m 644 "${owner[@]}" "$documentation/README.md" "$prefix/share/doc/cfa-gate/"
    cp -R "$documentation/Documentation/." "$prefix/share/doc/cfa-gate/Documentation"
    # The links the gate prints open the copy above (it finds it beside its own binary), unless this checkout's commit
    # is on a GitHub remote with the documentation as committed: then they open GitHub at that commit, which a
    # report read in a pull request or code scanning can follow too (Documentation/Running.md, "Commands").
    # A restored prefix keeps the source.txt it was installed with.
    source_file="$prefix/share/doc/cfa-gate/source.txt"
    rm -f "$source_file"
    remote=$(git -C "$documentation" remote get-url origin 2>/dev/null || true)
    commit=$(git -C "$documentation" rev-parse HEAD 2>/dev/null || true)
    repository=""
    case "$remote" in
        https://github.com/*) repository=${remote#https://github.com/} ;;
        git@github.com:*) repository=${remote#git@github.com:} ;;
        ssh://git@github.com/*) repository=${remote#ssh://git@github.com/} ;;
    esac
    repository=${repository%.git}
    repository=${repository%/}
    if [[ "$repository" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] && [ -n "$commit" ] \
        && git -C "$documentation" diff --quiet HEAD -- README.md Documentation 2>/dev/null \
        && [ -n "$(git -C "$documentation" branch -r --contains "$commit" 2>/dev/null)" ]; then
        echo "https://github.com/$repository/blob/$commit" >"$source_file"
    fi
fi
chmod -R a+rX,go-w "$prefix/share/doc/cfa-gate"
[ "$(id -u)" -eq 0 ] && chown -R root:root "$prefix/share/doc/cfa-gate"

names=$(cd "$prefix/bin" && ls libCFAGate*.so | tr '\n' ' ')
echo "install: $("$prefix/bin/cfa-gate" --version) at $prefix/bin/cfa-gate (mode 711) with ${names% } beside it"
if [ "$(id -u)" -ne 0 ]; then
    echo "install: not root, so cfa-gate is yours and readable to you — install as root (sudo) for an execute-only gate" >&2
fi
