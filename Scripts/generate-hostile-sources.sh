#!/usr/bin/env bash
# Writes the Swift files issue 25 found to crash or stall the analyser, one per shape, into DIR:
#   MemberChain10k.swift   a legal 10,000-member chain `x.a.a…` (analysed; the benchmark's speed case)
#   MemberChain30k.swift   a 30,000-member chain (refused: deeper than the analyser's nesting limit)
#   ElseIf10k.swift        a 10,000-step `else if` chain
#   Calls100k.swift        100,000 chained calls `f()()…`
#   Optional100k.swift     a 100,000-step optional chain `x?.a?.a…`
#   Array20MB.swift        a 20 MB one-line array literal (refused: larger than the size limit)
# Usage: Scripts/generate-hostile-sources.sh DIR [SHAPE…]   (no SHAPE: all of them)
set -euo pipefail
dir=$1
shift
mkdir -p "$dir"
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(MemberChain10k MemberChain30k ElseIf10k Calls100k Optional100k Array20MB)

# COUNT copies of TEXT on one line.
repeat() { yes "$2" | head -n "$1" | tr -d '\n' || true; }  # yes ends on SIGPIPE

for shape in "${shapes[@]}"; do
    file="$dir/$shape.swift"
    case $shape in
    MemberChain10k) { printf 'struct Chain { let a: Chain? = nil }\nfunc member(x: Chain) { _ = x'; repeat 10000 .a; printf '\n}\n'; } >"$file" ;;
    MemberChain30k) { printf 'struct Chain { let a: Chain? = nil }\nfunc member(x: Chain) { _ = x'; repeat 30000 .a; printf '\n}\n'; } >"$file" ;;
    ElseIf10k) { printf 'func branch(x: Int) {\n    if x == 0 {}'; repeat 10000 ' else if x == 1 {}'; printf '\n}\n'; } >"$file" ;;
    Calls100k) { printf 'func call(f: () -> Void) {\n    _ = f'; repeat 100000 '()'; printf '\n}\n'; } >"$file" ;;
    Optional100k) { printf 'func optional(x: Int?) {\n    _ = x'; repeat 100000 '?.a'; printf '\n}\n'; } >"$file" ;;
    Array20MB) { printf 'let numbers = ['; repeat 7000000 '1, '; printf '1]\n'; } >"$file" ;;
    *) echo "generate-hostile-sources: unknown shape $shape" >&2; exit 2 ;;
    esac
done
