#!/usr/bin/env bash
# A sync of two 10,000-account encrypted vaults that differ in 100 accounts (40 edited, 30 added
# and 30 removed on the shared copy), whole process on the README's install build, against
# `twofold list --json` on one of them in the same run (goal: at most 3x), its peak memory
# (goal: at most 80 MiB), and the split between unlocking (key derivation and the vault's
# decryption), reading the source and bases, the merge and the writes (TWOFOLD_BENCH_TIMINGS).
# Every timed sync starts from the same files: hyperfine's --prepare puts them back.
# Then two-writer sync (issue 23): a sync with one Syncthing conflict copy beside the shared file
# (another device's version, 20 other accounts edited) against `list --json` (goal: at most 3x);
# the kept versions of 100 syncs (one account changed on the shared file before each) against
# the vault's size on disk (goal: at most 2x); and `add` on the 10,000-account vault (each save
# also keeps its version's changes). Prints `NAME VALUE UNIT` lines on standard output; progress
# on stderr.
#
# Environment: ACCOUNTS (default 10000), CHANGED (default 100), RUNS (default 10), SCRATCH_PATH
# (default .build-bench).
set -euo pipefail
cd "$(dirname "$0")/.."

accounts=${ACCOUNTS:-10000}
changed=${CHANGED:-100}
runs=${RUNS:-10}
bench_name=bench-sync
source Scripts/lib/bench.sh
log() { bench_log "$@"; }

bench_require hyperfine /usr/bin/time=time
bench_build

# The agents this script starts (in $bench_pids) are killed on exit, and $work removed.
bench_workspace
export TWOFOLD_AGENT=off XDG_STATE_HOME="$work/state"
unset TWOFOLD_PASSWORD TWOFOLD_VAULT
mkdir -p "$work/local" "$work/share" "$work/saved"
vault="$work/local/vault.json"
shared="$work/share/vault.json"

log "making two vaults of $accounts accounts that differ in $changed"
python3 Scripts/bench-uris.py "$accounts" >"$work/uris.txt"
"$bin" init --vault "$vault" --password-file "$work/pw" >&2
"$bin" import --vault "$vault" --password-file "$work/pw" "$work/uris.txt" >&2
cp "$vault" "$shared"
"$bin" sync "$shared" --vault "$vault" --password-file "$work/pw" >&2
# Another device's version of the shared file, written apart from the changes below.
cp "$shared" "$work/other.json"
edited=$((changed * 4 / 10))
added=$((changed * 3 / 10))
removed=$((changed - edited - added))
# The changes go through an agent of this script's own, so each costs no key derivation.
bench_private_runtime
TWOFOLD_AGENT=on "$bin" unlock --vault "$shared" --password-file "$work/pw" >&2
agent=$(bench_agent_pid)
bench_pids+=("$agent")
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
TWOFOLD_AGENT=on "$bin" unlock --vault "$work/other.json" --password-file "$work/pw" >&2
for i in $(seq 0 19); do
  TWOFOLD_AGENT=on "$bin" edit --vault "$work/other.json" "user$((i * 101 + 3))@example.com" \
    --note "edited on the tablet" >/dev/null
done
kill "$agent" 2>/dev/null || true
cp -a "$work/local" "$work/share" "$work/state" "$work/saved/"
restore="rm -rf $work/local $work/share $work/state && cp -a $work/saved/local $work/saved/share $work/saved/state $work/"
copy="$work/share/vault.sync-conflict-20261203-120000-BBBBBBB.json"
restore_copy="$restore && cp $work/other.json $copy"

# Times `$2` (prepared by `$1`) and `$4` (prepared by `$3`, none when empty) in five alternating
# rounds of hyperfine runs, so a change in the machine's speed during the run (a shared host's
# cores) weighs on both alike; prints the two means over all runs, in ms.
interleaved() {
  local per=$(((runs + 4) / 5))
  [ "$per" -ge 2 ] || per=2
  rm -f "$work"/round-*.json
  for round in 1 2 3 4 5; do
    hyperfine -N --warmup 1 --runs "$per" --export-json "$work/round-a-$round.json" ${1:+--prepare "bash -c '$1'"} "$2" >&2
    hyperfine -N --warmup 1 --runs "$per" --export-json "$work/round-b-$round.json" ${3:+--prepare "bash -c '$3'"} "$4" >&2
  done
  python3 - "$work" <<'PY'
import glob, json, sys
def mean(side):
    times = [t for f in sorted(glob.glob(f"{sys.argv[1]}/round-{side}-*.json")) for t in json.load(open(f))["results"][0]["times"]]
    return round(sum(times) / len(times) * 1000, 1)
print(mean("a"), mean("b"))
PY
}

log "timing sync and list --json ($runs runs each, in alternating rounds)"
read -r sync list < <(interleaved "$restore" "$bin sync $shared --vault $vault --password-file $work/pw" \
  "" "$bin list --json --vault $vault --password-file $work/pw")
bash -c "$restore"
peak=$(/usr/bin/time -f %M "$bin" sync "$shared" --vault "$vault" --password-file "$work/pw" 2>&1 >/dev/null | tail -1)
bash -c "$restore"
TWOFOLD_BENCH_TIMINGS=1 "$bin" sync "$shared" --vault "$vault" --password-file "$work/pw" 2>"$work/timings" >/dev/null
echo "sync-$accounts-differing-$changed $sync ms"
echo "list-json-$accounts $list ms"
echo "sync-vs-list-json $(python3 -c "print(round($sync / $list, 2))") x"
echo "sync-$accounts-peak-memory $((peak / 1024)) MiB"
sed -n 's/^timing \(.*\) \(.*\) ms$/\1 \2 ms/p' "$work/timings"

log "timing a sync with one conflict copy, list --json (in alternating rounds) and add ($runs runs each)"
read -r copy_sync list_again < <(interleaved "$restore_copy" "$bin sync $shared --vault $vault --password-file $work/pw" \
  "" "$bin list --json --vault $vault --password-file $work/pw")
hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/a.json" --prepare "bash -c '$restore'" \
  "$bin add --vault $vault --password-file $work/pw --issuer Bench --secret JBSWY3DPEHPK3PXP" >&2
mean() { python3 -c "import json; print(round(json.load(open('$1'))['results'][0]['mean'] * 1000, 1))"; }
add=$(mean "$work/a.json")
bash -c "$restore_copy"
"$bin" sync "$shared" --vault "$vault" --password-file "$work/pw" >/dev/null 2>"$work/copy-report"
merged=$("$bin" list --json --vault "$vault" --password-file "$work/pw")
if [ -e "$copy" ] || [[ "$merged" != *"edited on the tablet"* ]]; then
  log "the sync with a conflict copy did not merge it"
  exit 1
fi
echo "sync-$accounts-one-conflict-copy $copy_sync ms"
echo "list-json-$accounts-same-run $list_again ms"
echo "sync-one-conflict-copy-vs-list-json $(python3 -c "print(round($copy_sync / $list_again, 2))") x"
echo "add-$accounts $add ms"
echo "add-vs-list-json $(python3 -c "print(round($add / $list_again, 2))") x"

log "100 syncs, each after one account changed on the shared file"
bash -c "$restore"
rm -rf "$XDG_STATE_HOME"
"$bin" sync "$shared" --vault "$vault" --password-file "$work/pw" >/dev/null 2>&1
TWOFOLD_AGENT=on "$bin" unlock --vault "$shared" --password-file "$work/pw" >&2
TWOFOLD_AGENT=on "$bin" unlock --vault "$vault" --password-file "$work/pw" >&2
agent=$(bench_agent_pid)
bench_pids+=("$agent")
for i in $(seq 1 100); do
  TWOFOLD_AGENT=on "$bin" edit --vault "$shared" "user$((i * 53 + 1))@example.com" --note "sync $i" >/dev/null
  TWOFOLD_AGENT=on "$bin" sync "$shared" --vault "$vault" >/dev/null 2>&1
done
kill "$agent" 2>/dev/null || true
# The local vault's own state folder (StateLocation: its name and a hash of its absolute path).
versions_folder="$XDG_STATE_HOME/twofold/vaults/vault-$(printf %s "$vault" | sha256sum | cut -c1-16)/versions"
versions=$(find "$versions_folder" -type f | wc -l)
kept=$(find "$versions_folder" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
size=$(stat -c %s "$vault")
echo "kept-versions-after-100-syncs $versions files"
echo "kept-versions-size $((kept / 1024)) KiB"
echo "vault-size $((size / 1024)) KiB"
echo "kept-versions-vs-vault $(python3 -c "print(round($kept / $size, 2))") x"
log "goals: sync at most 3x list --json (with and without a conflict copy), peak at most 80 MiB, kept versions of 100 syncs at most 2x the vault"
