#!/usr/bin/python3
"""Drives twofold-desktop through AT-SPI, as a person with a screen reader or a keyboard would.
Run inside session.sh; the Swift test (Tests/DesktopTests) makes the vaults and passes a JSON file:
    {"app": PATH, "cli": PATH (the twofold command line, for its words), "encrypted": {"vault": PATH,
     "password": P, "accounts": [...]}, "plain": {"vault": PATH, "accounts": [...]}, "screenshots": DIR}
Each account is {"issuer", "name", "secret" (Base32), "digits", "period"}. Codes are checked
against TOTP computed here with Python's own hmac (RFC 6238), not with Twofold's code.
The scenarios to run follow the file (encrypted, live_reload and screens when none is named;
second_instance only when named). Exits 0 only when every step saw what it expected; a failure prints the step and
the tree."""
import base64
import hashlib
import hmac
import json
import os
import re
import struct
import subprocess
import sys
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_driver as d  # noqa: E402


def check(condition, message):
    if not condition:
        raise d.DriverError(message)


def totp(secret, at, digits=6, period=30):
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", int(at) // period), "sha1").digest()
    offset = digest[-1] & 15
    value = (struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 10**digits
    code = str(value).zfill(digits)
    return code[: digits // 2] + " " + code[digits // 2:]


def rows(app):
    """The label texts of each row on screen: issuer, name, code, seconds left, ..."""
    accounts = d.find(app, role="list", name="Accounts")
    return [d.texts(item) for item in d.find_all(accounts, role="list item")]


def row_of(app, issuer):
    accounts = d.find(app, role="list", name="Accounts")
    return d.find(accounts, role="list item", predicate=lambda item: issuer in d.texts(item))


def buttons_of(row):
    """The names of the push buttons showing in a row."""
    return [d.name_of(b) for b in d.find_all(row, role="push button")]


def open_details(app, issuer):
    """Opens the details of the account of `issuer` from its row's context menu (a right click)."""
    row_menu(app, issuer)
    d.click(menu_entry(app, "Details"))
    d.find(app, role="push button", name_contains="Delete Account")


def row_menu(app, issuer):
    """Opens the context menu of the row of `issuer` with a right click on its title; checks it
    holds Details and Delete…."""
    d.mouse_click(d.find(row_of(app, issuer), role="label", name=issuer), button=3)
    menu_entry(app, "Details")
    menu_entry(app, "Delete…")


def menu_entry(app, name):
    """The item `name` of the open context menu."""
    return d.find(app, name=name, predicate=lambda a: d.role_of(a) not in ("label", "list item", "list"))


def style_button(preferences, name):
    """The style's toggle button `name` (GTK 4.8 gives toggle buttons the push button role, pressed when on)."""
    return d.find(preferences, name=name, predicate=lambda a: d.role_of(a) in ("toggle button", "push button"))


def wait_copied(app, account, how):
    """Waits for the current code of `account`, without spaces, on the CLIPBOARD selection."""
    d.wait_until(
        lambda: clipboard() in {totp(account["secret"], t, account["digits"], account["period"]).replace(" ", "")
                                for t in (time.time() - 1, time.time())},
        message=f"the code of {account['issuer']} on the clipboard after {how}", root=app)


def open_preferences(app):
    """Opens the preferences from the main menu and returns their window."""
    menu_item(app, "Preferences")
    return d.wait_until(lambda: next((w for w in d.children(app) if d.name_of(w) == "Preferences"), None),
                        message="the preferences window", root=app)


def menu_item(app, name):
    """Chooses the main menu's item whose name starts with `name` (Import…, Export…)."""
    open_menu(app)
    d.click(d.find(app, predicate=lambda a: d.name_of(a).startswith(name) and d.role_of(a) != "label"))


def open_menu(app):
    """Opens the main menu (the header bar's menu button)."""
    d.click(d.find(app, name="Main menu", predicate=lambda a: d.role_of(a) in ("push button", "toggle button")))


def below(field, label):
    """Whether `label` sits right under `field` (the next thing down, the same width or less)."""
    fx, fy, fw, fh = d.extents(field)
    lx, ly, lw, lh = d.extents(label)
    return fy + fh <= ly <= fy + fh + 12 and fx - 4 <= lx <= fx + fw


def problem_under(app, field):
    """The text of the label right under `field`, or ""."""
    labels = d.find_all(app, role="label", predicate=lambda a: d.text_of(a) and below(field, a))
    return d.text_of(labels[0]) if labels else ""


def cli_problem(cli, folder, *arguments):
    """What `twofold add ARGUMENTS` says is wrong, after "twofold: --option: " (a vault of its own)."""
    vault = os.path.join(folder, f"words-{uuid.uuid4()}.json")
    env = dict(os.environ, TWOFOLD_AGENT="off")
    subprocess.run([cli, "--vault", vault, "init", "--unencrypted"], env=env, capture_output=True, check=True)
    result = subprocess.run([cli, "--vault", vault, "add", *arguments], env=env, capture_output=True, text=True)
    check(result.returncode != 0, f"twofold add {arguments} did not fail")
    line = result.stderr.strip().splitlines()[-1]
    return line.split(": ", 2)[-1]


def png_icon(path, color):
    """A 64 × 64 PNG, a white disc on `color`, written to path; returns its bytes."""
    subprocess.run(["convert", "-size", "64x64", f"xc:{color}", "-fill", "white", "-draw", "circle 32,32 32,12",
                    f"png:{path}"], check=True)
    with open(path, "rb") as file:
        return file.read()


def set_entry_icon(vault_path, issuer, png):
    """Gives the entry of `issuer` in an unencrypted vault an icon (as Aegis writes it)."""
    with open(vault_path) as file:
        vault = json.load(file)
    for entry in vault["db"]["entries"]:
        if entry["issuer"] == issuer:
            entry["icon"] = base64.b64encode(png).decode()
            entry["icon_mime"] = "image/png"
    temporary = vault_path + ".icon"
    with open(temporary, "w") as file:
        json.dump(vault, file)
    os.chmod(temporary, 0o600)
    os.rename(temporary, vault_path)


def entry_of(vault_path, issuer):
    with open(vault_path) as file:
        return next(e for e in json.load(file)["db"]["entries"] if e["issuer"] == issuer)


def sync_problem_file(vault_path):
    """Where the agent keeps the problem of its last sync of the vault (StateLocation, SyncProblemFile):
    $XDG_STATE_HOME/twofold (else ~/.local/state/twofold)/vaults/STEM-HASH/sync-problem.json."""
    base = os.environ.get("XDG_STATE_HOME", "")
    if not base.startswith("/"):
        base = os.path.join(os.environ["HOME"], ".local/state")
    vault = os.path.realpath(vault_path)
    name = os.path.basename(vault)
    stem = name[:-5] if name.endswith(".json") else name
    digest = hashlib.sha256(vault.encode()).hexdigest()[:16]
    return os.path.join(base, "twofold", "vaults", f"{stem}-{digest}", "sync-problem.json")


def main_window(app):
    return next(w for w in d.children(app) if d.name_of(w).startswith("Twofold"))


def narrow(app, width):
    """Makes the main window `width` pixels wide (xdotool) and waits until GTK has laid it out. The
    X window is larger than GTK's by the margins kept for client-side decorations: measured, then
    corrected once more if GTK's width still differs."""
    title = d.name_of(main_window(app))
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{re.escape(title)}$"],
                         capture_output=True, text=True).stdout.split()
    check(ids, f"no X window titled {title!r}")

    def outer():
        shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", ids[0]], capture_output=True,
                               text=True).stdout
        return int(dict(line.split("=", 1) for line in shell.split() if "=" in line)["WIDTH"])

    for _ in range(3):
        target = outer() - (d.extents(main_window(app))[2] - width)
        subprocess.run(["xdotool", "windowsize", ids[0], str(target), "700"], check=True)
        try:
            d.wait_until(lambda: d.extents(main_window(app))[2] == width and outer() == target, timeout=3,
                         message=f"the window {width} px wide")
            return
        except d.DriverError:
            continue
    raise d.DriverError(f"the window is {d.extents(main_window(app))[2]} px wide, not {width}")


def inside(app, acc):
    """Checks that `acc` is on screen within its window's width."""
    x, _, width, _ = d.extents(acc)
    window = d.extents(main_window(app))[2]
    check(d.is_showing(acc) and x >= 0 and x + width <= window,
          f"[{d.role_of(acc)}] {d.name_of(acc)!r} at x {x}..{x + width} is outside the window's {window} px")


def codes_right(app, accounts):
    shown = rows(app)
    if len(shown) != len(accounts):
        return False
    now = time.time()
    for account, texts in zip(accounts, shown):
        if texts[:2] != [account["issuer"], account["name"]]:
            return False
        # The row may have been drawn a moment before or after a period's edge.
        allowed = {totp(account["secret"], at, account["digits"], account["period"]) for at in (now - 1, now, now + 1)}
        if texts[2] not in allowed:
            return False
    return True


def choose_in_file_chooser(app, title, path):
    """Types `path` into the open file chooser named `title` and accepts it (a first Return may
    only take the entry's completion)."""
    chooser = lambda: next((w for w in d.children(app) if title in d.name_of(w)), None)
    d.wait_until(chooser, message=f"the file chooser {title!r}", root=app)
    time.sleep(0.5)  # until the chooser has the keyboard focus
    d.press_key("ctrl+l")
    d.press_key("ctrl+a")  # the location may hold the folder already
    d.type_text(path)
    for _ in range(3):
        time.sleep(0.3)
        d.press_key("Return")
        try:
            d.wait_until(lambda: chooser() is None, timeout=2, message="the file chooser closed", root=app)
            return
        except d.DriverError:
            continue
    raise d.DriverError(f"the file chooser did not take {path}")


def clipboard():
    result = subprocess.run(["xsel", "--clipboard", "--output"], capture_output=True, text=True, timeout=5)
    return result.stdout


def is_dark(path):
    """Whether the middle of the window's content in the screenshot is dark (the dark theme)."""
    pixel = subprocess.run(
        ["convert", path, "-crop", "1x1+300+600", "-format", "%[fx:luminance]", "info:"],
        capture_output=True, text=True, check=True).stdout
    return float(pixel) < 0.35


class Scenario:
    def __init__(self, config):
        self.config = config
        self.shots = config["screenshots"]
        os.makedirs(self.shots, exist_ok=True)

    def shot(self, name):
        time.sleep(0.3)  # let the last frame reach the screen
        return d.screenshot(os.path.join(self.shots, name + ".png"))

    def start(self, vault):
        env = dict(os.environ, TWOFOLD_AGENT="off")
        return d.start_app([self.config["app"], "--vault", vault], env=env)

    def quit(self, process, app):
        d.press_key("ctrl+q")
        status = process.wait(timeout=10)
        check(status == 0, f"the app ended with status {status}, not 0")

    def encrypted(self):
        setup = self.config["encrypted"]
        accounts = sorted(setup["accounts"], key=lambda a: (a["issuer"].lower(), a["name"].lower()))
        process, app = self.start(setup["vault"])
        try:
            print("step: a wrong password leaves the unlock screen with a sentence saying so")
            password = d.find(app, role="password text", name="Password")
            d.set_text(password, "not the password")
            d.click(d.find(app, role="push button", name="Unlock"))
            d.find(app, role="label", predicate=lambda a: "wrong" in d.text_of(a).lower())
            self.shot("unlock-wrong-password")

            print("step: the right password opens the list")
            d.set_text(password, setup["password"])
            d.click(d.find(app, role="push button", name="Unlock"))
            d.find(app, role="list", name="Accounts")

            print("step: the list shows each account's issuer, name and current code")
            d.wait_until(lambda: codes_right(app, accounts), message=f"codes of {accounts}", root=app)
            self.shot("accounts")

            print("step: each row has one button, Copy")
            for account in accounts:
                buttons = buttons_of(row_of(app, account["issuer"]))
                check(buttons == ["Copy"], f"the row of {account['issuer']} has the buttons {buttons}, not Copy")

            print("step: the main menu holds Import, Export, Preferences, Keyboard Shortcuts and About, which shows the version")
            open_menu(app)
            for item in ("Import", "Export", "Preferences", "Keyboard Shortcuts", "About Twofold"):
                d.find(app, name_contains=item, predicate=lambda a: d.role_of(a) != "label")
            d.click(d.find(app, name_contains="About Twofold", predicate=lambda a: d.role_of(a) != "label"))
            version = subprocess.run([self.config["app"], "--version"], capture_output=True, text=True,
                                     check=True).stdout.split()[-1]
            about = d.wait_until(lambda: next((w for w in d.children(app) if "About" in d.name_of(w)), None),
                                 message="the About window", root=app)
            d.find(about, predicate=lambda a: version in d.text_of(a))
            self.shot("about")
            d.press_key("Escape")
            d.wait_until(lambda: "showing" not in d.states_of(about), message="the About window closed", root=app)

            print("step: the Copy button copies the code alone, without spaces, to CLIPBOARD")
            first = accounts[0]
            d.click(d.find(row_of(app, first["issuer"]), role="push button", name="Copy"))
            d.wait_until(
                lambda: clipboard() in {totp(first["secret"], t, first["digits"], first["period"]).replace(" ", "")
                                        for t in (time.time() - 1, time.time())},
                message="the code on the clipboard", root=app)
            d.find(app, role="label", predicate=lambda a: d.text_of(a).startswith("Copied"))

            print("step: a click on a row, and Enter on the focused row, copy its code without spaces to CLIPBOARD")
            second, third = accounts[1], accounts[2]
            d.mouse_click(d.find(row_of(app, second["issuer"]), role="label", name=second["issuer"]))
            wait_copied(app, second, "a click on its row")
            check(not d.find_all(app, role="push button", name_contains="Delete Account"),
                  "a click on a row opened the details")
            d.press_key("Down")
            d.press_key("Return")
            wait_copied(app, third, "Enter on its row")
            check(not d.find_all(app, role="push button", name_contains="Delete Account"),
                  "Enter on a row opened the details")

            print("step: Alt+Enter on the focused row opens its details; Escape goes back")
            d.press_key("alt+Return")
            d.find(app, role="push button", name_contains="Delete Account")
            d.press_key("Escape")
            d.find(app, role="list", name="Accounts")

            print("step: the Menu key opens the focused row's menu, whose Details opens the details")
            d.press_key("Menu")
            d.click(menu_entry(app, "Details"))
            d.find(app, role="push button", name_contains="Delete Account")
            d.press_key("Escape")
            d.find(app, role="list", name="Accounts")

            print("step: typing searches, and the list keeps only what matches")
            d.press_key("ctrl+f")
            search = d.find(app, role="entry", name="Search accounts")
            target = accounts[-1]
            d.set_text(search, target["issuer"][:4])
            d.wait_until(lambda: [r[0] for r in rows(app)] == [target["issuer"]], message="one matching row", root=app)
            self.shot("search")
            d.set_text(search, "")
            d.wait_until(lambda: len(rows(app)) == len(accounts), message="every row again", root=app)
            d.press_key("Escape")

            print("step: add by Key URI: Add is insensitive until the URI is valid")
            d.click(d.find(app, role="push button", name="Add account"))
            uri_entry = d.find(app, role="text", name="Key URI")
            for name in ("Issuer", "Name", "Secret"):
                d.find(app, name=name, predicate=lambda a: d.role_of(a) in ("text", "password text"))
            add = d.find(app, role="push button", name="Add")
            check("sensitive" not in d.states_of(add), "Add is sensitive on an empty form")
            check(d._safe(add.get_description), "Add does not say why it is insensitive")

            print("step: a field's problem shows right under it as soon as it is typed, in the command line's words")
            secret = d.find(app, name="Secret", predicate=lambda a: d.role_of(a) in ("text", "password text"))
            d.set_text(secret, "abc!")
            words = cli_problem(self.config["cli"], os.path.dirname(setup["vault"]), "--issuer", "X",
                                "--secret", "abc!")
            d.wait_until(lambda: problem_under(app, secret) == words, message=f"{words!r} under the secret", root=app)
            check("sensitive" not in d.states_of(add), "Add is sensitive with a bad secret")
            check(words in d._safe(add.get_description, ""), "Add does not say the secret is the reason")
            d.set_text(secret, "")
            d.wait_until(lambda: problem_under(app, secret) != words, message="the problem gone", root=app)
            d.set_text(uri_entry, "otpauth://totp/Added:new?secret=")
            check("sensitive" not in d.states_of(add), "Add is sensitive for a URI without a secret")
            added = {"issuer": "Added", "name": "new", "secret": "MFRGGZDFMZTWQ2LK", "digits": 6, "period": 30}
            d.set_text(uri_entry, f"otpauth://totp/Added:new?secret={added['secret']}&issuer=Added")
            d.wait_until(lambda: "sensitive" in d.states_of(add), message="Add sensitive for a valid URI", root=app)
            self.shot("add-account")
            d.click(add)
            with_added = sorted(accounts + [added], key=lambda a: (a["issuer"].lower(), a["name"].lower()))
            d.wait_until(lambda: codes_right(app, with_added), message="the added account's row", root=app)

            print("step: Shift+F10 opens the row's menu too, whose Delete… asks first; Cancel keeps the account")
            before = os.stat(setup["vault"]).st_mtime_ns
            d.mouse_click(d.find(row_of(app, "Added"), role="label", name="Added"))  # the focused row
            wait_copied(app, added, "a click on its row")
            d.press_key("shift+F10")
            d.click(menu_entry(app, "Delete…"))
            dialog = d.find(app, role="dialog")
            d.find(dialog, role="push button", name="Delete")
            d.click(d.find(dialog, role="push button", name="Cancel"))
            d.wait_until(lambda: "showing" not in d.states_of(dialog), message="the confirmation closed", root=app)
            check(os.stat(setup["vault"]).st_mtime_ns == before, "the vault changed after cancelling the delete")
            check(codes_right(app, with_added), "an account is gone after cancelling the delete")

            print("step: Delete… in a row's context menu (a right click) asks first, and nothing is written before")
            before = os.stat(setup["vault"]).st_mtime_ns
            row_menu(app, "Added")
            d.click(menu_entry(app, "Delete…"))
            dialog = d.find(app, role="dialog")
            self.shot("delete-confirmation")
            check(os.stat(setup["vault"]).st_mtime_ns == before, "the vault changed before the delete was confirmed")
            d.click(d.find(dialog, role="push button", name="Delete"))  # named once, as people hear it
            d.wait_until(lambda: codes_right(app, accounts), message="the row gone after deleting", root=app)
            check(os.stat(setup["vault"]).st_mtime_ns != before, "the vault was not written after deleting")

            print("step: the theme: Preferences, a window of its own, then the toggle buttons Dark, Light and Follow System")
            preferences = open_preferences(app)
            styles = ["Follow System", "Light", "Dark"]

            def chosen():
                return [n for n in styles
                        if {"checked", "pressed"} & set(d.states_of(style_button(preferences, n)))]
            d.wait_until(lambda: chosen() == ["Follow System"], message="Follow System chosen", root=preferences)
            for name, dark in (("Dark", True), ("Light", False), ("Follow System", False)):
                d.click(style_button(preferences, name))
                d.wait_until(lambda: chosen() == [name], message=f"{name} alone chosen", root=preferences)
                if name != "Follow System":
                    time.sleep(0.5)
                    check(is_dark(self.shot(f"settings-{name.lower()}")) == dark,
                          f"the window is {'not ' if dark else ''}dark after choosing {name}")
            settings = os.path.join(os.path.dirname(setup["vault"]), "settings.json")
            check(os.path.exists(settings), f"no settings saved at {settings}")
            d.press_key("Escape")
            d.wait_until(lambda: "showing" not in d.states_of(preferences), message="the preferences closed", root=app)

            print("step: quitting ends the process with status 0")
            self.quit(process, app)
        finally:
            if process.poll() is None:
                process.kill()

    def live_reload(self):
        setup = self.config["plain"]
        accounts = sorted(setup["accounts"], key=lambda a: (a["issuer"].lower(), a["name"].lower()))
        folder = os.path.dirname(setup["vault"])
        with_icon = next(a for a in accounts if a["issuer"] == "GitHub")
        set_entry_icon(setup["vault"], with_icon["issuer"], png_icon(os.path.join(folder, "icon.png"), "#1e88e5"))
        process, app = self.start(setup["vault"])
        try:
            print("step: an unencrypted vault opens without asking")
            d.find(app, role="list", name="Accounts")
            d.wait_until(lambda: codes_right(app, accounts), message="codes of the plain vault", root=app)

            print("step: the row of an entry with an icon shows it; the others show the issuer's initials")
            for account in accounts:
                icons = d.find_all(row_of(app, account["issuer"]), role="image", name="Icon")
                check(bool(icons) == (account is with_icon), f"the row of {account['issuer']} shows {len(icons)} icons")

            print("step: a change by another process shows within 2 s")
            with open(setup["vault"]) as file:
                vault = json.load(file)
            new = {"issuer": "Elsewhere", "name": "phone", "secret": "GEZDGNBVGY3TQOJQ", "digits": 6, "period": 30}
            vault["db"]["entries"].append({
                "type": "totp", "uuid": str(uuid.uuid4()), "name": new["name"], "issuer": new["issuer"], "note": "",
                "favorite": False, "icon": None,
                "info": {"secret": new["secret"], "algo": "SHA1", "digits": 6, "period": 30}})
            temporary = setup["vault"] + ".other-process"
            with open(temporary, "w") as file:
                json.dump(vault, file)
            os.chmod(temporary, 0o600)
            os.rename(temporary, setup["vault"])
            changed = time.monotonic()
            both = sorted(accounts + [new], key=lambda a: (a["issuer"].lower(), a["name"].lower()))
            d.wait_until(lambda: codes_right(app, both), timeout=2.0, message="the new account within 2 s", root=app)
            print(f"  shown after {time.monotonic() - changed:.2f} s")
            self.shot("live-reload")

            print("step: a Syncthing conflict copy beside the vault is announced, and the notice goes with it")
            notice = "1 conflict copy of this vault: run 'twofold sync'"
            copy = os.path.join(os.path.dirname(setup["vault"]), "vault.sync-conflict-20261203-101500-BBBBBBB.json")
            with open(setup["vault"]) as source, open(copy, "w") as target:
                target.write(source.read())
            d.wait_until(lambda: notice in d.texts(app), timeout=2.0, message="the conflict-copy notice", root=app)
            self.shot("conflict-copies")
            os.remove(copy)
            d.wait_until(lambda: notice not in d.texts(app), timeout=2.0, message="the notice gone", root=app)

            print("step: a sync the agent could not make is told in the banner, and the notice goes with it")
            problem = sync_problem_file(setup["vault"])
            os.makedirs(os.path.dirname(problem), mode=0o700, exist_ok=True)
            with open(problem + ".new", "w") as file:
                json.dump({"version": 1, "source": "/elsewhere/shared.json", "message": "the file is missing",
                           "time": 1767348000}, file)
            os.rename(problem + ".new", problem)
            told = "Sync failed: /elsewhere/shared.json: the file is missing (since "

            def banner():
                return any(text.startswith(told) for text in d.texts(app))
            d.wait_until(banner, timeout=2.0, message="the sync-problem notice", root=app)
            self.shot("sync-problem")
            os.remove(problem)
            d.wait_until(lambda: not banner(), timeout=2.0, message="the sync-problem notice gone", root=app)

            print("step: details draw the QR code on request; Edit renames, and the list and details show it")
            first = accounts[0]
            open_details(app, first["issuer"])
            check(not d.find_all(app, role="image", name="Icon"), "the details show an icon for an entry without one")
            d.click(d.find(app, role="push button", name="Show QR code"))
            d.find(app, name="QR code of the Key URI")
            self.shot("details-qr")
            d.click(d.find(app, role="push button", name="Edit"))
            name = d.find(app, role="text", name="Name")
            d.wait_until(lambda: d.text_of(name) == first["name"], message="the Name field filled", root=app)
            d.set_text(name, first["name"] + " renamed")
            self.shot("edit-account")
            d.click(d.find(app, role="push button", name="Save"))
            name_row = d.find(app, role="list item", name="Name")
            d.wait_until(lambda: d.texts(name_row) == ["Name", first["name"] + " renamed"], message="the new name",
                         root=app)
            d.click(d.find(app, role="push button", name="Back"))
            d.wait_until(lambda: [first["issuer"], first["name"] + " renamed"] in [r[:2] for r in rows(app)],
                         message="the renamed row", root=app)

            print("step: the details show the entry's icon; Choose Icon… takes a file, Remove Icon removes it")
            open_details(app, with_icon["issuer"])
            d.find(app, role="image", name="Icon")
            self.shot("details-icon")
            d.click(d.find(app, role="push button", name="Choose Icon…"))
            chooser = d.wait_until(lambda: next((w for w in d.children(app) if d.name_of(w) == "Choose an Icon"), None),
                                   message="the icon chooser", root=app)
            self.shot("icon-chooser")
            other = png_icon(os.path.join(folder, "other-icon.png"), "#e01b24")
            d.click(d.find(chooser, role="push button", name="From a File…"))
            choose_in_file_chooser(app, "Choose an icon file", os.path.join(folder, "other-icon.png"))
            d.wait_until(lambda: entry_of(setup["vault"], "GitHub").get("icon") == base64.b64encode(other).decode(),
                         message="the chosen file as the entry's icon", root=app)
            check(entry_of(setup["vault"], "GitHub").get("icon_mime") == "image/png", "the icon's mime is not PNG")
            d.click(d.find(app, role="push button", name="Remove Icon"))
            d.wait_until(lambda: entry_of(setup["vault"], "GitHub").get("icon") is None, message="the icon removed",
                         root=app)
            d.wait_gone(app, role="image", name="Icon")
            d.click(d.find(app, role="push button", name="Back"))

            print("step: add from a QR code picture chosen in the file chooser")
            picture = os.path.join(os.path.dirname(setup["vault"]), "qr.png")
            pictured = {"issuer": "Pictured", "name": "qr", "secret": "ONSWG4TFOQYTEMZU", "digits": 6, "period": 30}
            subprocess.run(["qrencode", "-s", "6", "-o", picture,
                            f"otpauth://totp/Pictured:qr?secret={pictured['secret']}&issuer=Pictured"], check=True)
            d.click(d.find(app, role="push button", name="Add account"))
            d.click(d.find(app, role="push button", name="Open a QR code picture…"))
            # GTK 4.8 shows its own file chooser here (no portal), a top-level "filler" named by its title.
            d.wait_until(lambda: any("QR code picture" in d.name_of(w) for w in d.children(app)),
                         message="the file chooser", root=app)
            self.shot("file-chooser")
            choose_in_file_chooser(app, "QR code picture", picture)
            uri_entry = d.find(app, role="text", name="Key URI")
            d.wait_until(lambda: "Pictured" in d.text_of(uri_entry), message="the picture's Key URI in the form", root=app)
            d.click(d.find(app, role="push button", name="Add"))
            d.wait_until(lambda: ["Pictured", "qr"] in [r[:2] for r in rows(app)], message="the pictured row", root=app)

            print("step: add from a QR code on the screen (the window steps aside while it is read)")
            screened = {"issuer": "Screened", "name": "qr", "secret": "MZXW6YTBOI3DGNBV", "digits": 6, "period": 30}
            on_screen = os.path.join(os.path.dirname(setup["vault"]), "screen-qr.png")
            subprocess.run(["qrencode", "-s", "8", "-o", on_screen,
                            f"otpauth://totp/Screened:qr?secret={screened['secret']}&issuer=Screened"], check=True)
            viewer = subprocess.Popen(["feh", "--geometry", "400x400+700+100", on_screen])
            try:
                time.sleep(1.0)
                d.click(d.find(app, role="push button", name="Add account"))
                d.click(d.find(app, role="push button", name="Scan a QR code on the screen"))
                uri_entry = d.find(app, role="text", name="Key URI")
                d.wait_until(lambda: "Screened" in d.text_of(uri_entry), message="the screen's Key URI in the form",
                             root=app)
                d.click(d.find(app, role="push button", name="Add"))
                d.wait_until(lambda: ["Screened", "qr"] in [r[:2] for r in rows(app)], message="the screened row",
                             root=app)
            finally:
                viewer.kill()

            print("step: import: the report first, Import only when it would do what it says")
            export = os.path.join(os.path.dirname(setup["vault"]), "export.txt")
            with open(export, "w") as file:
                file.write("otpauth://totp/Imported:first?secret=GEZDGNBVGY3TQOJQ&issuer=Imported\n"
                           "otpauth://totp/Imported:second?secret=MFRGGZDFMZTWQ2LK&issuer=Imported\n"
                           "otpauth://totp/Broken:entry?secret=not-base32!\n")
            menu_item(app, "Import")
            choose_in_file_chooser(app, "Import from a file", export)
            dialog = d.find(app, role="dialog", name_contains="Import from")

            def report():
                """The report's text (a label's accessible name is its text)."""
                labels = d.find_all(dialog, role="label", predicate=lambda a: "duplicate" in d.text_of(a))
                return d.text_of(labels[0]) if labels else ""

            d.wait_until(lambda: "failed: line 3" in report(), message="the report naming the bad line", root=app)
            print("  " + report().replace("\n", " | "))
            import_button = d.find(dialog, role="push button", name_contains="Import")
            check("sensitive" not in d.states_of(import_button), "Import is enabled with an entry that failed")
            self.shot("import-report")
            d.click(d.find(dialog, name="Skip the entries that cannot be read"))
            d.wait_until(lambda: "would import 2 accounts" in report(), message="the report with skipping", root=app)
            d.wait_until(lambda: "sensitive" in d.states_of(import_button), message="Import enabled", root=app)
            d.click(import_button)
            d.wait_until(lambda: ["Imported", "second"] in [r[:2] for r in rows(app)], message="the imported rows",
                         root=app)
            d.find(app, role="label", predicate=lambda a: d.text_of(a).startswith("imported 2 accounts"))

            print("step: export to an encrypted Aegis vault, its passwords and file chosen in the dialog")
            exported = os.path.join(os.path.dirname(setup["vault"]), "exported-vault.json")
            menu_item(app, "Export")
            dialog = d.find(app, role="dialog", name_contains="Export")
            export_button = d.find(dialog, role="push button", name_contains="Export")
            check("sensitive" not in d.states_of(export_button), "Export is enabled before anything was given")
            d.set_text(d.find(dialog, name="Export password"), "export secret")
            d.set_text(d.find(dialog, name="Export password again"), "export secret")
            d.click(d.find(dialog, role="push button", name="Choose the file…"))
            choose_in_file_chooser(app, "Export to a file", exported)
            d.wait_until(lambda: "sensitive" in d.states_of(export_button), message="Export enabled", root=app)
            self.shot("export")
            d.click(export_button)
            d.wait_until(lambda: os.path.exists(exported), message="the exported file", root=app)
            check(os.stat(exported).st_mode & 0o777 == 0o600, "the export is not 0600")
            with open(exported) as file:
                written = json.load(file)
            check(isinstance(written["db"], str) and written["header"]["slots"], "the export is not an encrypted vault")
            d.find(app, role="label", predicate=lambda a: d.text_of(a).startswith("Exported aegis to"))

            print("step: F1 shows the keyboard shortcuts window")
            d.press_key("F1")
            d.wait_until(lambda: any(d.role_of(w) in ("frame", "window", "dialog") and "Shortcuts" in
                                     " ".join(d.texts(w, showing_only=False)) + d.name_of(w)
                                     for w in d.children(app)), message="the shortcuts window", root=app)
            self.shot("shortcuts")
            d.press_key("Escape")

            print("step: at 360 px wide the rows still show their code and Copy button")
            narrow(app, 360)
            for row in d.find_all(d.find(app, role="list", name="Accounts"), role="list item"):
                inside(app, d.find(row, role="push button", name="Copy"))
                texts = d.texts(row)
                check(len(texts) > 2 and texts[2].replace(" ", "").isdigit(), f"no code in the row {texts}")
            self.shot("narrow")

            print("step: closing the window ends the process with status 0")
            d.click(d.find(app, role="push button", name="Close"))
            status = process.wait(timeout=10)
            check(status == 0, f"closing the window ended the app with status {status}")
        finally:
            if process.poll() is None:
                process.kill()

    def screens(self):
        """The forms, details and preferences, in the light and the dark style, for people to look at
        (screenshots NAME-light.png and NAME-dark.png); each screen is checked to be there."""
        setup = self.config["plain"]
        folder = os.path.dirname(setup["vault"])
        set_entry_icon(setup["vault"], "GitHub", png_icon(os.path.join(folder, "icon.png"), "#1e88e5"))
        settings = os.path.join(folder, "settings.json")
        for style in ("light", "dark"):
            with open(settings, "w") as file:
                json.dump({"theme": style}, file)
            process, app = self.start(setup["vault"])
            try:
                print(f"step: the add form with a field's problem, then Advanced open ({style})")
                d.find(app, role="list", name="Accounts")
                d.click(d.find(app, role="push button", name="Add account"))
                d.set_text(d.find(app, role="text", name="Issuer"), "Example")
                secret = d.find(app, role="text", name="Secret")
                d.set_text(secret, "abc!")
                d.wait_until(lambda: problem_under(app, secret), message="the secret's problem", root=app)
                self.shot(f"editor-problem-{style}")
                # The code settings are checked once the secret is good.
                d.set_text(secret, "JBSWY3DPEHPK3PXP")
                d.mouse_click(d.find(app, role="list item", name="Advanced"))
                digits = d.find(app, role="text", name="Digits")
                d.set_text(digits, "99")
                d.wait_until(lambda: problem_under(app, digits), message="the digits' problem", root=app)
                self.shot(f"editor-advanced-{style}")
                d.click(d.find(app, role="push button", name="Cancel"))

                print(f"step: the details with an icon, the icon chooser, the delete confirmation ({style})")
                open_details(app, "GitHub")
                d.find(app, role="image", name="Icon")
                self.shot(f"details-icon-{style}")
                d.click(d.find(app, role="push button", name="Choose Icon…"))
                chooser = d.wait_until(lambda: next((w for w in d.children(app) if d.name_of(w) == "Choose an Icon"),
                                                    None), message="the icon chooser", root=app)
                self.shot(f"icon-chooser-{style}")
                d.click(d.find(chooser, role="push button", name="Cancel"))
                d.wait_until(lambda: "showing" not in d.states_of(chooser), message="the chooser closed", root=app)
                d.click(d.find(app, role="push button", name_contains="Delete Account"))
                dialog = d.find(app, role="dialog")
                self.shot(f"delete-confirmation-{style}")
                d.click(d.find(dialog, role="push button", name="Cancel"))
                d.click(d.find(app, role="push button", name="Back"))

                print(f"step: the preferences ({style})")
                preferences = open_preferences(app)
                style_button(preferences, "Follow System")
                self.shot(f"preferences-{style}")
                d.press_key("Escape")
                d.wait_until(lambda: "showing" not in d.states_of(preferences), message="the preferences closed",
                             root=app)

                print(f"step: the add form and the details at 360 px wide ({style})")
                narrow(app, 360)
                d.click(d.find(app, role="push button", name="Add account"))
                for control in (d.find(app, role="push button", name="Add"), d.find(app, role="text", name="Secret"),
                                d.find(app, role="push button", name="Open a QR code picture…")):
                    inside(app, control)
                self.shot(f"editor-narrow-{style}")
                d.click(d.find(app, role="push button", name="Cancel"))
                open_details(app, "GitHub")
                for control in (d.find(app, role="push button", name="Edit"),
                                d.find(app, role="push button", name="Choose Icon…"),
                                d.find(app, role="push button", name="Copy")):
                    inside(app, control)
                self.shot(f"details-narrow-{style}")
                d.click(d.find(app, role="push button", name="Back"))
                self.quit(process, app)
            finally:
                if process.poll() is None:
                    process.kill()
        os.remove(settings)

    def second_instance(self):
        setup = self.config["plain"]
        accounts = sorted(setup["accounts"], key=lambda a: (a["issuer"].lower(), a["name"].lower()))
        process, app = self.start(setup["vault"])
        try:
            print("step: the first window shows the list")
            d.find(app, role="list", name="Accounts")
            d.wait_until(lambda: codes_right(app, accounts), message="codes of the plain vault", root=app)

            print("step: a second twofold-desktop --search TEXT hands TEXT to the running window and exits 0")
            target = accounts[-1]
            text = target["issuer"][:4]
            env = dict(os.environ, TWOFOLD_AGENT="off")
            second = subprocess.Popen([self.config["app"], "--vault", setup["vault"], "--search", text], env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            try:
                output, _ = second.communicate(timeout=d.DEFAULT_TIMEOUT)
            except subprocess.TimeoutExpired:
                second.kill()
                output, _ = second.communicate()
                raise d.DriverError(f"the second instance did not exit within {d.DEFAULT_TIMEOUT:g} s:\n{output}")
            check(second.returncode == 0, f"the second instance ended with status {second.returncode}:\n{output}")

            print("step: the first window's search holds TEXT and the list keeps only what matches")
            search = d.find(app, role="entry", name="Search accounts")
            d.wait_until(lambda: d.text_of(search) == text, message=f"the search entry to read {text!r}", root=app)
            d.wait_until(lambda: [r[0] for r in rows(app)] == [target["issuer"]], message="one matching row", root=app)
            self.shot("search-from-second-instance")

            print("step: one window, of the first process, and no other Twofold on the accessibility bus")
            windows = [w for w in d.children(app) if d.role_of(w) in ("frame", "window", "dialog")]
            check(len(windows) == 1, f"{len(windows)} windows, not 1:\n{d.tree_dump(app)}")
            twofolds = [(d.name_of(a), d._safe(a.get_process_id)) for a in d.applications()
                        if d.name_of(a) == d.name_of(app) or d._safe(a.get_process_id) == second.pid]
            check(twofolds == [(d.name_of(app), process.pid)], f"Twofold applications on the bus: {twofolds}")

            print("step: quitting ends the process with status 0")
            self.quit(process, app)
        finally:
            if process.poll() is None:
                process.kill()


def main():
    with open(sys.argv[1]) as file:
        config = json.load(file)
    scenario = Scenario(config)
    failures = 0
    for name in sys.argv[2:] or ["encrypted", "live_reload", "screens"]:
        print(f"scenario: {name}")
        try:
            getattr(scenario, name)()
            print(f"scenario {name}: passed")
        except Exception as error:  # noqa: BLE001 - report every failure the same way
            failures += 1
            print(f"scenario {name}: FAILED: {error}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
