#!/usr/bin/env bash
# The 10,000-account encrypted vault case: the whole `twofold list --json` process with the
# password from a file, against the goal of 150 ms and a peak under 40 MiB (scrypt's own buffer is
# 32 MiB). Builds the README's install build, makes the vault once (through `twofold import`),
# then times the command with hyperfine and reads peak memory (GNU time's maximum resident set,
# the highest of three runs) on it and on an empty vault, the part of the peak that does not grow
# with the vault. The scrypt share comes from `twofold-bench scrypt-aegis`, measured in the same
# run. Prints `NAME VALUE UNIT` lines; progress on stderr.
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
# The highest maximum resident set of three runs, in MiB with one decimal.
peak_mib() {
  for _ in 1 2 3; do
    /usr/bin/time -f %M "$bin" list --json --vault "$1" --password-file "$work/pw" 2>&1 >/dev/null | tail -1
  done | sort -n | tail -1 | awk '{ printf "%.1f", $1 / 1024 }'
}
empty="$work/empty.json"
"$bin" init --vault "$empty" --password-file "$work/pw" --no-agent >&2
size=$(stat -c %s "$vault")
echo "vault-list-json-$accounts $mean ms"
echo "vault-list-json-$accounts-peak-memory $(peak_mib "$vault") MiB"
echo "vault-list-json-empty-peak-memory $(peak_mib "$empty") MiB"
echo "vault-file-size-$accounts $((size / 1024)) KB"
"$bench" scrypt-aegis

# The peer the issue names: a Python program doing the same job (json + cryptography + pyotp),
# Scripts/peer-list-json.py.
hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/p.json" \
  "$python $PWD/Scripts/peer-list-json.py $vault $work/pw" >&2
peer=$(bench_mean_ms "$work/p.json")
echo "peer-python-list-json-$accounts $peer ms"
