#!/usr/bin/env bash
# Installs the Debian packages Twofold builds and tests against, when any is missing.
# Needed beyond the Swift toolchain: OpenSSL's libcrypto headers (libssl-dev), ncurses
# (libncurses-dev), SQLite (libsqlite3-dev), tmux for the terminal end-to-end tests, groff and
# man (groff-base, man-db) to render the manual page, bash, zsh and fish to run the completion
# scripts, and python3 (Scripts/fuzz.sh makes its seed corpus with it; any python3 on PATH will do);
# for the desktop tests (pick/code --type, --from-screen): Xvfb, xdotool, xterm, maim, feh and qrencode;
# for Scripts/bench-desktop.sh: its peer OTPClient (otpclient) and dbus-run-session (dbus-daemon).
set -euo pipefail
packages=(libssl-dev libncurses-dev libsqlite3-dev tmux pkg-config libzip4 libargon2-1 libzbar0 libpng16-16 libturbojpeg0 libqrencode4
  groff-base man-db bash zsh fish xvfb xdotool xterm maim feh qrencode otpclient dbus-daemon)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
command -v python3 >/dev/null || missing+=(python3)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
