#!/usr/bin/env bash
# Runs the release build of `twofold` under valgrind's memcheck: every shared fixture imported
# (dry run), and the vault commands on an encrypted vault. Any invalid read or write, use of
# uninitialised memory or bad free is a failure. Prints one line per run and exits 1 on an error.
#
#   Scripts/memcheck.sh
set -euo pipefail
cd "$(dirname "$0")/.."
fixtures=../shared/fixtures/aegis
command -v valgrind >/dev/null || { echo "memcheck.sh: valgrind is not installed (apt install valgrind)" >&2; exit 2; }

# Its own build folder, with C code's debug information in DWARF 4: valgrind 3.19 gives up on
# the DWARF 5 that clang writes by default.
build=(swift build -c release --product twofold --scratch-path .build/memcheck -Xcc -gdwarf-4)
"${build[@]}" >&2
binary="$("${build[@]}" --show-bin-path)/twofold"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TWOFOLD_VAULT="$work/vault.json" TWOFOLD_PASSWORD="memcheck password" SWIFT_BACKTRACE=enable=no
failures=0

check() {
  local name=$1
  shift
  local status=0
  valgrind -q --error-exitcode=99 --log-file="$work/valgrind.log" "$binary" "$@" >"$work/out" 2>&1 || status=$?
  if ((status == 99)) || [[ -s "$work/valgrind.log" ]]; then
    echo "memcheck $name ERRORS"
    sed 's/^/    /' "$work/valgrind.log" | head -20
    failures=$((failures + 1))
  else
    echo "memcheck $name ok (status $status)"
  fi
}

check init init
for uri in "otpauth://totp/ACME:alice?secret=JBSWY3DPEHPK3PXP&issuer=ACME" \
  "otpauth://hotp/ACME:bob?secret=JBSWY3DPEHPK3PXQ&counter=3" "motp://Corp:carol?secret=0123456789abcdef&pin=1234"; do
  check add add --uri "$uri"
done
check list list
check list-json list --json
check show show ACME:alice
check code-hotp code ACME:bob
check edit edit ACME:alice --note "memcheck" --group Work
check export-uris export --format uris --output "$work/export.txt"
check code-uri code --uri "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP" --at 1700000000
check verify verify --uri "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP" 000000
check remove remove ACME:bob --yes

# Each fixture with the first of the fixtures' passwords that opens it.
while IFS= read -r -d '' file; do
  name=${file#"$fixtures"/}
  for password in test Testtest1 testtest testtesttest; do
    printf '%s' "$password" >"$work/source-password"
    valgrind -q --error-exitcode=99 --log-file="$work/valgrind.log" "$binary" import "$file" --dry-run \
      --skip-bad --source-password-file "$work/source-password" >"$work/out" 2>&1 || true
    [[ -s "$work/valgrind.log" ]] && break
    grep -qi password "$work/out" || break
  done
  if [[ -s "$work/valgrind.log" ]]; then
    echo "memcheck import $name ERRORS"
    sed 's/^/    /' "$work/valgrind.log" | head -20
    failures=$((failures + 1))
  else
    echo "memcheck import $name ok: $(tail -1 "$work/out")"
  fi
done < <(find "$fixtures" -type f ! -path "*/expected/*" ! -path "*/qr/*" ! -name "*.md" -print0 | sort -z)

echo "memcheck failures $failures"
((failures == 0))
