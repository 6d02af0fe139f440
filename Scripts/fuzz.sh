#!/usr/bin/env bash
# Builds Twofold's libFuzzer driver (Fuzz/) and runs fuzz targets, each for a given time, from a
# seed corpus made of ../shared/fixtures and the kept findings in Tests/FuzzRegressionTests/Inputs.
#
#   Scripts/fuzz.sh                      every target for 10 minutes each, one after another
#   Scripts/fuzz.sh -t 60 key-uri vault  the named targets for a minute each
#   Scripts/fuzz.sh -t 600 -j 2          every target, two at a time
#   Scripts/fuzz.sh --list               the target names
#   Scripts/fuzz.sh -t 5 --seed 1        a short run that mutates the same way every time (CI)
#
# Prints one line per target: NAME, runs, executions per second, coverage, peak memory, verdict.
# A crash, a hang (one input over 10 s, -timeout) or memory beyond 2 GiB (-rss_limit_mb) is a
# finding: the input is copied to Tests/FuzzRegressionTests/Inputs/TARGET/ (commit it with the fix;
# the regression tests replay it) and the script exits 1. The growing corpus is kept in
# .build/fuzz/corpus/TARGET between runs; logs in .build/fuzz/logs/TARGET.log.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=600
jobs=1
seed=0
list=false
targets=()
while (($#)); do
  case "$1" in
    -t | --seconds) seconds="$2"; shift 2 ;;
    -j | --jobs) jobs="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --list) list=true; shift ;;
    -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done

work=.build/fuzz
fixtures=../shared/fixtures/aegis
kept=Tests/FuzzRegressionTests/Inputs

echo "== building the fuzz driver (-sanitize=fuzzer,address)" >&2
# The build plan of a path dependency is not re-scanned for new source files; plan afresh
# (compiled objects are still reused).
rm -f "$work/release.yaml" "$work/build.db"
swift build -c release --package-path Fuzz --scratch-path "$work" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld >&2
driver="$work/release/twofold-fuzz"

# Swift's backtracer would wait on a crashing process; libFuzzer reports the crash itself.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"

all=$("$driver" -help=1 2>&1 | sed -n 's/^twofold-fuzz: set TWOFOLD_FUZZ_TARGET to one of: //p' || true)
if $list; then tr ' ' '\n' <<<"$all"; exit 0; fi
if ((${#targets[@]} == 0)); then read -r -a targets <<<"$all"; fi
for target in "${targets[@]}"; do
  [[ " $all " == *" $target "* ]] || { echo "fuzz.sh: no target $target (try --list)" >&2; exit 2; }
done

# Seeds: one file per input, made fresh each run from the shared fixtures (never copied into
# the project) and the kept findings.
seeds="$work/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"
python3 - "$fixtures" "$seeds" <<'PY'
import base64, hashlib, os, re, sys, urllib.parse
fixtures, out = sys.argv[1], sys.argv[2]
def put(kind, data):
    if isinstance(data, str): data = data.encode()
    folder = os.path.join(out, kind)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f: f.write(data)
for kind, data in [("hex", "00ff10abcdef"), ("base32", "JBSWY3DPEHPK3PXP"), ("key-uri",
    "otpauth://totp/ACME:alice?secret=JBSWY3DPEHPK3PXP&issuer=ACME"), ("json", '{"a":[1,2.5,"x"]}')]:
    put(kind, data)
files = []
if os.path.isdir(fixtures):
    for root, dirs, names in os.walk(fixtures):
        dirs[:] = [d for d in dirs if d not in ("expected", "qr")]
        files += [os.path.join(root, n) for n in names if not n.endswith(".md")]
for path in sorted(files):
    data = open(path, "rb").read()
    name = os.path.basename(path)
    put("files", data)
    if name.endswith((".json", ".2fas", ".jsonl")): put("json", data)
    if name.startswith("aegis_"): put("vault", data)
    text = data.decode("utf-8", "replace")
    for uri in re.findall(r'(?:otpauth|motp)://[^\s"<>,\\]+', text):
        put("key-uri", uri)
        for secret in re.findall(r"[?&]secret=([^&]*)", uri): put("base32", urllib.parse.unquote(secret))
    for data in re.findall(r"otpauth-migration://offline\?data=([^\s\"<>,\\]+)", text):
        try: put("migration", base64.b64decode(urllib.parse.unquote(data) + "=="))
        except Exception: pass
PY

mkdir -p "$work/corpus" "$work/logs" "$work/findings" "$kept"
run() {
  local target=$1 corpus="$work/corpus/$1" findings="$work/findings/$1" log="$work/logs/$1.log"
  local kind=$target
  case "$target" in import-*) kind=files ;; esac
  mkdir -p "$corpus" "$findings"
  local sources=("$corpus")
  [[ -d "$seeds/$kind" ]] && sources+=("$seeds/$kind")
  [[ -d "$kept/$target" ]] && sources+=("$kept/$target")
  local status=0
  TWOFOLD_FUZZ_TARGET="$target" "$driver" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -seed="$seed" \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/" "${sources[@]}" >"$log" 2>&1 || status=$?
  local runs speed coverage memory verdict=ok
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  memory=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  if ((status != 0)) || compgen -G "$findings/*" >/dev/null; then
    mkdir -p "$kept/$target"
    local where="input kept in $kept/$target"
    for finding in "$findings"/*; do
      [[ -e "$finding" ]] || continue
      if [[ -e "$seeds/$kind/$(sha1sum "$finding" | cut -d' ' -f1)" ]]; then
        where="the input is a seed from ../shared (not copied)"
        rm "$finding"
      else
        mv "$finding" "$kept/$target/$(basename "$finding")"
      fi
    done
    verdict="FINDING (status $status; $where; log $log)"
  fi
  printf '%-28s runs %-10s %8s exec/s  cov %-6s %5s MB  %s\n' \
    "$target" "${runs:-?}" "${speed:-?}" "${coverage:-?}" "${memory:-?}" "$verdict"
  [[ $verdict == ok ]]
}
export -f run
export work seeds kept seconds driver seed

echo "== fuzzing ${#targets[@]} targets for ${seconds} s each, $jobs at a time" >&2
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run "$@"' _ {} || exit 1
