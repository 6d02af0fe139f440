#!/usr/bin/env bash
# Installs the Debian packages Twofold builds and tests against, when any is missing.
# Needed beyond the Swift toolchain: OpenSSL's libcrypto headers (libssl-dev), ncurses
# (libncurses-dev), SQLite (libsqlite3-dev), tmux for the terminal end-to-end tests, groff and
# man (groff-base, man-db) to render the manual page, bash, zsh and fish to run the completion
# scripts, and python3 (Scripts/fuzz.sh makes its seed corpus with it; any python3 on PATH will do);
# for the desktop tests (pick/code --type, --from-screen): Xvfb, xdotool, xterm, maim, feh and qrencode;
# for the desktop app's AT-SPI tests (Apps/Desktop/Tests/atspi): D-Bus (dbus-run-session), the AT-SPI
# bus and registry (at-spi2-core), Debian's python3-gi with the Atspi, GTK 4 and libadwaita
# introspection data (gir1.2-atspi-2.0, gir1.2-gtk-4.0, gir1.2-adw-1), ImageMagick for screenshots,
# xsel to read the clipboard back; for the desktop search provider's tests
# (Apps/Desktop/Tests/SearchProviderTests): dbus-daemon, a private session bus that activates it,
# gdbus (libglib2.0-bin) to call it and python3-gi for a notification server; and to build the
# desktop app itself (Apps/Desktop), GTK 4 and libadwaita's headers (libgtk-4-dev,
# libadwaita-1-dev), GIO's (libglib2.0-dev, for the search provider) and librsvg's (librsvg2-dev, to
# draw accounts' SVG icons at the list's size; the Debian package's Depends get its librsvg2-2
# from dpkg-shlibdeps). The root package never needs those.
# For the Wayland desktop test on a headless sway (Tests/TwofoldEndToEndTests/WaylandDesktopTests.swift):
# sway, foot, fuzzel, wtype, wl-clipboard, grim, GTK 3's introspection data for python3-gi
# (gir1.2-gtk-3.0) and a font for foot and fuzzel (fonts-dejavu-core).
# For the desktop app's Debian package (Scripts/package-deb.sh --desktop, Scripts/check-deb.sh):
# dpkg-shlibdeps for its Depends (dpkg-dev), desktop-file-validate (desktop-file-utils),
# appstreamcli (appstream), rsvg-convert to render its icons (librsvg2-bin) and lintian.
# For the end-to-end sync test between two real Syncthing devices (Tests/TwofoldEndToEndTests/SyncthingTests.swift):
# syncthing, and curl to speak its REST API.
# For the browser host's registrable domains (Tests/DomainTests/Browser/PublicSuffixListTests.swift and
# `twofold browser`): Debian's copy of the Public Suffix List (publicsuffix).
# For the login keyring (Tests/TwofoldEndToEndTests/KeyringCommandTests.swift): libsecret (libsecret-1-0),
# which Twofold dlopens, gnome-keyring's daemon on a private bus (dbus), and secret-tool (libsecret-tools).
# For the browser extension's tests in a real headless Chromium (Tests/TwofoldEndToEndTests/BrowserExtensionTests.swift,
# Apps/Browser/Tests): chromium, chromium-driver and Debian's python3-selenium; openssl makes their certificate.
# For hardware keys (Tests/TwofoldEndToEndTests/HardwareKeyTests.swift): pcscd and libpcsclite1, which
# Twofold dlopens, vsmartcard's virtual reader (vsmartcard-vpcd) with its Python card framework
# (python3-virtualsmartcard) for the emulated YubiKey, Yubico's ykman (yubikey-manager) for the
# interoperability test, and unshare and ip (util-linux, iproute2) to give each test a pcscd of
# its own in private mount and network namespaces.
# (Scripts/bench-desktop.sh installs its peer, OTPClient, itself: CI does not run benchmarks.)
set -euo pipefail
packages=(libssl-dev libncurses-dev libsqlite3-dev tmux pkg-config libzip4 libargon2-1 libzbar0 libpng16-16 libturbojpeg0 libqrencode4
  groff-base man-db bash zsh fish xvfb xdotool xterm maim feh qrencode
  publicsuffix
  dbus dbus-daemon libglib2.0-bin at-spi2-core python3-gi gir1.2-atspi-2.0 gir1.2-gtk-4.0 gir1.2-adw-1 imagemagick
  xsel libgtk-4-dev libadwaita-1-dev libglib2.0-dev librsvg2-dev
  dpkg-dev desktop-file-utils appstream librsvg2-bin lintian
  sway foot fuzzel wtype wl-clipboard grim gir1.2-gtk-3.0 fonts-dejavu-core
  syncthing curl
  libsecret-1-0 gnome-keyring libsecret-tools
  chromium chromium-driver python3-selenium openssl
  pcscd libpcsclite1 vsmartcard-vpcd python3-virtualsmartcard yubikey-manager util-linux iproute2)
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
