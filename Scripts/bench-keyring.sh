#!/usr/bin/env bash
# The first command after login, on the README's install build, with its peer in the same run:
# `twofold code QUERY` on a 1,000-account encrypted vault with no agent running, the vault's key
# read from the login keyring (`twofold keyring enable`, the collection unlocked), against the
# same first command with the password (`--password-file`, which runs scrypt N=2^15) on a copy
# of the vault the keyring holds no key for (goal: keyring at most 0.3x password).
# Both run with --no-agent, so every run is a first command (with the agent on, the first run
# would hand the key to an agent and the next ones ask it instead).
# The Secret Service is gnome-keyring-daemon (--unlock, --components=secrets) on a private
# session bus (dbus-daemon with a configuration of its own, no service activation), its files
# in a temporary folder; both are killed on exit, whatever happens. A statically linked twofold
# speaks to it with its own D-Bus client (it cannot load libsecret). Whole processes are timed
# with hyperfine (no shell), in interleaved rounds so load from other processes falls on both
# commands alike. Prints `NAME VALUE UNIT` lines on standard output; progress and goals on stderr.
#
# Environment: RUNS (default 100 per command), ROUNDS (default 5), SCRATCH_PATH (default
# .build-bench, the SwiftPM scratch directory).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-100}
rounds=${ROUNDS:-5}
bench_name=bench-keyring
source Scripts/lib/bench.sh
log() { bench_log "$@"; }

bench_require hyperfine dbus-daemon=dbus gnome-keyring-daemon=gnome-keyring
bench_build
# Every daemon started (in $bench_pids) is killed on exit, and $work removed.
bench_workspace

# A private session bus, and the keyring's folders, this run's alone.
mkdir -p "$work/bus" "$work/home" "$work/data" "$work/config" "$work/run"
chmod 700 "$work/run"
cat >"$work/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$work/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
dbus-daemon --config-file="$work/bus.conf" --fork --print-address=3 --print-pid=4 3>"$work/address" 4>"$work/bus-pid"
bench_pids+=("$(cat "$work/bus-pid")")
unset TWOFOLD_AGENT TWOFOLD_PASSWORD TWOFOLD_VAULT TWOFOLD_ASKPASS TWOFOLD_KEYRING DISPLAY WAYLAND_DISPLAY
export DBUS_SESSION_BUS_ADDRESS HOME="$work/home" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
export XDG_RUNTIME_DIR="$work/run" XDG_STATE_HOME="$work/state"
DBUS_SESSION_BUS_ADDRESS=$(head -1 "$work/address")
printf 'login keyring password' | gnome-keyring-daemon --unlock --components=secrets --foreground \
  >/dev/null 2>&1 &
bench_pids+=("$!")
owned() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"
}
for _ in $(seq 400); do owned && break || sleep 0.05; done
owned || { log "gnome-keyring-daemon did not take org.freedesktop.secrets"; exit 1; }
log "gnome-keyring-daemon holds the unlocked login keyring on $DBUS_SESSION_BUS_ADDRESS"

# A 1,000-account vault (as bench-vault.sh makes them), its key in the keyring; a copy the
# keyring holds no key for.
vault="$work/vault.json"
plain="$work/vault-copy.json"
bench_make_vault 1000 "$vault"
cp "$vault" "$plain"
"$bin" keyring enable --vault "$vault" --password-file "$work/pw" --no-agent >&2
[ "$("$bin" keyring status --vault "$vault")" = enabled ] || { log "the keyring does not hold the key"; exit 1; }
query=$(python3 -c '
import sys
from urllib.parse import unquote, urlsplit
print(unquote(urlsplit(open(sys.argv[1]).read().splitlines()[500]).path[1:]))' "$work/uris-1000.txt")

# Both agree, and the keyring's needs no password source at all (no file, no terminal).
by_keyring=$("$bin" code "$query" --vault "$vault" --no-agent </dev/null)
by_password=$("$bin" code "$query" --vault "$plain" --no-agent --password-file "$work/pw" </dev/null)
[ "$by_keyring" = "$by_password" ] || by_keyring=$("$bin" code "$query" --vault "$vault" --no-agent </dev/null)
if [ "$by_keyring" != "$by_password" ]; then
  log "codes differ: keyring $by_keyring, password $by_password"
  exit 1
fi

# Mean over every round of a named command, in milliseconds (equal run counts per round).
mean_ms() {
  awk -F, -v name="$1" '$1 == name { sum += $2; count++ } END { printf "%.3f", sum / count * 1000 }' \
    "$work"/round-*.csv
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
goal() { awk -v value="$2" -v limit="$3" -v name="$1" 'BEGIN {
  printf "bench-keyring: goal %s <= %s: %s\n", name, limit, (value <= limit ? "met" : "MISSED") > "/dev/stderr" }'; }

quoted="'$query'"
per_round=$(((runs + rounds - 1) / rounds))
for round in $(seq "$rounds"); do
  log "round $round of $rounds ($per_round runs per command)"
  hyperfine -N --warmup 3 --runs "$per_round" --style none --export-csv "$work/round-$round.csv" \
    -n keyring "$bin code $quoted --vault $vault --no-agent" \
    -n password "$bin code $quoted --vault $plain --no-agent --password-file $work/pw" >&2
done
keyring_ms=$(mean_ms keyring)
password_ms=$(mean_ms password)
echo "keyring-first-code-1000 $keyring_ms ms"
echo "password-first-code-1000 $password_ms ms"
echo "keyring-vs-password $(ratio "$keyring_ms" "$password_ms") x"
goal keyring-vs-password "$(ratio "$keyring_ms" "$password_ms")" 0.3
