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
scratch=${SCRATCH_PATH:-.build-bench}
log() { echo "bench-vault: $*" >&2; }

for tool in hyperfine /usr/bin/time; do
  if ! command -v "$tool" >/dev/null; then
    log "installing $(basename "$tool")"
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine time >&2
  fi
done

flags=(-c release --scratch-path "$scratch" --static-swift-stdlib -Xswiftc -static-executable)
log "building (${flags[*]})"
swift build "${flags[@]}" --product twofold >&2
swift build -c release --scratch-path "$scratch" --product twofold-bench >&2
bin=$(swift build "${flags[@]}" --show-bin-path)/twofold
bench=$(swift build -c release --scratch-path "$scratch" --show-bin-path)/twofold-bench

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'bench password\n' >"$work/pw"
vault="$work/vault.json"
log "making a vault of $accounts accounts"
python3 Scripts/bench-uris.py "$accounts" >"$work/uris.txt"
"$bin" init --vault "$vault" --password-file "$work/pw" >&2
"$bin" import --vault "$vault" --password-file "$work/pw" "$work/uris.txt" >&2

log "timing list --json ($runs runs)"
hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/h.json" \
  "$bin list --json --vault $vault --password-file $work/pw" >&2
mean=$(python3 -c "import json;print(round(json.load(open('$work/h.json'))['results'][0]['mean']*1000,1))")
# The highest maximum resident set of three runs, in MiB with one decimal.
peak_mib() {
  for _ in 1 2 3; do
    /usr/bin/time -f %M "$bin" list --json --vault "$1" --password-file "$work/pw" 2>&1 >/dev/null | tail -1
  done | sort -n | tail -1 | awk '{ printf "%.1f", $1 / 1024 }'
}
empty="$work/empty.json"
"$bin" init --vault "$empty" --password-file "$work/pw" >&2
size=$(stat -c %s "$vault")
echo "vault-list-json-$accounts $mean ms"
echo "vault-list-json-$accounts-peak-memory $(peak_mib "$vault") MiB"
echo "vault-list-json-empty-peak-memory $(peak_mib "$empty") MiB"
echo "vault-file-size-$accounts $((size / 1024)) KB"
"$bench" scrypt-aegis

# The peer the issue names: a Python program doing the same job (json + cryptography + pyotp),
# Scripts/peer-list-json.py.
if ! python3 -c "import cryptography, pyotp" 2>/dev/null; then
  log "installing the Python peer's packages"
  pip install -q cryptography pyotp >&2
fi
hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/p.json" \
  "python3 $PWD/Scripts/peer-list-json.py $vault $work/pw" >&2
peer=$(python3 -c "import json;print(round(json.load(open('$work/p.json'))['results'][0]['mean']*1000,1))")
echo "peer-python-list-json-$accounts $peer ms"
