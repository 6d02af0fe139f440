#!/usr/bin/env bash
# Builds the .deb (Scripts/package-deb.sh: one static release build, lintian), installs it with
# dpkg -i, checks the installed command, manual page, completions and unit, and removes it.
# Needs root (or sudo) for dpkg; refuses to run where a twofold package is already installed.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
if dpkg-query -W -f='${Status}' twofold 2>/dev/null | grep -q "install ok installed"; then
  echo "error: a twofold package is installed already; remove it first (dpkg -r twofold)" >&2
  exit 1
fi

deb=$(Scripts/package-deb.sh | tail -n 1)
echo "== contents of $deb"
dpkg -c "$deb"

echo "== dpkg -i"
$sudo dpkg -i "$deb"
trap '$sudo dpkg -r twofold >/dev/null || true' EXIT

fail() {
  echo "error: $*" >&2
  exit 1
}

echo "== twofold --version"
expected_version="twofold $(dpkg-deb -f "$deb" Version | sed 's/-[^-]*$//')"
[ "$(/usr/bin/twofold --version)" = "$expected_version" ] || fail "--version is not '$expected_version'"
command -v twofold >/dev/null || fail "twofold is not on PATH"

echo "== a stateless code, as oathtool gives it"
# RFC 6238 TOTP with SHA1, 6 digits, 30 s: oathtool --totp -b -N @1700000000 JBSWY3DPEHPK3PXP
expected_code=324550
if command -v oathtool >/dev/null; then
  expected_code=$(oathtool --totp -b -N @1700000000 JBSWY3DPEHPK3PXP)
fi
code=$(TWOFOLD_AGENT=off twofold code --uri 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' --at 1700000000)
[ "$code" = "$expected_code" ] || fail "code --uri gave '$code', expected '$expected_code'"

echo "== man twofold, completions and the user unit"
[ "$(man -w twofold)" = /usr/share/man/man1/twofold.1.gz ] || fail "man -w twofold does not find the page"
man twofold 2>&1 >/dev/null | grep . && fail "man twofold warns"
bash -c 'source /usr/share/bash-completion/completions/twofold && complete -p twofold' | grep -q _twofold ||
  fail "the bash completion does not register _twofold"
grep -q '^#compdef twofold$' /usr/share/zsh/vendor-completions/_twofold || fail "the zsh completion has no #compdef"
grep -q '^ExecStart=/usr/bin/twofold agent --foreground$' /usr/lib/systemd/user/twofold-agent.service ||
  fail "the user unit does not start /usr/bin/twofold"

echo "== dpkg -r"
trap - EXIT
$sudo dpkg -r twofold
[ ! -e /usr/bin/twofold ] || fail "/usr/bin/twofold is still there after dpkg -r"
echo "the package installs, works and removes cleanly: $deb"
