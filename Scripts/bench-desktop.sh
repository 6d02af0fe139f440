#!/usr/bin/env bash
# The desktop app, twofold-desktop (GTK 4), under Xvfb with its peer OTPClient (GTK 3, Debian's
# otpclient) in the same run:
#   1. start-up on a 1,000-account vault the agent holds, every account with an icon of its own
#      (half PNG, half SVG, as Aegis keeps them in the entries): from process start to the first frame
#      showing codes, as the app measures it itself (with TWOFOLD_BENCH_TIMINGS=1 it writes one
#      line `first_frame_ms N` on standard error once that frame is drawn, N in milliseconds since
#      the process started); the median of RUNS starts after WARMUP uncounted ones, each app
#      killed once its line appears (goal: at most 400 ms); beside it the fastest and slowest, and
#      the median seen from outside (from just before the start to the script reading the line);
#   2. idle CPU with 50 accounts visible (its window made as tall as the screen): utime + stime of /proc/PID/stat over IDLE_SECONDS, at
#      least SETTLE seconds after the first frame, as % of one core (goal: at most 1 %); the window
#      placed to hold exactly one end of the 30 s TOTP period, so one change of every code; the
#      agent's and the X server's CPU over the same window beside it (GTK draws partly there);
#   3. resident memory after that window: VmRSS and VmHWM of /proc/PID/status (goal: at most
#      120 MiB each); and the same with the 1,000 icons, the list scrolled from end to end with
#      Page Down so that each icon has been drawn (and its texture kept) once (goal: 120 MiB).
# OTPClient gets 2 and 3 for the same 50 accounts, measured the same way: first as it opens (its
# 50 rows listed; OTPClient shows a code only once its row is activated), then with all 50 codes
# shown (every row activated from the keyboard); and 3 with the 1,000 accounts (it shows no icons).
# Lines for both are printed side by side.
#
# OTPClient unattended: its database is written by Scripts/otpclient-db.py (its own format;
# otpclient-cli cannot import), its config file names that database and turns off what would
# ask something (secret service, memlock warning, first-run info bar, notifications) and sets a
# window tall enough for 50 rows, and xdotool types the password into its password dialog.
#
# Everything runs in a private session: a temporary HOME with its XDG folders (nothing of the
# user's is read or written), a private XDG_RUNTIME_DIR (the agent's socket), its own Xvfb
# (display number chosen by Xvfb) and a private D-Bus session (dbus-run-session), with
# GDK_BACKEND=x11, GSK_RENDERER=cairo and accessibility off (NO_AT_BRIDGE, GTK_A11Y) for both
# apps. Every process started (Xvfb, the apps, the agent, the bus) is ended on exit, whatever
# happens. Without twofold-desktop the script says so on stderr, measures OTPClient alone and
# exits 0. Prints `NAME VALUE UNIT` lines on standard output; progress and goals on stderr.
#
# Environment: TWOFOLD_DESKTOP (the app; default: built from Apps/Desktop, `swift build -c release
# --package-path Apps/Desktop`), TWOFOLD (the CLI that makes the vaults and unlocks them; default:
# built with `swift build -c release --product twofold`), BUILD (default 1; 0 only looks for the
# built binaries), RUNS (default 10 counted starts), WARMUP (default 1), SETTLE (default 5
# seconds), IDLE_SECONDS (default 20), SCREEN (default 1280x2880, Xvfb's screen, tall enough for
# twofold-desktop's 50 rows), SCREENSHOTS (a folder: PNGs of the screen after each idle window,
# with ImageMagick's import, to check what was on screen).
set -euo pipefail
start_dir=$PWD
cd "$(dirname "$0")/.."

bench_name=bench-desktop
source Scripts/lib/bench.sh
log() { bench_log "$@"; }

# alive PID: the process runs (a zombie does not).
alive() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ "${stat:0:1}" != Z ]
}

# ours PID: the process was started by this run (it carries this run's BENCH_DESKTOP_WORK), so a
# recorded pid that ended and was reused by another program is never signalled.
ours() {
  tr '\0' '\n' <"/proc/$1/environ" 2>/dev/null | grep -qxF "BENCH_DESKTOP_WORK=$work"
}

# children_of PID: the processes whose parent is PID.
children_of() {
  local parent=$1 file stat fields
  for file in /proc/[0-9]*/stat; do
    stat=$(cat "$file" 2>/dev/null) || continue
    read -ra fields <<<"${stat##*) }"
    if [ "${fields[1]}" = "$parent" ]; then
      file=${file#/proc/}
      echo "${file%/stat}"
    fi
  done
}

# stop PID: TERM, then KILL after 5 s; reaps it when it is this shell's child.
stop() {
  local pid=$1
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 50); do
    alive "$pid" || break
    sleep 0.1
  done
  if alive "$pid"; then
    log "process $pid did not end on TERM: killing it"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || true
}

# Resolves a path given by the caller against the folder the script was started from.
absolute() {
  case $1 in
    /*) echo "$1" ;;
    */*) echo "$start_dir/$1" ;;
    *) command -v "$1" || echo "$start_dir/$1" ;;
  esac
}

if [ -z "${BENCH_DESKTOP_WORK:-}" ]; then
  # The outer part: tools, binaries, the private folders; then the inner part in its D-Bus session.
  bench_require Xvfb=xvfb xdotool dbus-run-session=dbus-daemon otpclient
  bench_python cryptography # Scripts/otpclient-db.py

  for name in RUNS WARMUP SETTLE IDLE_SECONDS; do
    value=${!name:-1}
    if ! [[ $value =~ ^[0-9]+$ ]]; then
      log "$name must be a whole number, not '$value'"
      exit 2
    fi
  done
  if [ "${RUNS:-10}" -lt 1 ]; then
    log "RUNS must be at least 1"
    exit 2
  fi
  if ! [[ ${SCREEN:-1280x2880} =~ ^[1-9][0-9]*x[1-9][0-9]*$ ]]; then
    log "SCREEN must be WIDTHxHEIGHT, not '$SCREEN'"
    exit 2
  fi

  desktop=""
  if [ -n "${TWOFOLD_DESKTOP:-}" ]; then
    candidate=$(absolute "$TWOFOLD_DESKTOP")
    if [ -x "$candidate" ]; then
      desktop=$candidate
    else
      log "TWOFOLD_DESKTOP=$TWOFOLD_DESKTOP is not an executable file"
    fi
  elif [ -f Apps/Desktop/Package.swift ]; then
    if [ "${BUILD:-1}" != 0 ]; then
      log "building Apps/Desktop (swift build -c release --package-path Apps/Desktop)"
      swift build -c release --package-path Apps/Desktop >&2 || log "building Apps/Desktop failed"
    fi
    candidate=$(swift build -c release --package-path Apps/Desktop --show-bin-path 2>/dev/null)/twofold-desktop || true
    [ -x "$candidate" ] && desktop=$candidate
  fi
  cli=""
  if [ -z "$desktop" ]; then
    log "twofold-desktop is absent (neither TWOFOLD_DESKTOP nor a build in Apps/Desktop): measuring OTPClient alone"
  elif [ -n "${TWOFOLD:-}" ]; then
    cli=$(absolute "$TWOFOLD")
  else
    if [ "${BUILD:-1}" != 0 ]; then
      log "building twofold (swift build -c release --product twofold)"
      swift build -c release --product twofold >&2
    fi
    cli=$(swift build -c release --show-bin-path)/twofold
  fi
  if [ -n "$cli" ] && [ ! -x "$cli" ]; then
    log "the twofold CLI $cli is not an executable file"
    exit 1
  fi

  # The interpreter itself, not a shim that looks under HOME (pyenv's), since HOME changes.
  python=$("$python" -c 'import sys; print(sys.executable)')

  work=$(mktemp -d)
  session=""
  outer_cleanup() {
    set +e
    # The inner part ends what it started (also when dbus-run-session was killed alone and left
    # it running); then dbus-run-session ends its bus.
    local inner pid
    inner=$(cat "$work/inner.pid" 2>/dev/null)
    if [ -n "$inner" ] && alive "$inner"; then
      kill "$inner" 2>/dev/null
      for _ in $(seq 150); do
        alive "$inner" || break
        sleep 0.1
      done
    fi
    if [ -n "$session" ] && alive "$session"; then
      for _ in $(seq 50); do
        alive "$session" || break
        sleep 0.1
      done
      for pid in $(children_of "$session"); do kill "$pid" 2>/dev/null; done
      kill "$session" 2>/dev/null
    fi
    [ -n "$session" ] && wait "$session" 2>/dev/null
    # Whatever the inner part recorded and could not end (it was killed itself, say), an agent it
    # had no time to record, and the bus when dbus-run-session was killed alone.
    for pid in $(cat "$work/pids" "$work/sleep.pid" "$work/bus.pid" 2>/dev/null); do
      alive "$pid" && ours "$pid" && stop "$pid"
    done
    if [ -n "$cli" ] && [ -S "$work/run/twofold/agent.sock" ]; then
      pid=$(XDG_RUNTIME_DIR=$work/run "$cli" status --json 2>/dev/null | sed -n 's/.*"pid":\([0-9]*\).*/\1/p')
      [ -n "$pid" ] && alive "$pid" && ours "$pid" && stop "$pid"
    fi
    rm -rf "$work"
  }
  trap outer_cleanup EXIT
  trap 'exit 130' INT TERM HUP

  mkdir -p "$work/home/.config" "$work/home/.local/share" "$work/home/.local/state" "$work/home/.cache" "$work/run"
  chmod 700 "$work/run"
  export BENCH_DESKTOP_WORK=$work BENCH_DESKTOP_APP=$desktop BENCH_DESKTOP_CLI=$cli BENCH_DESKTOP_PYTHON=$python
  export BENCH_DESKTOP_SCREENSHOTS=${SCREENSHOTS:+$(absolute "$SCREENSHOTS")}
  # The private home before the bus starts, so that services it starts get it too.
  export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share
  export XDG_STATE_HOME=$work/home/.local/state XDG_CACHE_HOME=$work/home/.cache XDG_RUNTIME_DIR=$work/run
  unset DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY
  dbus-run-session -- bash "$0" </dev/null &
  session=$!
  status=0
  wait "$session" || status=$?
  exit "$status"
fi

# The inner part, in its private D-Bus session.
work=$BENCH_DESKTOP_WORK
desktop=$BENCH_DESKTOP_APP
cli=$BENCH_DESKTOP_CLI
python=$BENCH_DESKTOP_PYTHON
shots=$BENCH_DESKTOP_SCREENSHOTS
runs=${RUNS:-10}
warmup=${WARMUP:-1}
settle=${SETTLE:-5}
idle=${IDLE_SECONDS:-20}
screen=${SCREEN:-1280x2880}
echo $$ >"$work/inner.pid"
# The bus dbus-run-session started beside this shell, for the outer part's last resort.
for pid in $(children_of "$PPID"); do
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = dbus-daemon ] && echo "$pid" >"$work/bus.pid"
done

# Every process started, so that the trap (or the outer part, as a last resort) ends it.
started=()
track() {
  started+=("$1")
  printf '%s\n' "${started[@]}" >"$work/pids"
}
untrack() {
  local kept=() pid
  for pid in ${started[@]+"${started[@]}"}; do
    [ "$pid" != "$1" ] && kept+=("$pid")
  done
  started=(${kept[@]+"${kept[@]}"})
  printf '%s\n' ${started[@]+"${started[@]}"} >"$work/pids"
}
finish() {
  stop "$1"
  untrack "$1"
}
cleanup() {
  set +e
  # An agent an unlock started before its pid was read.
  if [ -n "$cli" ] && [ -S "$XDG_RUNTIME_DIR/twofold/agent.sock" ]; then
    local agent_pid
    agent_pid=$("$cli" status --json 2>/dev/null | sed -n 's/.*"pid":\([0-9]*\).*/\1/p')
    [ -n "$agent_pid" ] && track "$agent_pid"
  fi
  local index
  for ((index = ${#started[@]} - 1; index >= 0; index--)); do
    alive "${started[index]}" && stop "${started[index]}"
  done
  local job
  for job in $(jobs -p); do kill "$job" 2>/dev/null; done
  wait 2>/dev/null
  rm -f "$work/pids"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# pause SECONDS: a sleep the traps can interrupt (recorded for the outer part, like the rest).
pause() {
  sleep "$1" &
  echo $! >"$work/sleep.pid"
  wait $! || return 0
}

results=()
result() { results+=("$1 $2 $3"); }
print_results() {
  # Ours and the peer's side by side: the lines in this order, those measured.
  local name line
  for name in desktop_first_frame_ms desktop_first_frame_min_ms desktop_first_frame_max_ms \
    desktop_first_frame_seen_ms \
    desktop_idle_cpu_percent otpclient_idle_cpu_percent otpclient_codes_shown_idle_cpu_percent \
    desktop_agent_idle_cpu_percent \
    desktop_xserver_idle_cpu_percent otpclient_xserver_idle_cpu_percent \
    otpclient_codes_shown_xserver_idle_cpu_percent \
    desktop_rss_mib otpclient_rss_mib otpclient_codes_shown_rss_mib \
    desktop_hwm_mib otpclient_hwm_mib otpclient_codes_shown_hwm_mib \
    desktop_1000_icons_rss_mib otpclient_1000_rss_mib desktop_1000_icons_hwm_mib otpclient_1000_hwm_mib; do
    for line in ${results[@]+"${results[@]}"}; do
      [ "${line%% *}" = "$name" ] && echo "$line"
    done
  done
  return 0
}
fail() {
  log "$*"
  print_results
  exit 1
}
goal() { awk -v value="$2" -v limit="$3" -v name="$1" -v unit="$4" 'BEGIN {
  printf "bench-desktop: goal %s <= %s %s: %s\n", name, limit, unit, (value <= limit ? "met" : "MISSED") > "/dev/stderr" }'; }

# cpu_ticks PID: its user + system time so far, in clock ticks.
cpu_ticks() {
  local stat fields
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  read -ra fields <<<"${stat##*) }"
  echo $((fields[11] + fields[12]))
}
# status_mib PID KEY: a VmRSS or VmHWM line of /proc/PID/status, in MiB.
status_mib() { awk -v key="$2:" '$1 == key { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }
# now: seconds since the epoch, to the microsecond, with a decimal point whatever the locale.
now() {
  local time=$EPOCHREALTIME
  echo "${time/,/.}"
}
# idle_cpu PID...: each one's CPU over the next $idle seconds, as % of one core, in $cpu[].
idle_cpu() {
  local pid ticks before=() after=() start end hz index
  hz=$(getconf CLK_TCK)
  for pid in "$@"; do
    ticks=$(cpu_ticks "$pid") || fail "process $pid ended before its idle window"
    before+=("$ticks")
  done
  start=$(now)
  pause "$idle"
  end=$(now)
  for pid in "$@"; do
    ticks=$(cpu_ticks "$pid") || fail "process $pid ended during its idle window"
    after+=("$ticks")
  done
  cpu=()
  for index in "${!before[@]}"; do
    cpu+=("$(awk -v ticks=$((after[index] - before[index])) -v hz="$hz" -v start="$start" -v end="$end" \
      'BEGIN { printf "%.2f", ticks / hz / (end - start) * 100 }')")
  done
}
# period_second: the second of the current 30 s TOTP period.
period_second() { echo $(($(date +%s) % 30)); }
# align: waits until a window of $idle seconds begun now holds exactly one period's end (every
# account has a 30 s period), so that each app's window holds one change of all the codes.
align() {
  [ "$idle" -lt 30 ] || return 0
  local low=$((31 - idle)) second
  [ "$low" -gt 28 ] && low=28
  while true; do
    second=$(period_second)
    [ "$second" -ge "$low" ] && [ "$second" -le 28 ] && return 0
    pause 0.5
  done
}
# pointer_away: the pointer to the screen's last pixel, off the apps' rows (no hover).
pointer_away() { xdotool mousemove "$((${screen%x*} - 1))" "$((${screen#*x} - 1))"; }
screenshot() {
  [ -n "$shots" ] || return 0
  if command -v import >/dev/null; then
    mkdir -p "$shots"
    import -window root "$shots/$1.png" && log "screenshot $shots/$1.png"
  else
    log "no ImageMagick import: no screenshot"
  fi
}
# wait_window REGEX SECONDS PID: the id of a visible window whose name matches, once there is one.
wait_window() {
  local id
  for _ in $(seq $(($2 * 10))); do
    id=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -1) || true
    if [ -n "$id" ]; then
      echo "$id"
      return 0
    fi
    alive "$3" || return 1
    pause 0.1
  done
  return 1
}

# The X server: a free display number, chosen by Xvfb and written on its fd 3.
Xvfb -displayfd 3 -screen 0 "${screen}x24" -nolisten tcp -noreset 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
track "$xvfb"
for _ in $(seq 100); do
  [ -s "$work/display" ] && break
  alive "$xvfb" || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
  pause 0.1
done
[ -s "$work/display" ] || fail "Xvfb gave no display in 10 s"
DISPLAY=:$(head -1 "$work/display")
export DISPLAY
export GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=1 GTK_A11Y=none
unset TWOFOLD_AGENT TWOFOLD_PASSWORD TWOFOLD_VAULT TWOFOLD_ASKPASS
log "Xvfb on $DISPLAY ($screen), D-Bus session $DBUS_SESSION_BUS_ADDRESS"
printf 'bench password\n' >"$work/pw"
printf 'bench password' >"$work/pw-typed"
"$python" Scripts/bench-uris.py 50 >"$work/uris-50.txt"

# open_otpclient COUNT: OTPClient on a database of the COUNT accounts of Scripts/bench-uris.py, its
# config, the password typed into its dialog; sets $otpclient_pid and $main (its window).
otpclient_version=$(dpkg-query -W -f='${Version}' otpclient 2>/dev/null || echo unknown)
[[ $otpclient_version == 3.* ]] ||
  log "warning: written for OTPClient 3.x (Debian 12's); its database format and config may differ"
open_otpclient() {
  local count=$1 dialog
  [ -e "$work/uris-$count.txt" ] || "$python" Scripts/bench-uris.py "$count" >"$work/uris-$count.txt"
  "$python" Scripts/otpclient-db.py "$work/uris-$count.txt" "$work/pw" "$work/otpclient-$count.enc"
  cat >"$XDG_CONFIG_HOME/otpclient.cfg" <<EOF
[config]
db_path=$work/otpclient-$count.enc
use_secret_service=false
show_memlock_warning=false
upgrade_msg=v2_6
notifications=true
show_next_otp=true
window_width=900
window_height=1400
EOF
  log "OTPClient $otpclient_version: opening $count accounts"
  otpclient >"$work/otpclient.log" 2>&1 &
  otpclient_pid=$!
  track "$otpclient_pid"
  dialog=$(wait_window '^Password$' 30 "$otpclient_pid") ||
    fail "OTPClient showed no password dialog: $(cat "$work/otpclient.log")"
  timeout 10 xdotool windowfocus --sync "$dialog" || fail "OTPClient's password dialog took no focus"
  xdotool type --delay 10 --file "$work/pw-typed"
  xdotool key Return
  main=$(wait_window '^OTPClient$' 60 "$otpclient_pid") ||
    fail "OTPClient's window did not open after the password: $(cat "$work/otpclient.log")"
  pause 0.5
  if xdotool search --onlyvisible --name '^Password$' >/dev/null 2>&1; then
    fail "OTPClient asks for its password again (the database did not open)"
  fi
}
open_otpclient 50
pointer_away
pause "$settle"
align
log "OTPClient: idle for $idle s, its 50 rows listed"
idle_cpu "$otpclient_pid" "$xvfb"
result otpclient_idle_cpu_percent "${cpu[0]}" %
result otpclient_xserver_idle_cpu_percent "${cpu[1]}" %
result otpclient_rss_mib "$(status_mib "$otpclient_pid" VmRSS)" MiB
result otpclient_hwm_mib "$(status_mib "$otpclient_pid" VmHWM)" MiB
screenshot otpclient-listed

# Every code shown: a click on a row gives the list the focus, then Home and Return, Down and
# Return through the 50 rows. With show_next_otp OTPClient shows the next code at the first
# period's end after that and clears it at the second: shown early in a period, the codes last
# through the settling and a window that holds the first end (align), as ours are redrawn there.
while true; do
  second=$(period_second)
  [ "$second" -ge 1 ] && [ "$second" -le 10 ] && break
  pause 0.5
done
geometry=$(xdotool getwindowgeometry "$main")
size=$(sed -n 's/^ *Geometry: //p' <<<"$geometry")
xdotool mousemove --window "$main" "$((${size%x*} / 2))" "$((${size#*x} / 4))" click 1
keys=(Home Return)
for _ in $(seq 49); do keys+=(Down Return); done
xdotool key --delay 15 "${keys[@]}"
pointer_away
pause "$settle"
align
log "OTPClient: idle for $idle s, its 50 codes shown"
idle_cpu "$otpclient_pid" "$xvfb"
result otpclient_codes_shown_idle_cpu_percent "${cpu[0]}" %
result otpclient_codes_shown_xserver_idle_cpu_percent "${cpu[1]}" %
result otpclient_codes_shown_rss_mib "$(status_mib "$otpclient_pid" VmRSS)" MiB
result otpclient_codes_shown_hwm_mib "$(status_mib "$otpclient_pid" VmHWM)" MiB
screenshot otpclient-codes-shown
finish "$otpclient_pid"

# Memory with 1,000 accounts (OTPClient shows no icons: its rows are text), measured as ours below.
open_otpclient 1000
pointer_away
pause "$settle"
result otpclient_1000_rss_mib "$(status_mib "$otpclient_pid" VmRSS)" MiB
result otpclient_1000_hwm_mib "$(status_mib "$otpclient_pid" VmHWM)" MiB
screenshot otpclient-1000
finish "$otpclient_pid"

if [ -z "$desktop" ]; then
  print_results
  exit 0
fi

# twofold-desktop: the accounts of bench-agent.sh's vaults, each with an icon of its own (half PNG,
# half SVG; Scripts/bench-icon-vault.py writes them as Aegis does), encrypted by `twofold passwd`
# (which keeps the entries' icons; `import` keeps accounts only), one agent holding both.
make_vault() {
  log "making a vault of $1 accounts, each with an icon"
  "$python" Scripts/bench-icon-vault.py "$1" "$work/vault-$1.json"
  chmod 600 "$work/vault-$1.json"
  "$cli" passwd --vault "$work/vault-$1.json" --new-password-file "$work/pw" --no-agent >&2
}
make_vault 1000
make_vault 50
"$cli" unlock --idle 3600 --vault "$work/vault-1000.json" --password-file "$work/pw" >&2
agent=$("$cli" status --json | "$python" -c 'import json, sys; print(json.load(sys.stdin)["pid"])')
track "$agent"
"$cli" unlock --idle 3600 --vault "$work/vault-50.json" --password-file "$work/pw" >&2
log "agent $agent holds both vaults"

# Start-up: the app's stderr through a FIFO, read by the shell itself (no polling process
# competing with the app for the 2 cores).
mkfifo "$work/desktop.fifo"
frames=()
seen=()
for run in $(seq $((warmup + runs))); do
  started_at=$(now)
  TWOFOLD_BENCH_TIMINGS=1 "$desktop" --vault "$work/vault-1000.json" >>"$work/desktop.log" 2>"$work/desktop.fifo" &
  pid=$!
  track "$pid"
  exec 4<"$work/desktop.fifo"
  frame=""
  while IFS= read -r -t 60 line <&4; do
    if [[ $line =~ ^first_frame_ms[[:space:]]+([0-9]+(\.[0-9]+)?)[[:space:]]*$ ]]; then
      frame=${BASH_REMATCH[1]}
      break
    fi
    echo "$line" >>"$work/desktop.log"
  done
  seen_at=$(now)
  finish "$pid"
  exec 4<&-
  [ -n "$frame" ] || fail "twofold-desktop wrote no first_frame_ms line (run $run): $(tail -5 "$work/desktop.log")"
  if [ "$run" -gt "$warmup" ]; then
    frames+=("$frame")
    seen+=("$(awk -v a="$started_at" -v b="$seen_at" 'BEGIN { printf "%.1f", (b - a) * 1000 }')")
  fi
  log "start $run of $((warmup + runs))$([ "$run" -le "$warmup" ] && echo ' (warm-up)'): first frame at $frame ms"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
result desktop_first_frame_ms "$(median "${frames[@]}")" ms
result desktop_first_frame_min_ms "$(printf '%s\n' "${frames[@]}" | sort -n | head -1)" ms
result desktop_first_frame_max_ms "$(printf '%s\n' "${frames[@]}" | sort -n | tail -1)" ms
result desktop_first_frame_seen_ms "$(median "${seen[@]}")" ms

# tall_window PID: its window as tall as the screen but for a margin, so that as many rows are
# drawn as OTPClient's window shows (its height from its config file).
tall_window() {
  local window size
  window=$(xdotool search --onlyvisible --pid "$1" 2>/dev/null | head -1) || true
  if [ -n "$window" ]; then
    size=$(xdotool getwindowgeometry "$window" | sed -n 's/^ *Geometry: //p')
    xdotool windowsize "$window" "${size%x*}" "$((${screen#*x} - 80))"
    log "twofold-desktop: its window from $size to ${size%x*}x$((${screen#*x} - 80))"
  else
    log "warning: twofold-desktop's window not found, not made taller: not every row may be drawn"
  fi
}
# wait_first_frame PID LOG: until the app wrote its first_frame_ms line.
wait_first_frame() {
  for _ in $(seq 600); do
    grep -q '^first_frame_ms ' "$2" && return 0
    alive "$1" || fail "twofold-desktop ended before its first frame: $(tail -5 "$2")"
    pause 0.1
  done
  fail "twofold-desktop drew no first frame in 60 s"
}

# Memory with 1,000 icons: the list scrolled from end to end (Page Down from its first row), so
# every row has been drawn with its icon once and each icon's texture is made and kept.
log "twofold-desktop: opening 1,000 accounts with icons, scrolling through them"
TWOFOLD_BENCH_TIMINGS=1 "$desktop" --vault "$work/vault-1000.json" >>"$work/desktop.log" 2>"$work/desktop-1000.log" &
pid=$!
track "$pid"
wait_first_frame "$pid" "$work/desktop-1000.log"
tall_window "$pid"
pause 1
window=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -1) || true
[ -n "$window" ] && xdotool windowfocus "$window" 2>/dev/null || true
for _ in $(seq 60); do
  xdotool key Page_Down
  pause 0.1
done
pointer_away
pause "$settle"
result desktop_1000_icons_rss_mib "$(status_mib "$pid" VmRSS)" MiB
result desktop_1000_icons_hwm_mib "$(status_mib "$pid" VmHWM)" MiB
screenshot desktop-1000-icons-end
finish "$pid"

# Idle with 50 accounts.
log "twofold-desktop: opening 50 accounts"
TWOFOLD_BENCH_TIMINGS=1 "$desktop" --vault "$work/vault-50.json" >>"$work/desktop.log" 2>"$work/desktop-idle.log" &
pid=$!
track "$pid"
wait_first_frame "$pid" "$work/desktop-idle.log"
tall_window "$pid"
pointer_away
pause "$settle"
align
log "twofold-desktop: idle for $idle s, 50 accounts"
idle_cpu "$pid" "$agent" "$xvfb"
result desktop_idle_cpu_percent "${cpu[0]}" %
result desktop_agent_idle_cpu_percent "${cpu[1]}" %
result desktop_xserver_idle_cpu_percent "${cpu[2]}" %
result desktop_rss_mib "$(status_mib "$pid" VmRSS)" MiB
result desktop_hwm_mib "$(status_mib "$pid" VmHWM)" MiB
screenshot desktop
finish "$pid"

print_results
value() {
  local line
  for line in "${results[@]}"; do [ "${line%% *}" = "$1" ] && { line=${line#* }; echo "${line%% *}"; }; done
}
goal desktop_first_frame_ms "$(value desktop_first_frame_ms)" 400 ms
goal desktop_idle_cpu_percent "$(value desktop_idle_cpu_percent)" 1 %
goal desktop_rss_mib "$(value desktop_rss_mib)" 120 MiB
goal desktop_hwm_mib "$(value desktop_hwm_mib)" 120 MiB
goal desktop_1000_icons_rss_mib "$(value desktop_1000_icons_rss_mib)" 120 MiB
goal desktop_1000_icons_hwm_mib "$(value desktop_1000_icons_hwm_mib)" 120 MiB
