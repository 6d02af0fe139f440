#!/usr/bin/env bash
# Builds twofold_VERSION-REVISION_ARCH.deb from the README's static release build and, with
# --desktop, twofold-desktop_VERSION-REVISION_ARCH.deb from the desktop app, and checks each with
# lintian (installed when missing; a package must have no error).
#
#   Scripts/package-deb.sh [--desktop] [OUTPUT_FOLDER]     default: .build-package/
#
# VERSION is what the built binary's `twofold --version` prints (Release.version in
# Sources/AppSession/Release.swift); REVISION, the Debian revision, is $DEB_REVISION or 1 (so the
# package is not "native" and its changelog is changelog.Debian.gz); ARCH is
# `dpkg --print-architecture`. The package holds
# /usr/bin/twofold, its manual page, the bash, zsh and fish completions, the agent's systemd
# user unit, the copyright file (Packaging/debian/copyright) and the changelog. Maintainer:
# $DEBFULLNAME <$DEBEMAIL>, as for dch.
#
# --desktop also builds the GTK 4 / libadwaita app of Apps/Desktop/ (swift build -c release
# --static-swift-stdlib --package-path Apps/Desktop --product twofold-desktop, in the scratch
# path .build-package-desktop/; it needs libgtk-4-dev, libadwaita-1-dev and librsvg2-dev) and packages
# /usr/bin/twofold-desktop, its manual page, the desktop entry, the icons and the AppStream
# metainfo of Packaging/desktop/, with the same copyright file, changelog and version; its
# `twofold-desktop --version` must print `twofold-desktop VERSION`. Beside it, the desktop
# search's D-Bus service (product twofold-search-provider): /usr/bin/twofold-search-provider, its
# manual page, its D-Bus service file, GNOME Shell's search-provider .ini and KRunner's plugin
# .desktop. It is linked dynamically
# with GTK, so its Depends are what dpkg-shlibdeps finds, plus twofold (= VERSION-REVISION) and
# the clipboard tools the search copies codes with (wl-clipboard; xclip or xsel for X11).
# The desktop entry is checked with desktop-file-validate, the metainfo with appstreamcli
# validate-tree --no-net, the icons by rendering them with rsvg-convert (each tool installed
# when missing). It is a flag rather than automatic because it needs GTK's development
# packages and a second release build. TWOFOLD_DESKTOP_BINARY=PATH packages the executable at
# PATH instead of building one (one built elsewhere, or a stand-in to test this script with), and
# the twofold-search-provider beside it (or at $TWOFOLD_SEARCH_PROVIDER_BINARY).
#
# Standard output is only the packages' paths, one a line: the twofold-desktop package's (with
# --desktop), then the twofold package's, always the last line.
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: Scripts/package-deb.sh [--desktop] [OUTPUT_FOLDER]"
scratch=.build-package
output=$scratch
desktop=false
for argument in "$@"; do
  case $argument in
    --desktop) desktop=true ;;
    -*) echo "$usage" >&2; exit 2 ;;
    *) output=$argument ;;
  esac
done
if [ -n "${TWOFOLD_DESKTOP_BINARY:-}" ] && ! $desktop; then
  echo "note: TWOFOLD_DESKTOP_BINARY is only read with --desktop" >&2
fi
static=(-c release --static-swift-stdlib -Xswiftc -static-executable --scratch-path "$scratch")

# require COMMAND PACKAGE: installs the Debian package PACKAGE when COMMAND is not on PATH.
require() {
  command -v "$1" >/dev/null && return
  echo "== installing $2 (for $1)" >&2
  local sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$2" >&2
}

# add_docs ROOT PACKAGE: the copyright file and the Debian changelog, shared by both packages.
add_docs() {
  local doc="$1/usr/share/doc/$2"
  install -d "$doc"
  install -m 644 Packaging/debian/copyright "$doc/copyright"
  sed -e "s/@VERSION@/$version/" -e "s/@MAINTAINER@/$maintainer/" \
    -e "s/@DATE@/$(LC_ALL=C date -u -R -d "@$epoch")/" Packaging/debian/changelog | gzip -9n >"$doc/changelog.Debian.gz"
}

# normalise ROOT: the modes and dates of a package's files, the same on every build.
normalise() {
  find "$1" -type d -exec chmod 755 {} +
  find "$1" -type f -exec chmod 644 {} +
  chmod 755 "$1"/usr/bin/*
  find "$1" -exec touch --no-dereference --date="@$epoch" {} +
}

# build_deb ROOT DEB: the package from ROOT (its DEBIAN/control written), with the md5sums
# dpkg --verify reads and the same dates on every build (so two builds are byte for byte the
# same), checked by lintian.
build_deb() {
  (cd "$1" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) >"$1/DEBIAN/md5sums"
  chmod 644 "$1/DEBIAN/control" "$1/DEBIAN/md5sums"
  SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$1" "$2" >&2
  require lintian lintian
  echo "== lintian $2" >&2
  lintian --fail-on error --info "$2" >&2
}

echo "== static release build" >&2
swift build "${static[@]}" --product twofold >&2
binary="$(swift build "${static[@]}" --show-bin-path)/twofold"

# Static: nothing to depend on. ldd says so (and exits 1) for a static executable.
if ldd "$binary" >/dev/null 2>&1; then
  echo "error: $binary is linked dynamically; the package has no Depends for that" >&2
  exit 1
fi

upstream=$("$binary" --version | sed -n 's/^twofold //p')
[ -n "$upstream" ] || { echo "error: '$binary --version' names no version" >&2; exit 1; }
version="$upstream-${DEB_REVISION:-1}"
arch=$(dpkg --print-architecture)
maintainer="${DEBFULLNAME:-Twofold maintainers} <${DEBEMAIL:-twofold@example.org}>"
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/twofold_${version}_${arch}"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/usr/lib/systemd/user" "$root/usr/share/lintian/overrides"

install -m 755 "$binary" "$root/usr/bin/twofold"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/twofold"
"$binary" help --man | gzip -9n >"$root/usr/share/man/man1/twofold.1.gz"
"$binary" completions bash >"$root/usr/share/bash-completion/completions/twofold"
"$binary" completions zsh >"$root/usr/share/zsh/vendor-completions/_twofold"
"$binary" completions fish >"$root/usr/share/fish/vendor_completions.d/twofold.fish"
{
  echo "# The Twofold unlock agent as a systemd user service: systemctl --user enable --now twofold-agent"
  sed -n '/^\[Unit\]/,$p' Packaging/systemd/twofold-agent.service |
    sed 's#^ExecStart=[^ ]*/twofold #ExecStart=/usr/bin/twofold #'
} >"$root/usr/lib/systemd/user/twofold-agent.service"
grep -q '^ExecStart=/usr/bin/twofold agent --foreground$' "$root/usr/lib/systemd/user/twofold-agent.service" || {
  echo "error: the unit's ExecStart does not name /usr/bin/twofold" >&2
  exit 1
}
# The browser (CLI.md "In the browser"): the unpacked extension, Chromium's folder as it stands and
# a copy for Firefox with its own manifest, and the native messaging host's manifests for the whole
# system, written by `twofold browser install` itself and then pointed at /usr/bin/twofold.
browser="$root/usr/share/twofold/browser"
install -d "$browser" "$browser-firefox" "$root/etc/chromium/native-messaging-hosts" \
  "$root/usr/lib/mozilla/native-messaging-hosts"
for file in manifest.json content.js worker.js popup.html popup.js popup.css; do
  install -m 644 "Apps/Browser/$file" "$browser/$file"
  install -m 644 "Apps/Browser/$file" "$browser-firefox/$file"
done
install -m 644 Apps/Browser/manifest.firefox.json "$browser-firefox/manifest.json"
host_home="$work/host-home"
HOME="$host_home" XDG_CONFIG_HOME="$host_home/.config" "$binary" browser install --browser all >/dev/null
for pair in ".config/chromium/NativeMessagingHosts:etc/chromium/native-messaging-hosts" \
  ".mozilla/native-messaging-hosts:usr/lib/mozilla/native-messaging-hosts"; do
  python3 - "$host_home/${pair%%:*}/io.github.twofold.json" "$root/${pair#*:}/io.github.twofold.json" "$binary" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
if manifest["path"] != sys.argv[3]:
    sys.exit(f"error: {sys.argv[1]} names {manifest['path']}, not {sys.argv[3]}")
manifest["path"] = "/usr/bin/twofold"
with open(sys.argv[2], "w") as out:
    json.dump(manifest, out, indent=4)
    out.write("\n")
PY
  chmod 644 "$root/${pair#*:}/io.github.twofold.json"
done
add_docs "$root" twofold
install -m 644 Packaging/debian/lintian-overrides "$root/usr/share/lintian/overrides/twofold"
normalise "$root"

cat >"$root/DEBIAN/control" <<CONTROL
Package: twofold
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --apparent-size "$root/usr" | cut -f1)
Section: utils
Priority: optional
Recommends: libqrencode4, libzbar0, libpng16-16, libturbojpeg0, libargon2-1, libzip4, libsecret-1-0, publicsuffix, libpcsclite1
Suggests: pinentry-gnome3 | pinentry, gnome-keyring, pcscd
Description: two-factor authenticator for the terminal (TOTP, HOTP, Steam)
 Twofold keeps TOTP, HOTP, Steam, mOTP and Yandex secrets in an encrypted
 vault in Aegis Authenticator's format, so the same file moves between an
 Android phone and a Linux machine. It shows the codes in a live full-screen
 list or prints them for scripts, and computes codes from a Key URI without
 any vault, like oathtool.
 .
 It imports the exports of Aegis, 2FAS, andOTP, Bitwarden, FreeOTP, Stratum,
 Authy, Google Authenticator (transfer QR codes included) and other apps,
 syncs with shared copies of the vault, and an agent holds the vault's key
 for a while so commands stop asking for the password. The executable is
 static; the recommended libraries draw and read QR codes and open Argon2
 and zip backups. An extension for Chromium and Firefox, in
 /usr/share/twofold/browser, fills the codes into sign-in pages through the
 agent, only on the sites each account is bound to.
CONTROL
echo /etc/chromium/native-messaging-hosts/io.github.twofold.json >"$root/DEBIAN/conffiles"

mkdir -p "$output"
deb="$output/twofold_${version}_${arch}.deb"
build_deb "$root" "$deb"

desktop_deb=""
if $desktop; then
  if [ -n "${TWOFOLD_DESKTOP_BINARY:-}" ]; then
    desktop_binary=$TWOFOLD_DESKTOP_BINARY
    search_binary=${TWOFOLD_SEARCH_PROVIDER_BINARY:-$(dirname "$desktop_binary")/twofold-search-provider}
    echo "== the desktop app: $desktop_binary (TWOFOLD_DESKTOP_BINARY) and $search_binary, not built" >&2
  else
    desktop_build=(-c release --static-swift-stdlib --package-path Apps/Desktop --scratch-path "$PWD/$scratch-desktop")
    echo "== the desktop app's release build" >&2
    swift build "${desktop_build[@]}" --product twofold-desktop >&2
    swift build "${desktop_build[@]}" --product twofold-search-provider >&2
    desktop_binary="$(swift build "${desktop_build[@]}" --show-bin-path)/twofold-desktop"
    search_binary="$(swift build "${desktop_build[@]}" --show-bin-path)/twofold-search-provider"
  fi
  # Dynamic, with GTK: ldd exits 1 for a static executable, which would have no Depends.
  ldd "$desktop_binary" >/dev/null 2>&1 || {
    echo "error: $desktop_binary is not a dynamically linked executable" >&2
    exit 1
  }
  desktop_version=$("$desktop_binary" --version) || true
  [ "$desktop_version" = "twofold-desktop $upstream" ] || {
    echo "error: '$desktop_binary --version' printed '$desktop_version', not 'twofold-desktop $upstream'" >&2
    exit 1
  }
  search_version=$("$search_binary" --version) || true
  [ "$search_version" = "twofold-search-provider $upstream" ] || {
    echo "error: '$search_binary --version' printed '$search_version', not 'twofold-search-provider $upstream'" >&2
    exit 1
  }

  # dpkg-shlibdeps reads debian/control and wants the executable in debian/PACKAGE/.
  id=io.github.twofold.Twofold
  source="$work/twofold-desktop"
  droot="$source/debian/twofold-desktop"
  icons="$droot/usr/share/icons/hicolor"
  install -d "$droot/DEBIAN" "$droot/usr/bin" "$droot/usr/share/man/man1" "$droot/usr/share/applications" \
    "$icons/scalable/apps" "$icons/symbolic/apps" "$droot/usr/share/metainfo" "$droot/usr/share/lintian/overrides" \
    "$droot/usr/share/dbus-1/services" "$droot/usr/share/gnome-shell/search-providers" \
    "$droot/usr/share/krunner/dbusplugins"
  install -m 755 "$desktop_binary" "$droot/usr/bin/twofold-desktop"
  install -m 755 "$search_binary" "$droot/usr/bin/twofold-search-provider"
  for program in twofold-desktop twofold-search-provider; do
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$droot/usr/bin/$program"
    sed "s/@VERSION@/$upstream/" "Packaging/desktop/$program.1" | gzip -9n >"$droot/usr/share/man/man1/$program.1.gz"
  done
  # The desktop's own search (CLI.md, "Desktop search"): activated by the session bus.
  install -m 644 "Packaging/desktop/$id.SearchProvider.service" "$droot/usr/share/dbus-1/services/$id.SearchProvider.service"
  install -m 644 "Packaging/desktop/$id.search-provider.ini" "$droot/usr/share/gnome-shell/search-providers/$id.search-provider.ini"
  install -m 644 "Packaging/desktop/$id.krunner.desktop" "$droot/usr/share/krunner/dbusplugins/$id.krunner.desktop"
  install -m 644 "Packaging/desktop/$id.desktop" "$droot/usr/share/applications/$id.desktop"
  install -m 644 "Packaging/desktop/$id.svg" "$icons/scalable/apps/$id.svg"
  install -m 644 "Packaging/desktop/$id-symbolic.svg" "$icons/symbolic/apps/$id-symbolic.svg"
  install -m 644 "Packaging/desktop/$id.metainfo.xml" "$droot/usr/share/metainfo/$id.metainfo.xml"
  add_docs "$droot" twofold-desktop
  install -m 644 Packaging/desktop/lintian-overrides "$droot/usr/share/lintian/overrides/twofold-desktop"
  normalise "$droot"

  echo "== desktop-file-validate, appstreamcli validate-tree, rsvg-convert" >&2
  require desktop-file-validate desktop-file-utils
  require appstreamcli appstream
  require rsvg-convert librsvg2-bin
  # No error and no warning (its hints are weighed in the file's comments).
  complaints=$(desktop-file-validate --no-hints "$droot/usr/share/applications/$id.desktop" 2>&1) || true
  [ -z "$complaints" ] || { echo "error: desktop-file-validate: $complaints" >&2; exit 1; }
  appstreamcli validate-tree --no-net "$droot" >&2
  for icon in "$icons/scalable/apps/$id.svg" "$icons/symbolic/apps/$id-symbolic.svg"; do
    rsvg-convert --width 64 --height 64 "$icon" >/dev/null || {
      echo "error: rsvg-convert cannot render $icon" >&2
      exit 1
    }
  done

  require dpkg-shlibdeps dpkg-dev
  printf 'Source: twofold\n\nPackage: twofold-desktop\nArchitecture: any\n' >"$source/debian/control"
  shlibs=$(cd "$source" && dpkg-shlibdeps -O -edebian/twofold-desktop/usr/bin/twofold-desktop \
    -edebian/twofold-desktop/usr/bin/twofold-search-provider | sed -n 's/^shlibs:Depends=//p')
  [ -n "$shlibs" ] || { echo "error: dpkg-shlibdeps found no library for twofold-desktop" >&2; exit 1; }

  cat >"$droot/DEBIAN/control" <<CONTROL
Package: twofold-desktop
Source: twofold
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --apparent-size "$droot/usr" | cut -f1)
Depends: $shlibs, twofold (= $version), wl-clipboard, xclip | xsel
Section: utils
Priority: optional
Description: two-factor authenticator for the desktop (GTK 4, libadwaita)
 Twofold keeps TOTP, HOTP, Steam, mOTP and Yandex secrets in an encrypted
 vault in Aegis Authenticator's format, so the same file moves between an
 Android phone and a Linux machine. This is its window: it lists the
 accounts with their current codes, copies a code with a click, adds
 accounts from a Key URI or from their fields, and follows the desktop's
 light or dark style.
 .
 It opens the twofold command's vault, and asks no password while the
 twofold agent holds the vault's key.
 .
 While the agent holds the key, the desktop's own search (GNOME Shell's
 search, KRunner) finds accounts by name and copies their codes.
CONTROL

  desktop_deb="$output/twofold-desktop_${version}_${arch}.deb"
  build_deb "$droot" "$desktop_deb"
fi

if [ -n "$desktop_deb" ]; then echo "$desktop_deb"; fi
echo "$deb"
