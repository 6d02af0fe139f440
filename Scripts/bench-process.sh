#!/usr/bin/env bash
# Whole-process cost of `twofold code --uri URI` against `oathtool --totp` on the same secret:
# builds twofold the way the README installs it, then times both with hyperfine (no shell,
# mean over RUNS runs each, taken in interleaved rounds so load from other processes falls
# on both alike). Prints `NAME VALUE UNIT` lines on standard output; progress goes to stderr.
#
#   Scripts/bench-process.sh              the install build against oathtool
#   Scripts/bench-process.sh --variants   also every link variant: dynamic, static-stdlib,
#                                         static-executable (static stdlib, libcrypto and libc)
#
# Environment: RUNS (default 300 per command), ROUNDS (default 5), SCRATCH_PATH (default
# .build-bench, the SwiftPM scratch directory used for the builds).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-300}
rounds=${ROUNDS:-5}
scratch=${SCRATCH_PATH:-.build-bench}
variants=0
case "${1:-}" in
  "") ;;
  --variants) variants=1 ;;
  *) echo "usage: $0 [--variants]" >&2; exit 2 ;;
esac

secret=4SJHB4GSD43FZBAI7C2HLRJGPQ
uri="otpauth://totp/Deno:Mason?secret=$secret&issuer=Deno"

# The README's install build: the Swift runtime, libcrypto and libc linked in, so starting
# the program maps one file and applies no dynamic relocations.
install_variant=static-executable
declare -A flags=(
  [dynamic]=""
  [static-stdlib]="--static-swift-stdlib"
  [static-executable]="--static-swift-stdlib -Xswiftc -static-executable"
)

bench_name=bench-process
source Scripts/lib/bench.sh
log() { bench_log "$@"; }

# Builds one variant and copies the binary to $work/twofold-VARIANT (builds share a scratch path).
build() {
  local variant=$1
  log "building $variant: swift build -c release ${flags[$variant]}"
  # shellcheck disable=SC2086  # the flags are words
  swift build -c release --scratch-path "$scratch" --product twofold ${flags[$variant]} >&2
  cp "$(swift build -c release --scratch-path "$scratch" ${flags[$variant]} --show-bin-path)/twofold" \
    "$work/twofold-$variant"
  local code
  code=$("$work/twofold-$variant" code --uri "$uri" --at 1700000000)
  [ "$code" = 790195 ] || { log "twofold-$variant printed '$code', expected 790195"; exit 1; }
}

bench_require oathtool hyperfine
expected=$(oathtool --totp -b "$secret" --now "2023-11-14 22:13:20 UTC")
[ "$expected" = 790195 ] || { log "oathtool printed '$expected', expected 790195"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measured=("$install_variant")
[ $variants = 1 ] && measured=(dynamic static-stdlib static-executable)
for variant in "${measured[@]}"; do build "$variant"; done

# hyperfine commands, named so the CSV's first column is the name.
commands=(-n oathtool "oathtool --totp -b $secret")
for variant in "${measured[@]}"; do
  commands+=(-n "$variant" "$work/twofold-$variant code --uri $uri")
done

per_round=$(((runs + rounds - 1) / rounds))
for round in $(seq "$rounds"); do
  log "round $round of $rounds ($per_round runs per command)"
  hyperfine -N --warmup 10 --runs "$per_round" --style none --export-csv "$work/round-$round.csv" \
    "${commands[@]}" >&2
done

# Mean of the round means (equal run counts, so the mean of all runs), in milliseconds.
mean_ms() {
  awk -F, -v name="$1" '$1 == name { sum += $2; count++ } END { printf "%.3f", sum / count * 1000 }' \
    "$work"/round-*.csv
}

oathtool_ms=$(mean_ms oathtool)
ratio() { awk -v a="$1" -v b="$oathtool_ms" 'BEGIN { printf "%.2f", a / b }'; }

twofold_ms=$(mean_ms "$install_variant")
echo "process-oathtool $oathtool_ms ms"
echo "process-twofold-code $twofold_ms ms"
echo "process-ratio $(ratio "$twofold_ms") x"
if [ $variants = 1 ]; then
  for variant in "${measured[@]}"; do
    variant_ms=$(mean_ms "$variant")
    echo "process-twofold-code-$variant $variant_ms ms"
    echo "process-ratio-$variant $(ratio "$variant_ms") x"
  done
fi
