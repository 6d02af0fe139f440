#!/usr/bin/env bash
# The 10,000-account encrypted vault case: the whole `twofold list --json` process with the
# password from a file, against the goal of 150 ms and 40 MB peak memory. Builds the README's
# install build, makes the vault once (through `twofold import`), then times the command with
# hyperfine and reads peak memory with GNU time. The scrypt share comes from `twofold-bench
# scrypt-aegis`, measured in the same run. Prints `NAME VALUE UNIT` lines; progress on stderr.
#
# Environment: ACCOUNTS (default 10000), RUNS (default 30), SCRATCH_PATH (default .build-bench).
set -euo pipefail
cd "$(dirname "$0")/.."

accounts=${ACCOUNTS:-10000}
runs=${RUNS:-30}
bench_name=bench-vault
source Scripts/lib/bench.sh

bench_require hyperfine /usr/bin/time=time
bench_python cryptography pyotp
bench_build
swift build -c release --scratch-path "$bench_scratch" --product twofold-bench >&2
bench=$(swift build -c release --scratch-path "$bench_scratch" --show-bin-path)/twofold-bench

bench_workspace
vault="$work/vault.json"
bench_make_vault "$accounts" "$vault"

bench_log "timing list --json ($runs runs)"
hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/h.json" \
  "$bin list --json --vault $vault --password-file $work/pw" >&2
mean=$(bench_mean_ms "$work/h.json")
peak=$(/usr/bin/time -f %M "$bin" list --json --vault "$vault" --password-file "$work/pw" 2>&1 >/dev/null | tail -1)
size=$(stat -c %s "$vault")
echo "vault-list-json-$accounts $mean ms"
echo "vault-list-json-$accounts-peak-memory $((peak / 1024)) MB"
echo "vault-file-size-$accounts $((size / 1024)) KB"
"$bench" scrypt-aegis

# The peer the issue names: a Python program doing the same job (json + cryptography + pyotp),
# Scripts/peer-list-json.py.
hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/p.json" \
  "$python $PWD/Scripts/peer-list-json.py $vault $work/pw" >&2
peer=$(bench_mean_ms "$work/p.json")
echo "peer-python-list-json-$accounts $peer ms"
