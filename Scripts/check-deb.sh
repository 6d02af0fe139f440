#!/usr/bin/env bash
# Builds the .deb (Scripts/package-deb.sh: one static release build, lintian), installs it with
# dpkg -i, checks the installed command, manual page, completions and unit, and removes it.
# Where the desktop app is (Apps/Desktop/Package.swift), or TWOFOLD_DESKTOP_BINARY names an
# executable to package in its place (see package-deb.sh), it builds the twofold-desktop package
# too (package-deb.sh --desktop), installs both, checks twofold-desktop --version, its manual
# page, desktop entry and icons, its metainfo with appstreamcli validate --no-net, and the
# desktop search's files (twofold-search-provider, its D-Bus service, GNOME's .ini, KRunner's plugin), and
# removes both. Needs root (or sudo) for dpkg; refuses to run where a twofold or
# twofold-desktop package is already installed.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
for package in twofold twofold-desktop; do
  if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    echo "error: a $package package is installed already; remove it first (dpkg -r $package)" >&2
    exit 1
  fi
done

desktop=false
if [ -f Apps/Desktop/Package.swift ] || [ -n "${TWOFOLD_DESKTOP_BINARY:-}" ]; then
  desktop=true
else
  echo "== no desktop app yet (Apps/Desktop/Package.swift): the twofold package alone"
fi
arguments=()
if $desktop; then arguments+=(--desktop); fi

# package-deb.sh prints the packages' paths, one a line, the twofold package's last.
debs=$(Scripts/package-deb.sh "${arguments[@]}")
deb=$(tail -n 1 <<<"$debs")
packages=(twofold)
package_files=("$deb")
if $desktop; then
  desktop_deb=$(grep '/twofold-desktop_[^/]*\.deb$' <<<"$debs") || {
    echo "error: package-deb.sh --desktop printed no twofold-desktop package" >&2
    exit 1
  }
  packages=(twofold-desktop twofold)
  package_files+=("$desktop_deb")
fi
for package_file in "${package_files[@]}"; do
  echo "== contents of $package_file"
  dpkg -c "$package_file"
done

echo "== dpkg -i"
$sudo dpkg -i "${package_files[@]}"
trap '$sudo dpkg -r "${packages[@]}" >/dev/null || true' EXIT

fail() {
  echo "error: $*" >&2
  exit 1
}

echo "== twofold --version"
upstream=$(dpkg-deb -f "$deb" Version | sed 's/-[^-]*$//')
expected_version="twofold $upstream"
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

echo "== the browser: the extension and the host's manifests, naming /usr/bin/twofold"
for file in /usr/share/twofold/browser/manifest.json /usr/share/twofold/browser/content.js \
  /usr/share/twofold/browser-firefox/manifest.json; do
  [ -f "$file" ] || fail "$file is missing"
done
grep -q '"gecko"' /usr/share/twofold/browser-firefox/manifest.json || fail "the Firefox copy has Chromium's manifest"
for manifest in /etc/chromium/native-messaging-hosts/io.github.twofold.json \
  /usr/lib/mozilla/native-messaging-hosts/io.github.twofold.json; do
  grep -q '"path": "/usr/bin/twofold"' "$manifest" || fail "$manifest does not name /usr/bin/twofold"
done
grep -q 'chrome-extension://maggmomcnhchelfjdeklmocgeajkmdll/' /etc/chromium/native-messaging-hosts/io.github.twofold.json ||
  fail "the Chromium host manifest does not allow the extension's id"
# The browser starts the host with the extension's origin and nothing else: it answers a
# framed request (4 bytes of length, then JSON) and refuses another extension.
host_home=$(mktemp -d)
answer=$(python3 -c 'import struct, sys; m = b"{\"version\": 1, \"type\": \"settings\"}"; sys.stdout.buffer.write(struct.pack("=I", len(m)) + m)' |
  HOME="$host_home" XDG_CONFIG_HOME="$host_home" TWOFOLD_AGENT=off /usr/bin/twofold chrome-extension://maggmomcnhchelfjdeklmocgeajkmdll/ |
  tail -c +5) || fail "the host failed on a settings request"
rm -rf "$host_home"
grep -q '"type": *"settings"' <<<"$answer" || fail "the host answered '$answer' to a settings request"
TWOFOLD_AGENT=off /usr/bin/twofold chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/ </dev/null 2>/dev/null &&
  fail "the host answered an extension it does not allow"

id=io.github.twofold.Twofold
desktop_files=(/usr/bin/twofold-desktop "/usr/share/applications/$id.desktop"
  "/usr/share/icons/hicolor/scalable/apps/$id.svg" "/usr/share/icons/hicolor/symbolic/apps/$id-symbolic.svg"
  "/usr/share/metainfo/$id.metainfo.xml" /usr/share/man/man1/twofold-desktop.1.gz
  /usr/bin/twofold-search-provider /usr/share/man/man1/twofold-search-provider.1.gz
  "/usr/share/dbus-1/services/$id.SearchProvider.service"
  "/usr/share/gnome-shell/search-providers/$id.search-provider.ini"
  "/usr/share/krunner/dbusplugins/$id.krunner.desktop")
if $desktop; then
  echo "== twofold-desktop --version"
  [ "$(/usr/bin/twofold-desktop --version)" = "twofold-desktop $upstream" ] ||
    fail "twofold-desktop --version is not 'twofold-desktop $upstream'"
  [ "$(dpkg-deb -f "$desktop_deb" Version)" = "$(dpkg-deb -f "$deb" Version)" ] ||
    fail "the two packages' versions differ"

  echo "== the desktop entry, icons, metainfo and manual page"
  for file in "${desktop_files[@]}"; do
    [ -f "$file" ] || fail "$file is not installed"
  done
  complaints=$(desktop-file-validate --no-hints "/usr/share/applications/$id.desktop" 2>&1) || true
  [ -z "$complaints" ] || fail "desktop-file-validate: $complaints"
  grep -qx "Exec=twofold-desktop" "/usr/share/applications/$id.desktop" || fail "the desktop entry does not run twofold-desktop"
  grep -qx "Icon=$id" "/usr/share/applications/$id.desktop" || fail "the desktop entry's icon is not $id"
  appstreamcli validate --no-net "/usr/share/metainfo/$id.metainfo.xml" || fail "appstreamcli rejects the metainfo"
  [ "$(man -w twofold-desktop)" = /usr/share/man/man1/twofold-desktop.1.gz ] || fail "man -w twofold-desktop does not find the page"
  man twofold-desktop 2>&1 >/dev/null | grep . && fail "man twofold-desktop warns"

  echo "== the desktop search: twofold-search-provider, its D-Bus service, GNOME's and KRunner's files"
  [ "$(/usr/bin/twofold-search-provider --version)" = "twofold-search-provider $upstream" ] ||
    fail "twofold-search-provider --version is not 'twofold-search-provider $upstream'"
  grep -qx "Exec=/usr/bin/twofold-search-provider" "/usr/share/dbus-1/services/$id.SearchProvider.service" ||
    fail "the D-Bus service file does not start /usr/bin/twofold-search-provider"
  grep -qx "BusName=$id.SearchProvider" "/usr/share/gnome-shell/search-providers/$id.search-provider.ini" ||
    fail "the search provider .ini names another bus name"
  grep -qx "X-Plasma-DBusRunner-Service=$id.SearchProvider" "/usr/share/krunner/dbusplugins/$id.krunner.desktop" ||
    fail "the KRunner plugin names another service"
  man twofold-search-provider 2>&1 >/dev/null | grep . && fail "man twofold-search-provider warns"
fi

echo "== dpkg --verify"
$sudo dpkg --verify "${packages[@]}" || fail "installed files differ from the packages' md5sums"

echo "== dpkg -r"
trap - EXIT
$sudo dpkg -r "${packages[@]}"
[ ! -e /usr/bin/twofold ] || fail "/usr/bin/twofold is still there after dpkg -r"
if $desktop; then
  for file in "${desktop_files[@]}"; do
    [ ! -e "$file" ] || fail "$file is still there after dpkg -r"
  done
fi
echo "installed, working and removed cleanly: ${package_files[*]}"
