"""A small driver over AT-SPI (libatspi through python3-gi) for the desktop end-to-end tests.

Run it inside Apps/Desktop/Tests/atspi/session.sh, which provides the X display, the session bus
and the accessibility bus. Every waiting function takes a timeout and raises DriverError with the
accessible tree on failure.

What GTK 4.8.3 / libadwaita 1.2.2 (Debian 12) expose, as observed with sample_app.py:
- Every widget is in the tree whether it is on screen or not: the pages of a GtkStack that are
  not shown stay there with their old extents. The SHOWING state is set on top-level windows
  only, and VISIBLE on everything, so neither tells what is on screen. What does: Component's
  Contains(centre of its own extents, WINDOW) is false for an unmapped widget (is_showing below).
  Widgets hidden with gtk_widget_set_visible(FALSE) are left out of the tree.
- Extents are only right in WINDOW coordinates (SCREEN ones print "Screen coordinates not
  supported"); Component.GrabFocus is not supported (it fails), so focus comes from a click or
  from the keyboard.
- GtkLabel: role "label"; its text is both the accessible name and the Text interface's content
  (Text.get_text(0, -1) returns "": ask for get_character_count() characters). An empty label is
  named after its type ("GtkLabel"), as is any unnamed widget ("GtkImage", "AdwGizmo", ...), so
  text_of() prefers the Text interface.
- GtkButton: role "push button", name = its label (or its accessible label), with a child
  "label"; one action, "click". An insensitive button lacks the SENSITIVE state.
- GtkPasswordEntry: role "password text" (actions "activate", "peek"); GtkSearchEntry: role
  "entry"; GtkEntry: role "text"; AdwEntryRow: role "text" named by its title. All four have
  EditableText, and set_text_contents works (it fires "changed"/"search-changed"); the Text
  interface reads the password back in clear. Typing with generate_keyboard_event also works.
- GtkListView: role "list" (with Selection); each row is a "list item" with an empty name and
  no action, whose child is the row widget (a "panel" for a GtkBox) holding the labels. Rows
  filtered out are removed from the tree. GtkListBox: the same "list" / "list item" shape;
  its rows are also "selectable" and the focused one "selected".
- AdwMessageDialog: a second top-level child of the application, role "dialog", named by its
  heading; its response buttons are named twice over ("Delete Delete", "Cancel Cancel") and
  exist twice (a horizontal and a vertical layout, one of them unmapped): match with
  name_contains and showing_only.
- AdwPasswordEntryRow: role "text" (not "password text"), named by its title. AdwComboRow: role
  "combo box" named by its title, no action; a click opens its popover, whose items are "list
  item"s holding a label, with extents no click lands on: choose with Up/Down and Return (the
  focus is on the chosen item). AdwExpanderRow: a "list item" named by its title, no action (a
  click on it toggles it). A GtkSwitch that is an AdwActionRow's activatable widget: "check box"
  named by the row's title (a label of its own would name it twice), action "toggle".
- AdwToast: shown in the tree while it is up, as a "filler" "AdwToastWidget" holding a "label"
  with the toast's title, and an unnamed close button ("push button" named "GtkImage").
- Keys: generate_keyboard_event(STRING) types any text (even "é"); SYM sends a keysym; a
  modifier is held by LOCKMODIFIERS / UNLOCKMODIFIERS around it (press_key("ctrl+f")).
"""
import os
import re
import shutil
import subprocess
import time
import warnings

import gi

gi.require_version("Atspi", "2.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Atspi, Gdk, GLib  # noqa: E402

# libatspi's introspection marks several get_*_iface helpers deprecated; we call the interfaces.
warnings.filterwarnings("ignore", category=DeprecationWarning, module="gi")

DEFAULT_TIMEOUT = 10.0
POLL = 0.1
ACTIONS = ("click", "activate", "press", "default.activate", "toggle")
MODIFIERS = {"shift": 1 << 0, "ctrl": 1 << 2, "control": 1 << 2, "alt": 1 << 3, "super": 1 << 6}


class DriverError(AssertionError):
    pass


# --- reading the tree -------------------------------------------------------------------------

def _safe(call, default=None):
    """An accessible can go away while we read it (its widget was destroyed): read None then."""
    try:
        return call()
    except (GLib.Error, RuntimeError):
        return default


def interfaces(acc):
    return _safe(acc.get_interfaces, []) or []


def role_of(acc):
    return _safe(acc.get_role_name, "") or ""


def name_of(acc):
    return _safe(acc.get_name, "") or ""


def states_of(acc):
    states = _safe(lambda: acc.get_state_set().get_states(), []) or []
    return [Atspi.StateType(state).value_nick for state in states]


def children(acc):
    count = _safe(acc.get_child_count, 0) or 0
    for index in range(count):
        child = _safe(lambda: acc.get_child_at_index(index))
        if child is not None:
            yield child


def extents(acc):
    """(x, y, width, height) in the coordinates of the accessible's own window, or None."""
    if "Component" not in interfaces(acc):
        return None
    box = _safe(lambda: Atspi.Component.get_extents(acc, Atspi.CoordType.WINDOW))
    return (box.x, box.y, box.width, box.height) if box else None


def is_showing(acc):
    """Whether the widget is mapped (on screen, maybe scrolled away). See the notes above: GTK 4.8
    answers Contains() with false for an unmapped widget; objects without Component (a stack
    page) count as showing, their children decide."""
    box = extents(acc)
    if box is None:
        return "Component" not in interfaces(acc)
    x, y, width, height = box
    return bool(_safe(lambda: Atspi.Component.contains(acc, x + width // 2, y + height // 2,
                                                        Atspi.CoordType.WINDOW), False))


def walk(root, showing_only=False):
    """Depth-first over root and its descendants; with showing_only, unmapped subtrees are skipped."""
    stack = [root]
    while stack:
        acc = stack.pop()
        if showing_only and acc is not root and not is_showing(acc):
            continue
        yield acc
        stack.extend(reversed(list(children(acc))))


def text_of(acc):
    """The text a person reads: the Text interface's content (labels, entries), else the name."""
    if "Text" in interfaces(acc):
        count = _safe(lambda: Atspi.Text.get_character_count(acc), 0) or 0
        text = _safe(lambda: Atspi.Text.get_text(acc, 0, count))
        if text is not None:
            return text
    return name_of(acc)


def texts(root, role="label", showing_only=True):
    """text_of of every descendant with that role (labels by default), in tree order."""
    return [text_of(acc) for acc in walk(root, showing_only) if acc is not root and role_of(acc) == role]


def tree_dump(root, showing_only=False):
    """The tree under root, one accessible a line: role, name, text, states, extents; "-" marks
    an unmapped one."""
    lines = []

    def visit(acc, depth):
        showing = is_showing(acc)
        if showing_only and not showing and depth:
            return
        text = f" text={text_of(acc)!r}" if "Text" in interfaces(acc) else ""
        lines.append(f"{'  ' * depth}{'' if showing else '- '}[{role_of(acc)}] {name_of(acc)!r}{text} "
                     f"{','.join(states_of(acc))} {extents(acc) or ''}")
        for child in children(acc):
            visit(child, depth + 1)

    visit(root, 0)
    return "\n".join(lines)


# --- waiting ----------------------------------------------------------------------------------

def wait_until(predicate, timeout=DEFAULT_TIMEOUT, message="condition", root=None):
    """Calls predicate until it returns something true, and returns that; raises DriverError after
    timeout seconds (with root's tree when given). A predicate's exception counts as false."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            result = predicate()
            if result:
                return result
        except (GLib.Error, RuntimeError, LookupError) as error:
            last_error = error
        if time.monotonic() >= deadline:
            break
        time.sleep(POLL)
    detail = f" (last error: {last_error})" if last_error else ""
    dump = f"\naccessible tree:\n{tree_dump(root)}" if root is not None else ""
    raise DriverError(f"timed out after {timeout:g} s waiting for {message}{detail}{dump}")


def applications():
    desktop = Atspi.get_desktop(0)
    return list(children(desktop))


def wait_for_app(name_or_pid, timeout=DEFAULT_TIMEOUT):
    """The application accessible whose name (GLib's program name) or process id is given, once it
    shows a window."""
    def found():
        for app in applications():
            if isinstance(name_or_pid, int):
                if _safe(app.get_process_id) != name_or_pid:
                    continue
            elif name_of(app) != name_or_pid:
                continue
            if any(role_of(window) in ("frame", "window", "dialog") for window in children(app)):
                return app
        return None

    try:
        return wait_until(found, timeout, f"the application {name_or_pid!r}")
    except DriverError as error:
        seen = [f"{name_of(app)!r} (pid {_safe(app.get_process_id)})" for app in applications()]
        raise DriverError(f"{error}; applications on the bus: {', '.join(seen) or 'none'}") from None


def start_app(argv, timeout=DEFAULT_TIMEOUT, **popen):
    """Starts argv and returns (process, application accessible)."""
    process = subprocess.Popen(argv, **popen)
    try:
        return process, wait_for_app(process.pid, timeout)
    except DriverError:
        process.kill()
        raise


def _matches(acc, role, name, name_contains, predicate):
    if role is not None:
        if isinstance(role, Atspi.Role):
            if _safe(acc.get_role) != role:
                return False
        elif role_of(acc) != role:
            return False
    if name is not None and name_of(acc) != name:
        return False
    if name_contains is not None and name_contains.casefold() not in name_of(acc).casefold():
        return False
    return predicate is None or bool(predicate(acc))


def _describe(role, name, name_contains, predicate, showing_only):
    parts = [f"role={role!r}" if role is not None else "", f"name={name!r}" if name is not None else "",
             f"name_contains={name_contains!r}" if name_contains is not None else "",
             "predicate" if predicate else "", "showing" if showing_only else ""]
    return "an accessible with " + ", ".join(part for part in parts if part)


def find_all(root, role=None, name=None, name_contains=None, showing_only=True, predicate=None, timeout=0):
    """Every descendant of root that matches (role: a role name such as "push button", or an
    Atspi.Role; name: exact; name_contains: case-insensitive; predicate(acc): any test). With a
    timeout, waits until there is at least one."""
    def matching():
        return [acc for acc in walk(root, showing_only) if acc is not root
                and _matches(acc, role, name, name_contains, predicate)]

    if timeout <= 0:
        return matching()
    return wait_until(matching, timeout, _describe(role, name, name_contains, predicate, showing_only), root)


def find(root, role=None, name=None, name_contains=None, showing_only=True, predicate=None,
         timeout=DEFAULT_TIMEOUT):
    """The first matching descendant of root (as find_all), waiting up to timeout seconds for it."""
    return find_all(root, role, name, name_contains, showing_only, predicate, max(timeout, POLL))[0]


def wait_gone(root, role=None, name=None, name_contains=None, showing_only=True, predicate=None,
              timeout=DEFAULT_TIMEOUT):
    """Waits until nothing under root matches any more (a closed dialog, a filtered-out row)."""
    wait_until(lambda: not find_all(root, role, name, name_contains, showing_only, predicate), timeout,
               "no more " + _describe(role, name, name_contains, predicate, showing_only), root)


# --- acting -----------------------------------------------------------------------------------

def click(acc):
    """Performs the accessible's click/activate/press action; without one, clicks its centre with
    the mouse."""
    count = _safe(lambda: Atspi.Action.get_n_actions(acc), 0) if "Action" in interfaces(acc) else 0
    names = [_safe(lambda: Atspi.Action.get_action_name(acc, index), "") for index in range(count or 0)]
    for wanted in ACTIONS:
        if wanted in names:
            if not Atspi.Action.do_action(acc, names.index(wanted)):
                raise DriverError(f"the action {wanted!r} failed on [{role_of(acc)}] {name_of(acc)!r}")
            return
    mouse_click(acc)


def _toplevel(acc):
    """The window (frame or dialog) an accessible is in: the ancestor whose parent is the application."""
    while True:
        parent = _safe(acc.get_parent)
        if parent is None or role_of(parent) == "application":
            return acc
        acc = parent


def _window_origin(acc):
    """Where the accessible's X window is on the screen: GTK 4.8 only reports window coordinates,
    so ask X (xdotool) for the window with the toplevel's title and size."""
    window = _toplevel(acc)
    title, box = name_of(window), extents(window)
    result = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{re.escape(title)}$"],
                            capture_output=True, text=True)
    for window_id in result.stdout.split():
        shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window_id],
                               capture_output=True, text=True).stdout
        geometry = dict(line.split("=", 1) for line in shell.split() if "=" in line)
        x, y, width, height = (int(geometry[key]) for key in ("X", "Y", "WIDTH", "HEIGHT"))
        if box is None:
            return x, y
        if width >= box[2] and height >= box[3]:
            # The X window may be larger than the GTK window's content (margins kept for
            # client-side decorations): they are shared equally on each side.
            return x + (width - box[2]) // 2, y + (height - box[3]) // 2
    raise DriverError(f"no X window titled {title!r} for [{role_of(acc)}] {name_of(acc)!r}")


def mouse_click(acc, button=1):
    """Clicks the centre of the accessible with the mouse (XTest through AT-SPI)."""
    box = extents(acc)
    if not box or box[2] <= 0 or box[3] <= 0:
        raise DriverError(f"[{role_of(acc)}] {name_of(acc)!r} has no extents to click:\n{tree_dump(acc)}")
    origin_x, origin_y = _window_origin(acc)
    x, y = origin_x + box[0] + box[2] // 2, origin_y + box[1] + box[3] // 2
    Atspi.generate_mouse_event(x, y, f"b{button}c")
    time.sleep(POLL)


def type_text(text):
    """Types text into whatever has the keyboard focus."""
    Atspi.generate_keyboard_event(0, text, Atspi.KeySynthType.STRING)
    time.sleep(POLL)


def press_key(combination):
    """Presses a key by its keysym name, with modifiers before it: "Return", "Escape", "ctrl+f",
    "shift+Tab", "ctrl+shift+z"."""
    *modifiers, key = combination.split("+")
    keysym = Gdk.keyval_from_name(key)
    if keysym in (0, Gdk.KEY_VoidSymbol):
        raise DriverError(f"unknown key {key!r} in {combination!r}")
    mask = 0
    for modifier in modifiers:
        if modifier.lower() not in MODIFIERS:
            raise DriverError(f"unknown modifier {modifier!r} in {combination!r}")
        mask |= MODIFIERS[modifier.lower()]
    if mask:
        Atspi.generate_keyboard_event(mask, None, Atspi.KeySynthType.LOCKMODIFIERS)
    try:
        Atspi.generate_keyboard_event(keysym, None, Atspi.KeySynthType.SYM)
    finally:
        if mask:
            Atspi.generate_keyboard_event(mask, None, Atspi.KeySynthType.UNLOCKMODIFIERS)
    time.sleep(POLL)


def set_text(acc, text, timeout=DEFAULT_TIMEOUT):
    """Replaces an entry's text: through EditableText, else by clicking into it, selecting all
    and typing. Waits until the entry reads back the text."""
    done = False
    if "EditableText" in interfaces(acc):
        done = bool(_safe(lambda: Atspi.EditableText.set_text_contents(acc, text), False))
    if not done or text_of(acc) != text:
        mouse_click(acc)
        press_key("ctrl+a")
        if text:
            type_text(text)
        else:
            press_key("BackSpace")
    wait_until(lambda: text_of(acc) == text, timeout, f"[{role_of(acc)}] {name_of(acc)!r} to read {text!r}")


def screenshot(path):
    """Saves the whole X screen ($DISPLAY) as a PNG (ImageMagick's import)."""
    tool = shutil.which("import")
    if tool is None:
        raise DriverError("screenshot needs ImageMagick's import (package imagemagick)")
    subprocess.run([tool, "-window", "root", f"png:{path}"], check=True, env=os.environ)
    return path
