#!/usr/bin/python3
"""Proves the AT-SPI harness on sample_app.py, once with a GtkListView and once with a GtkListBox:
    Apps/Desktop/Tests/atspi/session.sh python3 Apps/Desktop/Tests/atspi/selftest.py [SCREENSHOT_DIR]
Unlocks (a wrong password first), reads the rows, filters them, adds an account, deletes one through
its confirmation dialog, reads the toast, takes a screenshot and closes the window. Exits 0 only if
every step found what it looked for."""
import os
import struct
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_driver as d  # noqa: E402

SAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sample_app.py")


def check(condition, message):
    if not condition:
        raise d.DriverError(message)


def rows(app):
    """The text of each showing row of the Accounts list: [issuer, name, code, "Delete"]."""
    accounts = d.find(app, role="list", name="Accounts")
    return [d.texts(item) for item in d.find_all(accounts, role="list item")]


def wait_rows(app, expected):
    return d.wait_until(lambda: rows(app) == expected, message=f"rows {expected}", root=app) and expected


def scenario(list_kind, screenshot_dir):
    process, app = d.start_app([sys.executable, SAMPLE, "--list", list_kind])
    try:
        # Unlock: a wrong password through EditableText, then the right one typed with the keyboard.
        password = d.find(app, role="password text", name="Password")
        d.set_text(password, "wrong")
        d.click(d.find(app, role="push button", name="Unlock"))
        error = d.find(app, role="label", name_contains="wrong")
        check(d.text_of(error) == "Wrong password", f"error label reads {d.text_of(error)!r}")
        d.mouse_click(password)
        d.wait_until(lambda: "focused" in d.states_of(password), message="focus in the password entry", root=app)
        d.press_key("ctrl+a")
        d.type_text("secret")
        d.wait_until(lambda: d.text_of(password) == "secret", message="the typed password", root=app)
        d.press_key("Return")

        # The accounts: three rows, each issuer, name, code and its Delete button.
        search = d.find(app, role="entry", name="Search")
        d.wait_gone(app, role="password text")
        wait_rows(app, [["GitHub", "alice@example.com", "123 456", "Delete"],
                        ["GitLab", "alice", "654 321", "Delete"],
                        ["Example", "bob@example.org", "000 111", "Delete"]])
        d.set_text(search, "lab")
        wait_rows(app, [["GitLab", "alice", "654 321", "Delete"]])
        d.set_text(search, "")
        wait_rows(app, [["GitHub", "alice@example.com", "123 456", "Delete"],
                        ["GitLab", "alice", "654 321", "Delete"],
                        ["Example", "bob@example.org", "000 111", "Delete"]])

        # Keyboard focus: click into the Issuer entry, then ctrl+f brings it back to the search.
        issuer = d.find(app, role="text", name="Issuer")
        d.mouse_click(issuer)
        d.wait_until(lambda: "focused" in d.states_of(issuer), message="focus in Issuer", root=app)
        d.press_key("ctrl+f")
        d.wait_until(lambda: "focused" in d.states_of(search), message="ctrl+f to focus Search", root=app)

        # Add: Add is insensitive until Issuer (GtkEntry) and Name (AdwEntryRow) are filled.
        add = d.find(app, role="push button", name="Add")
        check("sensitive" not in d.states_of(add), "Add is sensitive before any input")
        d.set_text(issuer, "Forge")
        d.set_text(d.find(app, role="text", name="Name"), "carol")
        d.wait_until(lambda: "sensitive" in d.states_of(add), message="Add to become sensitive", root=app)
        d.click(add)
        d.find(app, role="label", name="carol")

        # Delete GitLab through its confirmation dialog; a toast says so.
        d.click(d.find(app, role="push button", name="Delete GitLab"))
        dialog = d.find(app, role="dialog", name_contains="GitLab")
        d.click(d.find(dialog, role="push button", name_contains="Delete"))
        d.wait_gone(app, role="dialog")
        wait_rows(app, [["GitHub", "alice@example.com", "123 456", "Delete"],
                        ["Example", "bob@example.org", "000 111", "Delete"],
                        ["Forge", "carol", "222 333", "Delete"]])
        toast = d.find(app, role="label", name="Deleted GitLab")
        check(d.text_of(toast) == "Deleted GitLab", "toast text")

        shot = d.screenshot(os.path.join(screenshot_dir, f"selftest-{list_kind}.png"))
        with open(shot, "rb") as image:
            header = image.read(24)
        check(header[:8] == b"\x89PNG\r\n\x1a\n", f"{shot} is not a PNG")
        width, height = struct.unpack(">II", header[16:24])
        check((width, height) == (1280, 800), f"{shot} is {width}x{height}, not the 1280x800 screen")

        # Closing the window ends the process with status 0.
        d.click(d.find(app, role="push button", name="Close"))
        status = d.wait_until(lambda: process.poll() is not None and (process.returncode,),
                              message="the app to exit after Close")[0]
        check(status == 0, f"the app exited with {status}")
        return shot
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def main():
    screenshot_dir = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="twofold-atspi-selftest.")
    os.makedirs(screenshot_dir, exist_ok=True)
    passed, failed = 0, 0
    for list_kind in ("listview", "listbox"):
        started = time.monotonic()
        try:
            shot = scenario(list_kind, screenshot_dir)
            passed += 1
            print(f"ok {list_kind} ({time.monotonic() - started:.1f} s, screenshot {shot})", flush=True)
        except d.DriverError as error:
            failed += 1
            print(f"FAILED {list_kind}: {error}", flush=True)
    print(f"selftest: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
