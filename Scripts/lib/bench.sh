# The benchmark scripts' shared set-up, sourced by Scripts/bench-*.sh after they set `bench_name`:
#   bench_log MESSAGE…              progress on standard error, prefixed with the script's name
#   bench_require COMMAND[=PACKAGE]… installs the Debian packages of the commands not on PATH
#                                    (with sudo when not root; PACKAGE defaults to COMMAND's name)
#   bench_python MODULE[=PACKAGE]…   sets $python to a Python that imports every MODULE: python3 when
#                                    it does, else a venv in the scratch folder, pip-installed once
#                                    (pip into a venv works where the system Python refuses, PEP 668)
#   bench_build [PRODUCT…]           the README's install build (static executable) into $bench_scratch;
#                                    sets $bin to its `twofold` (products default to twofold)
#   bench_workspace                  sets $work to a new temporary folder, removed on exit, when every
#                                    process in $bench_pids (agents, daemons) is killed too
#   bench_private_runtime            a private XDG_RUNTIME_DIR under $work, so agents are this run's own
#   bench_make_vault COUNT PATH      an encrypted vault of COUNT accounts (Scripts/bench-uris.py, import)
#                                    with the password of $work/pw
#   bench_agent_pid                  the running agent's pid, from `twofold status --json`
#   bench_track_agent                adds that agent to $bench_pids
#   bench_mean_ms HYPERFINE_JSON [N] the mean of result N (default 0) in milliseconds, one decimal
#   bench_rounds_mean_ms NAME PREFIX the mean of command NAME over hyperfine's $work/PREFIX-round-*.csv
#                                    (equal run counts per round), in milliseconds
#   bench_ratio A B                  A / B, three decimals
#   bench_goal NAME VALUE LIMIT      says on standard error whether VALUE <= LIMIT: met or MISSED
# Environment: SCRATCH_PATH (default .build-bench, the SwiftPM scratch directory).
# shellcheck shell=bash

bench_scratch=${SCRATCH_PATH:-.build-bench}
bench_install_flags=(-c release --scratch-path "$bench_scratch" --static-swift-stdlib -Xswiftc -static-executable)
bench_pids=()

bench_log() { echo "${bench_name:-bench}: $*" >&2; }

bench_apt_install() {
  local sudo=""
  [ "$(id -u)" != 0 ] && sudo=sudo
  bench_log "installing $*"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >&2
}

bench_require() {
  local spec command package missing=()
  for spec in "$@"; do
    command=${spec%%=*}
    package=${spec#*=}
    [ "$package" = "$spec" ] && package=$(basename "$command")
    command -v "$command" >/dev/null || missing+=("$package")
  done
  if [ ${#missing[@]} -gt 0 ]; then bench_apt_install "${missing[@]}"; fi
}

bench_python() {
  local spec modules=() packages=()
  for spec in "$@"; do
    modules+=("${spec%%=*}")
    if [ "${spec#*=}" = "$spec" ]; then packages+=("$spec"); else packages+=("${spec#*=}"); fi
  done
  local imports
  imports=$(printf 'import %s;' "${modules[@]}")
  python=python3
  if python3 -c "$imports" 2>/dev/null; then return; fi
  local venv="$bench_scratch/bench-venv"
  python="$venv/bin/python3"
  if [ -x "$python" ] && "$python" -c "$imports" 2>/dev/null; then return; fi
  bench_log "installing ${packages[*]} into $venv"
  [ -x "$python" ] || python3 -m venv "$venv" >&2
  "$python" -m pip install -q "${packages[@]}" >&2
}

bench_build() {
  local products=("$@") product
  [ ${#products[@]} -gt 0 ] || products=(twofold)
  bench_log "building (${bench_install_flags[*]})"
  for product in "${products[@]}"; do
    swift build "${bench_install_flags[@]}" --product "$product" >&2
  done
  bin=$(swift build "${bench_install_flags[@]}" --show-bin-path)/twofold
}

bench_cleanup() {
  local pid
  # An agent an unlock started before its pid was recorded.
  if [ -n "${work:-}" ] && [ -S "$work/run/twofold/agent.sock" ]; then bench_pids+=("$(bench_agent_pid)"); fi
  for pid in ${bench_pids[@]+"${bench_pids[@]}"}; do
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  done
  if [ -n "${work:-}" ]; then rm -rf "$work"; fi
}

bench_workspace() {
  work=$(mktemp -d)
  trap bench_cleanup EXIT
  trap 'exit 130' INT TERM HUP
  printf 'bench password\n' >"$work/pw"
}

bench_private_runtime() {
  export XDG_RUNTIME_DIR="$work/run"
  mkdir -p "$XDG_RUNTIME_DIR"
  chmod 700 "$XDG_RUNTIME_DIR"
}

bench_make_vault() {
  local count=$1 path=$2
  bench_log "making a vault of $count accounts"
  [ -e "$work/uris-$count.txt" ] || python3 Scripts/bench-uris.py "$count" >"$work/uris-$count.txt"
  "$bin" init --vault "$path" --password-file "$work/pw" --no-agent >&2
  "$bin" import --vault "$path" --password-file "$work/pw" --no-agent "$work/uris-$count.txt" >&2
}

bench_agent_pid() {
  TWOFOLD_AGENT=on "$bin" status --json 2>/dev/null | sed -n 's/.*"pid":\([0-9]*\).*/\1/p'
}

bench_track_agent() {
  bench_pids+=("$(bench_agent_pid)")
}

bench_mean_ms() {
  python3 -c "import json,sys;print(round(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['mean']*1000,1))" \
    "$1" "${2:-0}"
}

bench_rounds_mean_ms() {
  awk -F, -v name="$1" '$1 == name { sum += $2; count++ } END { printf "%.3f", sum / count * 1000 }' \
    "$work"/"$2"-round-*.csv
}

bench_ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

bench_goal() {
  awk -v value="$2" -v limit="$3" -v name="$1" -v script="${bench_name:-bench}" 'BEGIN {
    printf "%s: goal %s <= %s: %s\n", script, name, limit, (value <= limit ? "met" : "MISSED") > "/dev/stderr" }'
}
