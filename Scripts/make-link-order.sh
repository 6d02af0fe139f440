#!/usr/bin/env bash
# Writes Sources/twofold/link-order.txt, the functions the release link places side by side
# (Package.swift: lld's --symbol-ordering-file): every function the common commands run, from
# start-up to exit, as valgrind's callgrind sees them in the README's install build:
#   `--version`, `--help`, `code --uri`, and on an encrypted vault of 100 accounts `list`,
#   `list --json` and `code QUERY` with the password (scrypt and the decoding included), then
#   `unlock`, `code QUERY` and `list --json` through the agent.
# The kernel maps an executable's pages 64 KiB at a time around each one a process touches;
# with these functions together a command touches a few dozen such blocks of the 31 MB
# executable instead of over a hundred, so it starts faster and its resident set stays smaller
# (`list --json` with the password peaks at scrypt's 32 MiB plus what was touched before).
# valgrind's CPU has no AVX-512, so where glibc picked an AVX2 variant of a string function the
# EVEX and AVX-512 variants (what a current x86-64 runs) are listed beside it.
# Run it after changes that move a lot of code on those paths; names that are gone are skipped
# by the link, so a stale file costs speed, never correctness. Rebuild after it (the link does
# not track the file): `rm` the twofold executable of the build folder, or touch a source.
#
# Environment: SCRATCH_PATH (default .build-bench, the SwiftPM scratch directory).
set -euo pipefail
cd "$(dirname "$0")/.."

bench_name=make-link-order
source Scripts/lib/bench.sh

bench_require valgrind objcopy=binutils nm=binutils
bench_build
bench_workspace
bench_private_runtime
unset TWOFOLD_AGENT TWOFOLD_PASSWORD TWOFOLD_VAULT TWOFOLD_ASKPASS TWOFOLD_KEYRING

# valgrind cannot read the executable's DWARF; its symbol table is all this needs.
traced="$work/twofold"
objcopy --strip-debug "$bin" "$traced"
vault="$work/vault.json"
bench_make_vault 100 "$vault"
query=$(sed -n '50p' "$work/uris-100.txt" | python3 -c '
import sys
from urllib.parse import unquote, urlsplit
print(unquote(urlsplit(sys.stdin.read().strip()).path[1:]))')

run=0
# trace ARGUMENTS…: one callgrind profile of `twofold ARGUMENTS…` (standard input empty).
trace() {
  run=$((run + 1))
  bench_log "tracing twofold $*"
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/trace-$run.out" \
    "$traced" "$@" </dev/null >/dev/null 2>"$work/trace-$run.err" || {
    cat "$work/trace-$run.err" >&2
    exit 1
  }
}
trace --version
trace --help
trace code --uri 'otpauth://totp/Example:me?secret=JBSWY3DPEHPK3PXP&issuer=Example'
trace list --vault "$vault" --password-file "$work/pw" --no-agent
trace list --json --vault "$vault" --password-file "$work/pw" --no-agent
trace code "$query" --vault "$vault" --password-file "$work/pw" --no-agent
"$bin" unlock --idle 600 --vault "$vault" --password-file "$work/pw" >&2
bench_track_agent
trace code "$query" --vault "$vault"
trace list --json --vault "$vault"

nm --defined-only "$bin" | awk '{ print $3 }' >"$work/symbols"
python3 - "$work" "$run" >Sources/twofold/link-order.txt <<'PY'
import re, sys
work, runs = sys.argv[1], int(sys.argv[2])
symbols = set(open(f"{work}/symbols").read().split())
order, seen = [], set()
def add(name):
    if name in symbols and name not in seen:
        seen.add(name)
        order.append(name)
for run in range(1, runs + 1):
    for line in open(f"{work}/trace-{run}.out"):
        match = re.match(r"c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
        if not match:
            continue
        name = re.sub(r"'\d+$", "", match.group(1))  # callgrind's recursion suffix
        add(name)
        variant = re.match(r"(__\w+?)_(avx2|avx)(_.*)?$", name)
        if variant:
            base, rest = variant.group(1), variant.group(3) or ""
            for isa in ("evex", "avx512", "evex512"):
                add(f"{base}_{isa}{rest}")
                add(f"{base}_{isa}{rest.replace('_rtm', '')}")
print("\n".join(order))
PY
bench_log "wrote Sources/twofold/link-order.txt ($(wc -l <Sources/twofold/link-order.txt) functions)"
