#!/usr/bin/env bash
# session.sh COMMAND...: runs COMMAND in a throwaway graphical session that AT-SPI can read:
#   - a fresh Xvfb on a free display (Xvfb picks it and reports it through -displayfd),
#   - a private D-Bus session bus (dbus-run-session) on which the accessibility bus
#     (at-spi-bus-launcher, its own dbus-daemon, at-spi2-registryd) is up before COMMAND starts,
#   - a private XDG_RUNTIME_DIR (mode 0700) and the environment GTK 4 needs to publish its
#     accessible tree under Xvfb (GDK_BACKEND=x11, GSK_RENDERER=cairo, GTK_A11Y=atspi).
# Everything it started is ended when COMMAND ends, fails or is interrupted: every process of
# the session carries TWOFOLD_ATSPI_SESSION=<unique token> in its environment and is found by it.
# The exit status is COMMAND's (or 125 when the session itself could not be set up).
set -uo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGUMENT...]" >&2
  exit 2
fi

for tool in Xvfb dbus-run-session /usr/libexec/at-spi-bus-launcher; do
  command -v "$tool" >/dev/null || { echo "session.sh: $tool is missing (Scripts/install-dependencies.sh)" >&2; exit 125; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/twofold-atspi.XXXXXX") || exit 125
chmod 700 "$work"
token="$(basename "$work")-$$"
export TWOFOLD_ATSPI_SESSION="$token"

# Processes that carry our token: only what this session started (this script drops it first).
session_pids() {
  local environ pid
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/}; pid=${pid%/environ}
    { tr '\0' '\n' <"$environ" | grep -qxF "TWOFOLD_ATSPI_SESSION=$token"; } 2>/dev/null && echo "$pid"
  done
}

xvfb_pid=""
cleanup() {
  local pids pass
  unset TWOFOLD_ATSPI_SESSION   # so that the helpers below do not carry the token themselves
  for pass in TERM TERM KILL; do
    pids=$(session_pids)
    [ -n "$xvfb_pid" ] && pids="$pids $xvfb_pid"
    [ -z "${pids// /}" ] && break
    # shellcheck disable=SC2086
    kill -s "$pass" $pids 2>/dev/null
    sleep 0.3
  done
  [ -n "$xvfb_pid" ] && wait "$xvfb_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# Xvfb on the first free display; it writes the display number to fd 3 once it accepts clients.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 100); do
  [ -s "$work/display" ] && grep -q . "$work/display" && break
  kill -0 "$xvfb_pid" 2>/dev/null || break
  sleep 0.1
done
display=$(tr -dc 0-9 <"$work/display")
if [ -z "$display" ]; then
  echo "session.sh: Xvfb did not start:" >&2
  cat "$work/xvfb.log" >&2
  exit 125
fi

export DISPLAY=":$display"
export XDG_RUNTIME_DIR="$work/runtime"
mkdir -m 700 "$XDG_RUNTIME_DIR"
export GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=atspi LIBGL_ALWAYS_SOFTWARE=1
export GSETTINGS_BACKEND=memory     # no dconf writes into the caller's home
export GTK_USE_PORTAL=0 ADW_DISABLE_PORTAL=1
unset NO_AT_BRIDGE AT_SPI_BUS_ADDRESS DBUS_SESSION_BUS_ADDRESS WAYLAND_DISPLAY
# Debian's python3-gi and python3-pyatspi live where only /usr/bin/python3 looks (not pyenv's).
export PATH="/usr/bin:/bin:$PATH"

# Inside the private session bus: ask for the accessibility bus's address, which D-Bus-activates
# at-spi-bus-launcher (org.a11y.Bus; it starts the a11y dbus-daemon, and at-spi2-registryd is
# activated there on first use), wait until it answers, then run COMMAND.
inner='
for _ in $(seq 100); do
  if dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1; then
    exec "$@"
  fi
  sleep 0.1
done
echo "session.sh: the accessibility bus did not start" >&2
exit 125
'
# In the background and waited for, so that a signal to this script is handled at once (bash runs
# traps only between commands); stdin is passed on explicitly (a background job gets /dev/null).
dbus-run-session -- bash -c "$inner" inner "$@" <&0 &
wait $!
exit $?
