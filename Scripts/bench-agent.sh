#!/usr/bin/env bash
# Commands through the unlock agent, on the README's install build, with their peers in the
# same run:
#   1. `twofold code QUERY` on a 1,000-account encrypted vault the agent holds (QUERY an exact
#      issuer:name), against one `oathtool --totp` process and against the same command with
#      `--no-agent --password-file` (goals: at most 2.0x oathtool, at most 0.1x direct); and on
#      the 10,000-account vault of part 2 against oathtool (goal: at most 2.0x, as on 1,000);
#   2. `twofold list --json` on a 10,000-account vault the agent holds, against the Python peer
#      of bench-vault.sh, Scripts/peer-list-json.py (goal: at most 0.15x);
#   3. the agent's resident memory holding the 10,000-account vault after a few list commands,
#      VmRSS and VmHWM of its /proc/PID/status (goal: at most 40 MiB), and the peak of a
#      `list --json` process the agent answers (goal: at most 24 MiB).
# Whole processes are timed with hyperfine (no shell), in interleaved rounds so load from other
# processes falls on every command alike. The vaults are made as bench-vault.sh makes them (Key
# URIs from Scripts/bench-uris.py, `twofold import`). Each part runs its own agent, started by
# `twofold unlock` in a private XDG_RUNTIME_DIR; every agent started is killed on exit, whatever
# happens. Prints `NAME VALUE UNIT` lines on standard output; progress and goals on stderr.
#
# Environment: RUNS (default 300 per `code` command), LIST_RUNS (default 30 per `list --json`
# command), ROUNDS (default 5), SCRATCH_PATH (default .build-bench, the SwiftPM scratch directory).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-300}
list_runs=${LIST_RUNS:-30}
rounds=${ROUNDS:-5}
bench_name=bench-agent
source Scripts/lib/bench.sh
log() { bench_log "$@"; }

bench_require oathtool hyperfine /usr/bin/time=time
bench_python cryptography pyotp
bench_build

# Every agent started is killed on exit (bench_cleanup), one started by an unlock before its
# pid was read included; its runtime folder is this run's own.
bench_workspace
bench_private_runtime
unset TWOFOLD_AGENT TWOFOLD_PASSWORD TWOFOLD_VAULT TWOFOLD_ASKPASS

# make_vault COUNT: an encrypted vault of COUNT accounts at $work/vault-COUNT.json.
make_vault() { bench_make_vault "$1" "$work/vault-$1.json"; }

# unlock VAULT: starts an agent holding VAULT's key; its pid in $agent (and in $bench_pids, for the
# trap).
unlock() {
  "$bin" unlock --idle 3600 --vault "$1" --password-file "$work/pw" >&2
  agent=$("$bin" status --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["pid"])')
  bench_pids+=("$agent")
  log "agent $agent holds $1"
}

# stop_agent: forgets every key and ends the agent in $agent.
stop_agent() {
  "$bin" lock --all >&2
  kill "$agent"
  for _ in $(seq 200); do
    if [ ! -e "/proc/$agent" ]; then
      bench_pids=()
      return 0
    fi
    sleep 0.05
  done
  log "agent $agent did not end"
  exit 1
}


# timed_rounds NAME RUNS WARMUP HYPERFINE_COMMANDS...: the commands in ROUNDS interleaved rounds.
timed_rounds() {
  local name=$1 total=$2 warmup=$3
  shift 3
  local per_round=$(((total + rounds - 1) / rounds))
  for round in $(seq "$rounds"); do
    log "$name: round $round of $rounds ($per_round runs per command)"
    if ! hyperfine -N --warmup "$warmup" --runs "$per_round" --style none \
      --export-csv "$work/$name-round-$round.csv" "$@" >&2; then
      [ -e "/proc/$agent" ] || log "agent $agent ended during the timing (killed from outside?)"
      exit 1
    fi
  done
}

# 1. One code through the agent, from a 1,000-account vault.
make_vault 1000
small="$work/vault-1000.json"
# Account 500: its exact issuer:name and its secret, from its Key URI.
python3 - "$work/uris-1000.txt" >"$work/account" <<'PY'
import sys
from urllib.parse import parse_qs, unquote, urlsplit
uri = urlsplit(open(sys.argv[1]).read().splitlines()[500])
print(unquote(uri.path[1:]))
print(parse_qs(uri.query)["secret"][0])
PY
{ read -r query; read -r secret; } <"$work/account"
unlock "$small"
agent_code=("$bin" code "$query" --vault "$small")
direct_code=("$bin" code "$query" --vault "$small" --no-agent --password-file "$work/pw")
# The agent answers (no password source: without it the command fails), all three agree.
for _ in 1 2; do
  by_agent=$("${agent_code[@]}" </dev/null)
  by_direct=$("${direct_code[@]}")
  by_oathtool=$(oathtool --totp -b "$secret")
  [ "$by_agent" = "$by_direct" ] && [ "$by_agent" = "$by_oathtool" ] && break
done
if [ "$by_agent" != "$by_direct" ] || [ "$by_agent" != "$by_oathtool" ]; then
  log "codes differ: agent $by_agent, direct $by_direct, oathtool $by_oathtool"
  exit 1
fi
quoted="'$query'"
timed_rounds code "$runs" 10 \
  -n agent "$bin code $quoted --vault $small" \
  -n oathtool "oathtool --totp -b $secret" \
  -n direct "$bin code $quoted --vault $small --no-agent --password-file $work/pw"
agent_ms=$(bench_rounds_mean_ms agent code)
oathtool_ms=$(bench_rounds_mean_ms oathtool code)
direct_ms=$(bench_rounds_mean_ms direct code)
echo "agent-code-1000 $agent_ms ms"
echo "oathtool-totp $oathtool_ms ms"
echo "direct-code-1000 $direct_ms ms"
echo "agent-code-vs-oathtool $(bench_ratio "$agent_ms" "$oathtool_ms") x"
echo "agent-code-vs-direct $(bench_ratio "$agent_ms" "$direct_ms") x"
bench_goal agent-code-vs-oathtool "$(bench_ratio "$agent_ms" "$oathtool_ms")" 2.0
bench_goal agent-code-vs-direct "$(bench_ratio "$agent_ms" "$direct_ms")" 0.1
stop_agent

# 2. Every account's code through the agent, from a 10,000-account vault, a fresh agent.
make_vault 10000
large="$work/vault-10000.json"
unlock "$large"
peer=("$python" "$PWD/Scripts/peer-list-json.py" "$large" "$work/pw")
# A few list commands; the agent's list agrees with the peer's (ids and codes).
same_accounts() {
  python3 -c '
import json, sys
pairs = lambda path: sorted((a["id"], a["code"]) for a in json.load(open(path)))
sys.exit(0 if pairs(sys.argv[1]) == pairs(sys.argv[2]) and len(pairs(sys.argv[1])) == 10000 else 1)
' "$work/agent.json" "$work/peer.json"
}
for attempt in 1 2 3; do
  "$bin" list --json --vault "$large" </dev/null >"$work/agent.json"
  "${peer[@]}" >"$work/peer.json"
  same_accounts && break
  [ "$attempt" = 3 ] && { log "the agent's list --json differs from the peer's"; exit 1; }
done
for _ in 1 2 3; do "$bin" list --json --vault "$large" </dev/null >/dev/null; done

# 2b. One code through the agent from the 10,000-account vault: the cost must not grow with
# the vault (goal: at most 2.0x oathtool here too).
python3 - "$work/uris-10000.txt" >"$work/account-large" <<'PY'
import sys
from urllib.parse import parse_qs, unquote, urlsplit
uri = urlsplit(open(sys.argv[1]).read().splitlines()[5000])
print(unquote(uri.path[1:]))
print(parse_qs(uri.query)["secret"][0])
PY
{ read -r large_query; read -r large_secret; } <"$work/account-large"
for _ in 1 2; do
  by_agent=$("$bin" code "$large_query" --vault "$large" </dev/null)
  by_oathtool=$(oathtool --totp -b "$large_secret")
  [ "$by_agent" = "$by_oathtool" ] && break
done
[ "$by_agent" = "$by_oathtool" ] || { log "codes differ: agent $by_agent, oathtool $by_oathtool"; exit 1; }
timed_rounds code-large "$runs" 10 \
  -n agent "$bin code '$large_query' --vault $large" \
  -n oathtool "oathtool --totp -b $large_secret"
agent_large_ms=$(bench_rounds_mean_ms agent code-large)
oathtool_large_ms=$(bench_rounds_mean_ms oathtool code-large)
echo "agent-code-10000 $agent_large_ms ms"
echo "oathtool-totp-same-run $oathtool_large_ms ms"
echo "agent-code-10000-vs-oathtool $(bench_ratio "$agent_large_ms" "$oathtool_large_ms") x"
bench_goal agent-code-10000-vs-oathtool "$(bench_ratio "$agent_large_ms" "$oathtool_large_ms")" 2.0

# 3. The agent's memory now, holding the vault after a few list commands; and the peak of a
# `list --json` process answered by it (GNU time's maximum resident set, the highest of three).
status_mib() { awk -v key="$1:" '$1 == key { printf "%.1f", $2 / 1024 }' "/proc/$agent/status"; }
rss=$(status_mib VmRSS)
hwm=$(status_mib VmHWM)
client_peak=$(for _ in 1 2 3; do
  /usr/bin/time -f %M "$bin" list --json --vault "$large" </dev/null 2>&1 >/dev/null | tail -1
done | sort -n | tail -1 | awk '{ printf "%.1f", $1 / 1024 }')

timed_rounds list "$list_runs" 2 \
  -n agent "$bin list --json --vault $large" \
  -n python-peer "${peer[*]}"
agent_list_ms=$(bench_rounds_mean_ms agent list)
peer_ms=$(bench_rounds_mean_ms python-peer list)
echo "agent-list-json-10000 $agent_list_ms ms"
echo "python-peer-list-json-10000 $peer_ms ms"
echo "agent-list-json-vs-python-peer $(bench_ratio "$agent_list_ms" "$peer_ms") x"
bench_goal agent-list-json-vs-python-peer "$(bench_ratio "$agent_list_ms" "$peer_ms")" 0.15
echo "agent-rss-10000 $rss MiB"
echo "agent-hwm-10000 $hwm MiB"
echo "agent-rss-10000-after-timing $(status_mib VmRSS) MiB"
echo "agent-hwm-10000-after-timing $(status_mib VmHWM) MiB"
echo "agent-list-json-10000-peak-memory $client_peak MiB"
bench_goal agent-rss-10000 "$rss" 40
bench_goal agent-list-json-10000-peak-memory "$client_peak" 24
stop_agent
