#!/usr/bin/env bash
# Runs the README's `swift test` twice, the way CI and a new machine see it:
#   installed: with every optional library, tmux and the desktop tests' X tools
#              (Scripts/install-dependencies.sh adds any that is missing); it must pass and skip
#              no test for a missing one, as .ci/run demands;
#   hidden:    with the optional libraries Twofold dlopens, tmux and the X tools hidden (a private mount
#              namespace, an empty file bound over each); it must pass, each test that needs one
#              skipped with a reason naming it ("missing optional dependency: libzip …").
# Usage: Scripts/test-fresh-machine.sh [--installed-only | --hidden-only] [swift test arguments…]
# The hidden run needs root or unprivileged user namespaces (unshare --mount --map-root-user).
set -euo pipefail
cd "$(dirname "$0")/.."

marker="missing optional dependency: "
# The Linux names the product tries (ZipArchive, Argon2, LibZBar, LibPNG, LibTurboJPEG, LibQRencode, LibSecret).
sonames=(libzip.so.5 libzip.so.4 libargon2.so.1 libzbar.so.0 libpng16.so.16 libturbojpeg.so.0
  libqrencode.so.4 libqrencode.so libsecret-1.so.0 libsecret-1.so)

# Inside the namespace: hide the files named in TWOFOLD_HIDDEN_FILES, then run the tests.
if [ "${1:-}" = --inside-namespace ]; then
  shift
  mount --make-rprivate /
  empty=$(mktemp)
  while IFS= read -r file; do
    [ -n "$file" ] && mount --bind "$empty" "$file"
  done <<<"$TWOFOLD_HIDDEN_FILES"
  exec swift test "$@"
fi

runs=(installed hidden)
case "${1:-}" in
  --installed-only) runs=(installed) && shift ;;
  --hidden-only) runs=(hidden) && shift ;;
esac

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

summary() { # log: the run's last line and what it skipped for want of an optional dependency
  grep -E "Test run with [0-9]+ tests" "$1" | tail -1
  local skipped
  skipped=$(grep -cE "Test .* skipped: \"$marker" "$1" || true)
  echo "tests skipped for a missing optional dependency: $skipped"
  grep -oE "skipped: \"${marker}[^\"]*\"" "$1" | sort | uniq -c | sed 's/^/  /' || true
}

for run in "${runs[@]}"; do
  log="$logs/$run.log"
  if [ "$run" = installed ]; then
    echo "== swift test with the optional libraries and tmux installed"
    Scripts/install-dependencies.sh
    swift test "$@" 2>&1 | tee "$log"
    if grep -qF "$marker" "$log"; then
      summary "$log"
      echo "error: tests were skipped although every optional dependency should be installed" >&2
      exit 1
    fi
  else
    echo "== swift test with the optional libraries and tmux hidden"
    # An empty file bound over each library's real file hides every name (symlink) that leads to it.
    files=$(
      for soname in "${sonames[@]}"; do
        ldconfig -p | awk -v name="$soname" '$1 == name { print $NF }'
      done | xargs -r readlink -f
      # tmux, the programs the desktop tests drive an X session with, sway (which itself
      # needs libpng, hidden above, so it would fail to start instead of being missing), and
      # Chromium with its driver (the browser tests).
      for program in tmux Xvfb xdotool xterm maim feh qrencode sway chromium chromedriver; do
        if found=$(command -v "$program"); then readlink -f "$found"; fi
      done
      # Debian's Public Suffix List (publicsuffix): the shipped copy serves the tests without it.
      list=/usr/share/publicsuffix/public_suffix_list.dat
      if [ -e "$list" ]; then readlink -f "$list"; fi
    )
    files=$(sort -u <<<"$files")
    echo "hiding: $(tr '\n' ' ' <<<"$files")"
    namespace=(unshare --mount)
    [ "$(id -u)" = 0 ] || namespace+=(--map-root-user)
    TWOFOLD_HIDDEN_FILES="$files" "${namespace[@]}" "$0" --inside-namespace "$@" 2>&1 | tee "$log"
    if [ -n "$files" ] && ! grep -qF "$marker" "$log"; then
      echo "error: nothing was skipped with the libraries hidden: were they hidden?" >&2
      exit 1
    fi
  fi
  echo "== $run: passed"
  summary "$log"
done
