#!/usr/bin/env bash
# A sync of two 10,000-account encrypted vaults that differ in 100 accounts (40 edited, 30 added
# and 30 removed on the shared copy), whole process on the README's install build, against
# `twofold list --json` on one of them in the same run (goal: at most 3x), its peak memory
# (goal: at most 80 MiB), and the split between unlocking (key derivation and the vault's
# decryption), reading the source and bases, the merge and the writes (TWOFOLD_BENCH_TIMINGS).
# Every timed sync starts from the same files: hyperfine's --prepare puts them back. Prints
# `NAME VALUE UNIT` lines on standard output; progress on stderr.
#
# Environment: ACCOUNTS (default 10000), CHANGED (default 100), RUNS (default 10), SCRATCH_PATH
# (default .build-bench).
set -euo pipefail
cd "$(dirname "$0")/.."

accounts=${ACCOUNTS:-10000}
changed=${CHANGED:-100}
runs=${RUNS:-10}
scratch=${SCRATCH_PATH:-.build-bench}
log() { echo "bench-sync: $*" >&2; }

for tool in hyperfine /usr/bin/time; do
  if ! command -v "$tool" >/dev/null; then
    log "installing $(basename "$tool")"
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine time >&2
  fi
done

flags=(-c release --scratch-path "$scratch" --static-swift-stdlib -Xswiftc -static-executable)
log "building (${flags[*]})"
swift build "${flags[@]}" --product twofold >&2
bin=$(swift build "${flags[@]}" --show-bin-path)/twofold

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TWOFOLD_AGENT=off
unset TWOFOLD_PASSWORD TWOFOLD_VAULT
printf 'bench password\n' >"$work/pw"
mkdir -p "$work/local" "$work/share" "$work/saved"
vault="$work/local/vault.json"
shared="$work/share/vault.json"

log "making two vaults of $accounts accounts that differ in $changed"
python3 Scripts/bench-uris.py "$accounts" >"$work/uris.txt"
"$bin" init --vault "$vault" --password-file "$work/pw" >&2
"$bin" import --vault "$vault" --password-file "$work/pw" "$work/uris.txt" >&2
cp "$vault" "$shared"
"$bin" sync "$shared" --vault "$vault" --password-file "$work/pw" >&2
edited=$((changed * 4 / 10))
added=$((changed * 3 / 10))
removed=$((changed - edited - added))
# The changes go through an agent of this script's own, so each costs no key derivation.
export XDG_RUNTIME_DIR="$work/run"
mkdir "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
TWOFOLD_AGENT=on "$bin" unlock --vault "$shared" --password-file "$work/pw" >&2
agent=$(TWOFOLD_AGENT=on "$bin" status --json | sed -n 's/.*"pid":\([0-9]*\).*/\1/p')
trap 'kill "$agent" 2>/dev/null || true; rm -rf "$work"' EXIT
for i in $(seq 0 $((edited - 1))); do
  TWOFOLD_AGENT=on "$bin" edit --vault "$shared" "user$((i * 97))@example.com" --note "edited on the phone" >/dev/null
done
for i in $(seq 0 $((removed - 1))); do
  TWOFOLD_AGENT=on "$bin" remove --vault "$shared" "user$((i * 89 + 5))@example.com" --yes >/dev/null
done
python3 - "$added" >"$work/new.txt" <<'PY'
import base64, random, sys
rng = random.Random(11)
for i in range(int(sys.argv[1])):
    secret = base64.b32encode(rng.randbytes(20)).decode().rstrip("=")
    print(f"otpauth://totp/Phone%20{i}:new{i}@example.com?secret={secret}&issuer=Phone%20{i}")
PY
TWOFOLD_AGENT=on "$bin" import --vault "$shared" "$work/new.txt" >&2
kill "$agent" 2>/dev/null || true
cp -a "$work/local" "$work/share" "$work/saved/"
restore="rm -rf $work/local $work/share && cp -a $work/saved/local $work/saved/share $work/"

log "timing sync and list --json ($runs runs each)"
hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/h.json" --prepare "bash -c '$restore'" \
  "$bin sync $shared --vault $vault --password-file $work/pw" \
  "$bin list --json --vault $vault --password-file $work/pw" >&2
read -r sync list < <(python3 -c "
import json; r = json.load(open('$work/h.json'))['results']
print(round(r[0]['mean'] * 1000, 1), round(r[1]['mean'] * 1000, 1))")
bash -c "$restore"
peak=$(/usr/bin/time -f %M "$bin" sync "$shared" --vault "$vault" --password-file "$work/pw" 2>&1 >/dev/null | tail -1)
bash -c "$restore"
TWOFOLD_BENCH_TIMINGS=1 "$bin" sync "$shared" --vault "$vault" --password-file "$work/pw" 2>"$work/timings" >/dev/null
echo "sync-$accounts-differing-$changed $sync ms"
echo "list-json-$accounts $list ms"
echo "sync-vs-list-json $(python3 -c "print(round($sync / $list, 2))") x"
echo "sync-$accounts-peak-memory $((peak / 1024)) MiB"
sed -n 's/^timing \(.*\) \(.*\) ms$/\1 \2 ms/p' "$work/timings"
log "goals: sync at most 3x list --json, peak at most 80 MiB"
