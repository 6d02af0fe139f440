#!/usr/bin/env bash
# The browser extension's native messaging host, on the README's install build, with its peer in
# the same run:
#   1. one host process as the browser starts it (`twofold ORIGIN`, the manifest naming twofold
#      itself; the same as `twofold browser-host ORIGIN`), from its start to its answer to one fill
#      request (the framed request on standard input, as the browser sends it), for the page of
#      the one account bound to it, with the agent holding a 1,000-account encrypted vault;
#      against one `oathtool --totp` process (goal: at most 3.0x);
#   2. a click on the extension's fill button to the filled field in headless Chromium, with the
#      same host, agent and binding (Scripts/bench-browser-click.py: Apps/Browser unpacked, the
#      manifest `twofold browser install --browser chromium` writes, a page of example.com served
#      over HTTPS; median of CLICKS clicks, timed by the page; goal: at most 150 ms). Skipped, with
#      a word on stderr, without Debian's chromium, chromium-driver and python3-selenium.
# Both commands run through hyperfine's shell (which gives the request file on standard input),
# and hyperfine subtracts the shell's own start-up from each, alike for both; in interleaved
# rounds so load from other processes falls on both alike. The vault is made as bench-agent.sh
# makes it (Key URIs from Scripts/bench-uris.py, `twofold import`); the agent is started by
# `twofold unlock` in a private XDG_RUNTIME_DIR, the bindings are in a private XDG_CONFIG_HOME,
# and the agent is killed on exit, whatever happens. Prints `NAME VALUE UNIT` lines on standard
# output; progress and goals on stderr.
#
# Environment: RUNS (default 300 per command), ROUNDS (default 5), CLICKS (default 30), SCRATCH_PATH
# (default .build-bench, the SwiftPM scratch directory).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-300}
rounds=${ROUNDS:-5}
bench_name=bench-browser
source Scripts/lib/bench.sh
log() { bench_log "$@"; }

bench_require oathtool hyperfine
bench_build
# The agent (found by its socket, or in $bench_pids) is killed on exit, whatever happens.
bench_workspace

# A private runtime folder (the agent, its socket and its keys are this run's alone) and a
# private configuration folder (browser.json).
bench_private_runtime
export XDG_CONFIG_HOME="$work/config"
unset TWOFOLD_AGENT TWOFOLD_PASSWORD TWOFOLD_ASKPASS TWOFOLD_PUBLIC_SUFFIX_LIST
export TWOFOLD_VAULT="$work/vault-1000.json"

bench_make_vault 1000 "$TWOFOLD_VAULT"
# Account 500: its exact issuer:name and its secret, from its Key URI.
python3 - "$work/uris-1000.txt" >"$work/account" <<'PY'
import sys
from urllib.parse import parse_qs, unquote, urlsplit
uri = urlsplit(open(sys.argv[1]).read().splitlines()[500])
print(unquote(uri.path[1:]))
print(parse_qs(uri.query)["secret"][0])
PY
{ read -r query; read -r secret; } <"$work/account"

"$bin" unlock --idle 3600 --password-file "$work/pw" >&2
agent=$(bench_agent_pid)
bench_pids+=("$agent")
log "agent $agent holds the vault"
"$bin" browser bind "$query" accounts.example.com >&2

# The fill request for a page of the bound site, framed as the browser frames it.
python3 - "$work/request" <<'PY'
import json, struct, sys
message = json.dumps({"version": 1, "type": "fill", "url": "https://login.example.com/session",
                      "top": "https://login.example.com/session"}, separators=(",", ":")).encode()
open(sys.argv[1], "wb").write(struct.pack("=I", len(message)) + message)
PY
origin="chrome-extension://maggmomcnhchelfjdeklmocgeajkmdll/"

# The host answers with the code oathtool gives (twice, in case a period ended in between).
host_code() {
  "$bin" "$origin" <"$work/request" | python3 -c '
import json, struct, sys
data = sys.stdin.buffer.read()
(length,) = struct.unpack("=I", data[:4])
answer = json.loads(data[4:4 + length])
print(answer.get("code") if answer.get("type") == "code" else answer)'
}
for _ in 1 2; do
  by_host=$(host_code)
  by_oathtool=$(oathtool --totp -b "$secret")
  [ "$by_host" = "$by_oathtool" ] && break
done
if [ "$by_host" != "$by_oathtool" ]; then
  log "codes differ: host $by_host, oathtool $by_oathtool"
  exit 1
fi


per_round=$(((runs + rounds - 1) / rounds))
for round in $(seq "$rounds"); do
  log "fill: round $round of $rounds ($per_round runs per command)"
  if ! hyperfine --shell sh --warmup 10 --runs "$per_round" --style none \
    --export-csv "$work/fill-round-$round.csv" \
    -n host "$bin $origin <$work/request >/dev/null" \
    -n oathtool "oathtool --totp -b $secret >/dev/null" >&2; then
    [ -e "/proc/$agent" ] || log "agent $agent ended during the timing (killed from outside?)"
    exit 1
  fi
done
host_ms=$(bench_rounds_mean_ms host fill)
oathtool_ms=$(bench_rounds_mean_ms oathtool fill)
echo "browser-host-fill-1000 $host_ms ms"
echo "oathtool-totp $oathtool_ms ms"
echo "browser-host-fill-vs-oathtool $(bench_ratio "$host_ms" "$oathtool_ms") x"
bench_goal browser-host-fill-vs-oathtool "$(bench_ratio "$host_ms" "$oathtool_ms")" 3.0

# Part 2: the click in headless Chromium; Chromium starts the host with this environment.
if command -v chromium >/dev/null && command -v chromedriver >/dev/null &&
  /usr/bin/python3 -c 'import selenium.webdriver.chrome.service' 2>/dev/null; then
  HOME="$work" "$bin" browser install --browser chromium >&2
  /usr/bin/python3 Scripts/bench-browser-click.py --runs "${CLICKS:-30}" \
    --host-manifest "$XDG_CONFIG_HOME/chromium/NativeMessagingHosts/io.github.twofold.json"
else
  log "part 2 skipped: it needs chromium, chromium-driver and python3-selenium (apt-get install them)"
fi
