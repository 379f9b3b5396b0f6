#!/usr/bin/env bash
# Sets up a Debian machine for cfa-gate and builds the release binary.
# Installs only what is missing (quiet when everything is there), then `swift build -c release`.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libgit2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libssl-dev pkg-config openssl git)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "bootstrap: installing ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "bootstrap: no 'swift' on PATH — install a Swift 6 toolchain (swift.org) and put its usr/bin on PATH" >&2
    exit 2
fi

build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
# The fork server library goes beside the binary: the test item forks every test process from it (see README); so does
# the XCTest observer, without which the test item cannot read XCTest's statuses.
if ! { swift build -c release --product cfa-gate && swift build -c release --product CFAGateForkServer \
    && swift build -c release --product CFAGateXCTestObserver; } >"$build_log" 2>&1; then
    grep -E 'error:|warning:' "$build_log" >&2 || tail -n 30 "$build_log" >&2
    echo "bootstrap: the release build failed" >&2
    exit 3
fi
echo "bootstrap: built $(.build/release/cfa-gate --version) at .build/release/cfa-gate (with libCFAGateForkServer.so and libCFAGateXCTestObserver.so beside it)"
