#!/usr/bin/env bash
# Builds twofold_VERSION-REVISION_ARCH.deb from the README's static release build and checks it
# with lintian (installed when missing; the package must have no error).
#
#   Scripts/package-deb.sh [OUTPUT_FOLDER]     default: .build-package/
#
# VERSION is what the built binary's `twofold --version` prints (Twofold.version in
# Sources/twofold/Twofold.swift); REVISION, the Debian revision, is $DEB_REVISION or 1 (so the
# package is not "native" and its changelog is changelog.Debian.gz); ARCH is
# `dpkg --print-architecture`. The package holds
# /usr/bin/twofold, its manual page, the bash, zsh and fish completions, the agent's systemd
# user unit, the copyright file (Packaging/debian/copyright) and the changelog. Maintainer:
# $DEBFULLNAME <$DEBEMAIL>, as for dch. The last line printed is the package's path.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-package
output=${1:-$scratch}
static=(-c release --static-swift-stdlib -Xswiftc -static-executable --scratch-path "$scratch")

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
doc="$root/usr/share/doc/twofold"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$doc" \
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
install -m 644 Packaging/debian/copyright "$doc/copyright"
sed -e "s/@VERSION@/$version/" -e "s/@MAINTAINER@/$maintainer/" \
  -e "s/@DATE@/$(LC_ALL=C date -u -R -d "@$epoch")/" Packaging/debian/changelog | gzip -9n >"$doc/changelog.Debian.gz"
install -m 644 Packaging/debian/lintian-overrides "$root/usr/share/lintian/overrides/twofold"

find "$root" -type d -exec chmod 755 {} +
find "$root" -type f -exec chmod 644 {} +
chmod 755 "$root/usr/bin/twofold"
find "$root" -exec touch --no-dereference --date="@$epoch" {} +

cat >"$root/DEBIAN/control" <<CONTROL
Package: twofold
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --apparent-size "$root/usr" | cut -f1)
Section: utils
Priority: optional
Recommends: libqrencode4, libzbar0, libpng16-16, libturbojpeg0, libargon2-1, libzip4
Suggests: pinentry-gnome3 | pinentry
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
 and zip backups.
CONTROL
chmod 644 "$root/DEBIAN/control"

mkdir -p "$output"
deb="$output/twofold_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2

if ! command -v lintian >/dev/null; then
  echo "== installing lintian" >&2
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq lintian >&2
fi
echo "== lintian $deb" >&2
lintian --fail-on error --info "$deb" >&2
echo "$deb"
