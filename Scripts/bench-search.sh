#!/usr/bin/env bash
# The desktop's own search (CLI.md, "Desktop search"), with its peer in the same run:
#   1. `GetInitialResultSet(['zurich'])` of org.gnome.Shell.SearchProvider2, called over D-Bus as
#      GNOME Shell calls it (a GIO client, Debian's python3-gi, one call after another on one
#      connection; each call timed alone, the median reported) on a 1,000-account encrypted
#      vault the agent holds; the provider is twofold-search-provider, activated on a private
#      session bus from a D-Bus service file (goal: median at most 5 ms). KRunner's
#      `Match('zurich')` and `GetResultMetas` of the ten ids found are timed the same way.
#   2. Beside it, the same query through the command line: `twofold list zurich --json`, one
#      whole process through the same agent, timed with hyperfine (no shell).
# The vault is made as bench-vault.sh makes it (Key URIs from Scripts/bench-uris.py, `twofold
# import`); the agent is started by `twofold unlock` in a private XDG_RUNTIME_DIR. The agent, the
# bus and the provider are killed on exit, whatever happens. Prints `NAME VALUE UNIT` lines on
# standard output; progress and goals on stderr.
#
# Environment: CALLS (default 1000 D-Bus calls per method), RUNS (default 100 `list` processes),
# SCRATCH_PATH (default .build-bench, the root package's SwiftPM scratch directory; the README's
# install build), DESKTOP_SCRATCH_PATH (default .build-bench-desktop, the desktop package's),
# TWOFOLD_BINARY (a twofold built elsewhere, used instead of building the install build).
set -euo pipefail
cd "$(dirname "$0")/.."

calls=${CALLS:-1000}
runs=${RUNS:-100}
desktop_scratch=${DESKTOP_SCRATCH_PATH:-.build-bench-desktop}
bench_name=bench-search
source Scripts/lib/bench.sh
log() { bench_log "$@"; }

bench_require hyperfine dbus-daemon
/usr/bin/python3 -c "import gi; gi.require_version('Gio', '2.0')" 2>/dev/null || bench_apt_install python3-gi

if [ -n "${TWOFOLD_BINARY:-}" ]; then
  bin=$TWOFOLD_BINARY
  log "twofold: $bin (TWOFOLD_BINARY), not built"
else
  bench_build
fi
desktop_flags=(-c release --package-path Apps/Desktop --scratch-path "$PWD/$desktop_scratch")
log "building twofold-search-provider (${desktop_flags[*]})"
swift build "${desktop_flags[@]}" --product twofold-search-provider >&2
provider=$(swift build "${desktop_flags[@]}" --show-bin-path)/twofold-search-provider

# The agent (found by its socket) and the bus (in $bench_pids) are killed on exit; the provider
# ends with its bus (GDBus exits when the connection closes).
bench_workspace
bench_private_runtime
unset TWOFOLD_AGENT TWOFOLD_PASSWORD TWOFOLD_ASKPASS DISPLAY WAYLAND_DISPLAY
export TWOFOLD_VAULT="$work/vault.json" HOME="$work"

bench_make_vault 1000 "$TWOFOLD_VAULT"
"$bin" unlock --idle 3600 --password-file "$work/pw" >&2

# A private session bus whose service folder holds the provider's service file.
mkdir "$work/services"
sed "s|^Exec=.*|Exec=$provider|" Packaging/desktop/io.github.twofold.Twofold.SearchProvider.service \
  >"$work/services/io.github.twofold.Twofold.SearchProvider.service"
cat >"$work/bus.conf" <<CONF
<busconfig>
  <type>session</type>
  <listen>unix:dir=$work</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$work/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
exec {bus_output}< <(exec dbus-daemon --config-file="$work/bus.conf" --nofork --print-address=1 --print-pid=1)
read -r -u "$bus_output" address
read -r -u "$bus_output" bus_pid
bench_pids+=("$bus_pid")
export DBUS_SESSION_BUS_ADDRESS=$address
log "bus $bus_pid at $address"

# The per-call timings: one GIO connection, as the shell has; the first call activates the
# provider (not timed), the next 20 warm it up.
/usr/bin/python3 - "$calls" >"$work/calls.txt" <<'PY'
import statistics, sys, time
import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

calls = int(sys.argv[1])
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
name = "io.github.twofold.Twofold.SearchProvider"

def call(path, interface, method, arguments, reply):
    return bus.call_sync(name, path, interface, method, arguments, GLib.VariantType(reply),
                         Gio.DBusCallFlags.NONE, 10000, None).unpack()[0]

shell = ("/io/github/twofold/Twofold/SearchProvider", "org.gnome.Shell.SearchProvider2")
initial = lambda: call(*shell, "GetInitialResultSet", GLib.Variant("(as)", (["zurich"],)), "(as)")
ids = initial()
if len(ids) != 10:
    sys.exit(f"GetInitialResultSet(['zurich']) gave {len(ids)} ids, not 10: is the agent holding the vault?")
metas = lambda: call(*shell, "GetResultMetas", GLib.Variant("(as)", (ids,)), "(aa{sv})")
match = lambda: call("/runner", "org.kde.krunner1", "Match", GLib.Variant("(s)", ("zurich",)), "(a(sssida{sv}))")
if len(metas()) != 10 or len(match()) != 10:
    sys.exit("GetResultMetas or Match gave other than 10 results")

for label, function in [("initial", initial), ("metas", metas), ("match", match)]:
    for _ in range(20):
        function()
    times = []
    for _ in range(calls):
        start = time.perf_counter_ns()
        function()
        times.append((time.perf_counter_ns() - start) / 1e6)
    times.sort()
    print(label, f"{statistics.median(times):.3f}", f"{times[int(len(times) * 0.9)]:.3f}")
PY
read -r _ initial_ms initial_p90 < <(grep '^initial ' "$work/calls.txt")
read -r _ metas_ms _ < <(grep '^metas ' "$work/calls.txt")
read -r _ match_ms _ < <(grep '^match ' "$work/calls.txt")

log "twofold list zurich --json: $runs processes"
hyperfine -N --warmup 5 --runs "$runs" --style none --export-csv "$work/list.csv" \
  -n list "$bin list zurich --json" >&2
list_ms=$(awk -F, 'NR == 2 { printf "%.3f", $4 * 1000 }' "$work/list.csv")

echo "search-initial-result-set-1000 $initial_ms ms"
echo "search-initial-result-set-1000-p90 $initial_p90 ms"
echo "search-result-metas-10 $metas_ms ms"
echo "krunner-match-1000 $match_ms ms"
echo "list-query-json-1000 $list_ms ms"
awk -v value="$initial_ms" 'BEGIN {
  printf "bench-search: goal search-initial-result-set-1000 <= 5 ms: %s\n", (value <= 5 ? "met" : "MISSED") > "/dev/stderr" }'
