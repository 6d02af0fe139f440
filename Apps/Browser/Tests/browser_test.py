#!/usr/bin/python3
"""Runs Apps/Browser in a real headless Chromium against the saved fixtures.

Usage: browser_test.py FOLDER [CHECK…] [--host-manifest FILE --secret BASE32]   (Debian's python3 with python3-selenium, chromium and
chromium-driver). FOLDER is an empty temporary folder (the test's own): it gets the self-signed
certificate, Chromium's profile, and a fake native messaging host (fake_host.py) installed there
as io.github.twofold. Pages are served over HTTPS (and one over plain HTTP) on ports the servers
chose, as https://bank.example.com:PORT/… through --host-resolver-rules. With --host-manifest, the
real host that manifest names instead, and the checks of REAL_CHECKS. Prints `ok NAME` or
`FAIL NAME: why` per check and exits 1 when any failed.
"""
import argparse
import base64
import functools
import hashlib
import hmac
import http.server
import fcntl
import json
import re
import os
import shutil
import signal
import ssl
import struct
import subprocess
import sys
import threading
import time
import traceback

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
EXTENSION = os.path.dirname(HERE)
FIXTURES = os.path.join(HERE, "fixtures")
EXTENSION_ID = "maggmomcnhchelfjdeklmocgeajkmdll"
BUTTON_NAME = "Fill the code from Twofold"
# A 2×2 PNG, the icon the vault holds for Shop (alice).
ICON = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOQit8CRAwQCgAekgS1nIWUAwAAAABJRU5ErkJggg==")
WAIT = 30  # seconds any one condition may take on a loaded machine (swift test runs tests in parallel)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def serve(folder, certificate=None):
    """Serves `folder` on 127.0.0.1, on a port the system chose (HTTPS with `certificate`)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    if certificate:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*certificate)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def make_certificate(folder):
    key, cert = os.path.join(folder, "key.pem"), os.path.join(folder, "cert.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=twofold test",
         "-keyout", key, "-out", cert], check=True, capture_output=True)
    return cert, key


def install_fake_host(profile, accounts):
    """Installs fake_host.py as io.github.twofold for this profile (Chromium reads user-level host
    manifests from <user-data-dir>/NativeMessagingHosts/ on Linux) and returns its folder."""
    hosts = os.path.join(profile, "NativeMessagingHosts")
    os.makedirs(hosts)
    program = os.path.join(hosts, "fake_host.py")
    shutil.copy(os.path.join(HERE, "fake_host.py"), program)
    os.chmod(program, 0o755)
    manifest = {"name": "io.github.twofold", "description": "fake", "path": program, "type": "stdio",
                "allowed_origins": [f"chrome-extension://{EXTENSION_ID}/"]}
    with open(os.path.join(hosts, "io.github.twofold.json"), "w") as file:
        json.dump(manifest, file)
    with open(os.path.join(hosts, "fake_host.json"), "w") as file:
        json.dump({"accounts": accounts, "locked": False, "autofill": False}, file)
    return hosts


def start_chromium(profile, extension=EXTENSION, environment=None):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--user-data-dir={profile}", f"--load-extension={extension}",
                     "--disable-features=DisableLoadExtensionCommandLineSwitch",
                     "--host-resolver-rules=MAP * 127.0.0.1", "--ignore-certificate-errors",
                     "--no-first-run", "--no-default-browser-check", "--window-size=1000,800"]:
        options.add_argument(argument)
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver", env=environment or dict(os.environ))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(WAIT * 2)
    return driver


def wait(driver, condition, message, timeout=WAIT):
    """Waits until `condition()` is truthy and returns it; else fails with `message` (a function
    of nothing, to say what the page shows at the end of the wait)."""
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: condition())
    except TimeoutException:
        raise AssertionError(message() if callable(message) else message) from None


class Page:
    """What a test reads and does on the page the driver shows (or the frame it switched to)."""

    def __init__(self, driver):
        self.driver = driver

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def button(self):
        host = wait(self.driver, lambda: self.driver.find_elements(By.CSS_SELECTOR, "twofold-fill"),
                    "no <twofold-fill> element")[0]
        return host.shadow_root.find_element(By.CSS_SELECTOR, "button.fill")

    def status(self):
        return self.js("return document.querySelector('twofold-fill')?.shadowRoot"
                       ".querySelector('[role=status]').textContent ?? ''")

    def button_is_over(self, selector):
        """Whether the fill button is drawn over the end of the element `selector` (or just after
        it, for the last box of a segmented field)."""
        return self.js("""
            const button = document.querySelector('twofold-fill').shadowRoot.querySelector('button')
              .getBoundingClientRect();
            const field = document.querySelector(arguments[0]).getBoundingClientRect();
            const middle = button.top + button.height / 2;
            return middle > field.top && middle < field.bottom &&
              button.left > field.right - 40 && button.left < field.right + 10;""", selector)

    def value(self, selector):
        return self.js("return document.querySelector(arguments[0]).value", selector)

    def values(self, selector):
        return self.js("return [...document.querySelectorAll(arguments[0])].map(i => i.value).join('')", selector)


class Session:
    def __init__(self, folder, host_manifest=None):
        self.folder = folder
        certificate = make_certificate(folder)
        self.https, self.port = serve(FIXTURES, certificate)
        self.http, self.http_port = serve(FIXTURES)
        self.profile = os.path.join(folder, "profile")
        self.accounts = [
            {"id": "11111111-1111-4111-8111-111111111111", "issuer": "Bank", "name": "alice",
             "domains": ["example.com"], "code": "123456"},
            {"id": "22222222-2222-4222-8222-222222222222", "issuer": "Shop", "name": "alice",
             "domains": ["shop.test"], "code": "246810", "icon": ICON},
            {"id": "33333333-3333-4333-8333-333333333333", "issuer": "Shop", "name": "bob",
             "domains": ["shop.test"], "code": "135790"},
            {"id": "44444444-4444-4444-8444-444444444444", "issuer": "GitLab", "name": "carol",
             "domains": [], "code": "112233"},
            {"id": "55555555-5555-4555-8555-555555555555", "issuer": "Forge", "name": "dave",
             "domains": [], "code": "445566"},
        ]
        if host_manifest:
            self.hosts = os.path.join(self.profile, "NativeMessagingHosts")
            os.makedirs(self.hosts)
            shutil.copy(host_manifest, os.path.join(self.hosts, "io.github.twofold.json"))
        else:
            self.hosts = install_fake_host(self.profile, self.accounts)
        self.driver = start_chromium(self.profile)
        self.page = Page(self.driver)

    def url(self, host, path, scheme="https"):
        port = self.port if scheme == "https" else self.http_port
        return f"{scheme}://{host}:{port}/{path}"

    def open(self, host, path, scheme="https"):
        self.driver.switch_to.default_content()
        self.driver.get(self.url(host, path, scheme))

    def requests(self):
        path = os.path.join(self.hosts, "requests.log")
        if not os.path.exists(path):
            return []
        with open(path) as file:
            return [json.loads(line) for line in file]

    def answers(self):
        path = os.path.join(self.hosts, "answers.log")
        if not os.path.exists(path):
            return []
        with open(path) as file:
            return [json.loads(line) for line in file]

    def settled(self, url):
        """Waits until the host answered the content script's `site` request for the frame at
        `url` and the page drew two frames since: whatever the extension draws for that answer
        is drawn by then."""
        wait(self.driver, lambda: any(entry["request"].get("type") == "site" and entry["request"].get("url") == url
                                      for entry in self.answers()), f"the host was never asked about {url}")
        self.driver.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")

    def popup(self):
        """Opens the popup as a tab of its own (it acts for the web tab used last)."""
        handle = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        self.driver.get(f"chrome-extension://{EXTENSION_ID}/popup.html")
        return handle

    def rows(self, list_id="accounts"):
        return self.driver.execute_script(
            f"return [...document.querySelectorAll('#{list_id} li')].map(li => li.textContent)")

    def close_popup(self, handle):
        self.driver.close()
        self.driver.switch_to.window(handle)

    def state(self, **changes):
        """Changes the fake host's state under its lock, replacing the file whole (fake_host.py)."""
        path = os.path.join(self.hosts, "fake_host.json")
        with open(os.path.join(self.hosts, "fake_host.lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            with open(path) as file:
                state = json.load(file)
            state.update(changes)
            with open(path + ".test.new", "w") as file:
                json.dump(state, file)
            os.replace(path + ".test.new", path)
        return state

    def close(self):
        self.driver.quit()
        self.https.shutdown()
        self.http.shutdown()


# The checks, each a function of the session that raises (AssertionError or a timeout) on failure.

def expect(condition, message):
    if not condition:
        raise AssertionError(message() if callable(message) else message)


def fills(session, path, field, read, code="123456"):
    session.open("bank.example.com", path)
    page = session.page
    button = page.button()
    expect(button.accessible_name == BUTTON_NAME, f"accessible name {button.accessible_name!r}")
    expect(page.button_is_over(field), f"the button is not over {field}")
    expect(read() == "", "the field was filled before the click")
    button.click()
    wait(session.driver, lambda: read() == code, lambda: f"the field holds {read()!r}, not the code")


def check_plain(session):
    fills(session, "plain-otp.html", "#otp", lambda: session.page.value("#otp"))
    request = session.requests()[-1]
    url = session.url("bank.example.com", "plain-otp.html")
    expect(request == {"version": 1, "type": "fill", "url": url, "top": url}, f"the request was {request}")


def check_one_time_code(session):
    fills(session, "one-time-code.html", "#answer", lambda: session.page.value("#answer"))
    expect(session.page.value("#backup") == "", "the backup token field was filled")


def check_segmented(session):
    fills(session, "segmented.html", ".boxes div:last-child input", lambda: session.page.values(".boxes input"))
    each = session.page.js("return [...document.querySelectorAll('.boxes input')].map(i => i.value)")
    expect(each == list("123456"), f"the boxes hold {each}")


def check_controlled(session):
    fills(session, "controlled.html", "#code", lambda: session.page.value("#code"))
    state = session.page.js("return document.getElementById('state').textContent")
    expect(state == "123456", f"the form's state is {state!r}: it did not see the input")


def check_later(session):
    session.open("bank.example.com", "later.html")
    session.driver.find_element(By.ID, "continue").click()
    session.page.button()
    expect(session.page.button_is_over("#totp"), "the button is not over the field added later")
    session.page.button().click()
    wait(session.driver, lambda: session.page.value("#totp") == "123456", "the later field was not filled")


def check_excluded(session):
    session.open("bank.example.com", "excluded.html")
    session.page.button()
    expect(session.page.button_is_over("#real"), "the button is on an excluded field")
    count = session.page.js("return document.querySelectorAll('twofold-fill').length")
    expect(count == 1, f"{count} <twofold-fill> elements")


def check_no_field(session):
    session.open("bank.example.com", "no-field.html")
    session.page.js("""document.getElementById('end').insertAdjacentHTML('afterend',
        '<input id="added" name="otp">')""")
    session.page.button()
    expect(session.page.button_is_over("#added"), "the button is on a field of the page without a code field")


def check_chooser(session):
    session.open("www.shop.test", "plain-otp.html")
    page = session.page
    page.button().click()
    choices = wait(session.driver, lambda: page.js(
        "return [...document.querySelector('twofold-fill').shadowRoot.querySelectorAll('.chooser button')]"
        ".map(b => b.getAttribute('aria-label'))"), "no chooser")
    expect(choices == ["Fill the code of Shop (alice)", "Fill the code of Shop (bob)"], f"the chooser shows {choices}")
    expect(page.value("#otp") == "", "filled before a choice")
    host = session.driver.find_element(By.CSS_SELECTOR, "twofold-fill")
    host.shadow_root.find_elements(By.CSS_SELECTOR, ".chooser button")[1].click()
    wait(session.driver, lambda: page.value("#otp") == "135790", "the chosen account's code was not filled")
    expect(session.requests()[-1].get("id") == "33333333-3333-4333-8333-333333333333", "the choice was not sent")


def refused(session, host, path, reason, scheme="https"):
    session.open(host, path, scheme)
    page = session.page
    page.button().click()
    wait(session.driver, lambda: reason in page.status(), lambda: f"the status says {page.status()!r}")
    expect(page.value("#otp") == "", "the field was filled")


def nothing_drawn(session, url, what):
    """Nothing of the extension's is in the page (or frame) the driver shows, once the host
    answered for `url`: a page cannot learn the extension is there."""
    session.settled(url)
    count = session.page.js("return document.querySelectorAll('twofold-fill').length")
    expect(count == 0, f"{count} <twofold-fill> elements on {what}")


def check_lookalike(session):
    session.open("bank.examp1e.com", "plain-otp.html")
    nothing_drawn(session, session.url("bank.examp1e.com", "plain-otp.html"), "a lookalike of example.com")
    expect(all(r["type"] == "site" for r in session.requests() if "examp1e" in r.get("url", "")),
           "the lookalike asked for more than whether it is bound")


def check_plain_http(session):
    session.open("bank.example.com", "plain-otp.html", "http")
    nothing_drawn(session, session.url("bank.example.com", "plain-otp.html", "http"), "a plain http page")
    expect([r for r in session.requests() if r["type"] == "site"][-1]["url"].startswith("http://"),
           "the page's own scheme was not sent")


def check_cross_site_frame(session):
    session.open("bank.example.com", "frame.html?frame=widget.example.net")
    session.driver.switch_to.frame(wait(session.driver, lambda: session.driver.find_elements(By.ID, "frame"), "no frame")[0])
    nothing_drawn(session, session.url("widget.example.net", "plain-otp.html"), "a cross-site frame")
    request = [r for r in session.requests() if r["type"] == "site"][-1]
    expect(request["url"] == session.url("widget.example.net", "plain-otp.html"), f"frame url {request['url']}")
    expect(request["top"] == session.url("bank.example.com", "frame.html?frame=widget.example.net"), f"top {request['top']}")
    session.driver.switch_to.default_content()


def check_same_site_frame(session):
    session.open("bank.example.com", "frame.html?frame=login.example.com")
    session.driver.switch_to.frame(wait(session.driver, lambda: session.driver.find_elements(By.ID, "frame"), "no frame")[0])
    session.page.button().click()
    wait(session.driver, lambda: session.page.value("#otp") == "123456", "the same-site frame was not filled")
    session.driver.switch_to.default_content()


def check_url_changed(session):
    session.open("bank.example.com", "plain-otp.html")
    session.state(hold=True)
    count = len(session.requests())
    try:
        session.page.button().click()
        wait(session.driver, lambda: len(session.requests()) > count, "the request never reached the host")
        session.page.js("history.pushState({}, '', '/elsewhere')")
        open(os.path.join(session.hosts, "release"), "w").close()
        wait(session.driver, lambda: "page changed" in session.page.status(), lambda: f"status {session.page.status()!r}")
        expect(session.page.value("#otp") == "", "filled after the page changed its URL")
    finally:
        session.state(hold=False)


def check_locked(session):
    session.state(locked=True)
    session.open("bank.example.com", "plain-otp.html")
    session.page.button().click()
    wait(session.driver, lambda: session.page.value("#otp") == "123456", "not filled after the unlock")
    kinds = [request["type"] for request in session.requests()[-3:]]
    expect(kinds == ["fill", "unlock", "fill"], f"the requests were {kinds}")


def check_autofill(session):
    session.state(autofill=True)
    try:
        session.open("bank.example.com", "plain-otp.html")
        session.page.button()
        expect(session.page.value("#otp") == "", "filled before the field had the focus")
        session.driver.find_element(By.ID, "otp").click()
        wait(session.driver, lambda: session.page.value("#otp") == "123456", "not filled on the first focus")
        kinds = [request["type"] for request in session.requests()[-2:]]
        expect(kinds == ["settings", "fill"], f"the requests were {kinds}")
    finally:
        session.state(autofill=False)


def check_popup(session):
    session.open("www.shop.test", "plain-otp.html")
    page_handle = session.driver.current_window_handle
    session.driver.switch_to.new_window("tab")
    session.driver.get(f"chrome-extension://{EXTENSION_ID}/popup.html")
    rows = lambda: session.driver.execute_script(
        "return [...document.querySelectorAll('#accounts li')].map(li => li.textContent)")
    wait(session.driver, lambda: len(rows()) == 2, "the popup does not list the two accounts")
    expect("246810" in rows()[0] and "135790" in rows()[1], lambda: f"the popup shows {rows()}")
    left = lambda: session.driver.execute_script(
        "return [...document.querySelectorAll('#accounts .left')].map(span => span.textContent)")
    first = left()
    expect(len(first) == 2 and all(re.fullmatch(r"\d+s", text) for text in first), lambda: f"no countdown in {rows()}")
    wait(session.driver, lambda: left() != first, "the countdown does not count down")
    request = [r for r in session.requests() if r["type"] == "codes"][-1]
    url = session.url("www.shop.test", "plain-otp.html")
    expect(request == {"version": 1, "type": "codes", "url": url, "top": url}, f"the popup asked {request}")
    session.driver.find_element(By.CSS_SELECTOR, "[aria-label='Fill the code of Shop (bob)']").click()
    session.driver.switch_to.window(page_handle)
    wait(session.driver, lambda: session.page.value("#otp") == "135790", "the popup's choice was not filled")


def check_popup_unlock(session):
    session.state(locked=True)
    session.open("www.shop.test", "plain-otp.html")
    session.driver.switch_to.new_window("tab")
    session.driver.get(f"chrome-extension://{EXTENSION_ID}/popup.html")
    unlock = session.driver.find_element(By.ID, "unlock")
    wait(session.driver, unlock.is_displayed,
         lambda: f"no Unlock button while locked (the popup says {session.driver.find_element(By.ID, 'message').text!r})")
    expect(session.driver.find_element(By.ID, "message").text == "Twofold is locked.", "no word of the lock")
    unlock.click()
    rows = lambda: session.driver.execute_script(
        "return [...document.querySelectorAll('#accounts li')].map(li => li.textContent)")
    wait(session.driver, lambda: len(rows()) == 2, lambda: f"the popup shows {rows()} after the unlock")
    session.driver.close()
    session.driver.switch_to.window(session.driver.window_handles[0])


def check_popup_binds(session):
    session.open("gitlab.com", "plain-otp.html")
    session.driver.switch_to.new_window("tab")
    session.driver.get(f"chrome-extension://{EXTENSION_ID}/popup.html")
    find = lambda: session.driver.find_elements(By.CSS_SELECTOR, "[aria-label='Bind GitLab (carol) to gitlab.com']")
    wait(session.driver, find,
         lambda: f"no suggestion to bind (the popup says {session.driver.find_element(By.ID, 'message').text!r})")[0].click()
    confirm = session.driver.find_element(By.ID, "confirm-text")
    wait(session.driver, confirm.is_displayed, "no confirmation")
    expect("Bind GitLab (carol) to gitlab.com?" in confirm.text, f"the confirmation says {confirm.text!r}")
    expect(all(r["type"] != "bind" for r in session.requests()), "bound before the confirmation")
    session.driver.find_element(By.ID, "confirm-bind").click()
    rows = lambda: session.driver.execute_script(
        "return [...document.querySelectorAll('#accounts li')].map(li => li.textContent)")
    wait(session.driver, lambda: any("112233" in row for row in rows()), "the bound account's code is not shown")
    binds = [r for r in session.requests() if r["type"] == "bind"]
    url = session.url("gitlab.com", "plain-otp.html")
    expect(binds == [{"version": 1, "type": "bind", "url": url, "id": "44444444-4444-4444-8444-444444444444",
                      "domain": "gitlab.com"}],
           f"the bind requests were {binds}")
    session.driver.close()
    session.driver.switch_to.window(session.driver.window_handles[0])


def check_honeypot(session):
    fills(session, "honeypot.html", "#real", lambda: session.page.value("#real"))
    filled = session.page.js("return [...document.querySelectorAll('input')].filter(i => i.id !== 'real' && i.value)"
                             ".map(i => i.id)")
    expect(filled == [], f"fields a person cannot see were filled: {filled}")


def check_sms_first(session):
    session.open("bank.example.com", "sms-first.html")
    page = session.page
    page.button()
    session.driver.find_element(By.ID, "app").click()
    wait(session.driver, lambda: page.button_is_over("#app"), "the button did not move to the field the person clicked")
    page.button().click()
    wait(session.driver, lambda: page.value("#app") == "123456", lambda: f"#app holds {page.value('#app')!r}")
    expect(page.value("#sms") == "", "the app's code went into the SMS field")


def check_focused_field(session):
    session.open("bank.example.com", "focused.html")
    page = session.page
    page.button()
    expect(page.button_is_over("#recovery"), "the button is not over the first field before any focus")
    session.driver.find_element(By.ID, "recovery").click()
    ActionChains(session.driver).send_keys(Keys.TAB).perform()
    wait(session.driver, lambda: page.js("return document.activeElement.id") == "totp", "Tab did not reach #totp")
    wait(session.driver, lambda: page.button_is_over("#totp"), "the button did not follow the focused field")
    page.button().click()
    wait(session.driver, lambda: page.value("#totp") == "123456", lambda: f"#totp holds {page.value('#totp')!r}")
    expect(page.value("#recovery") == "", "the recovery code field was filled")


def check_focus_itself(session):
    session.state(autofill=True)
    try:
        count = len(session.requests())
        session.open("bank.example.com", "focus-itself.html")
        page = session.page
        wait(session.driver, lambda: page.js("return document.body.dataset.focused") == "true",
             "the page did not focus its field")
        expect(page.value("#otp") == "", "filled on the page's own focus()")
        page.button().click()  # the person's click: the sync point, and one fill
        wait(session.driver, lambda: page.value("#otp") == "123456", "not filled on the click")
        kinds = [r["type"] for r in session.requests()[count:]]
        expect(kinds == ["site", "fill"], f"the page's focus() made requests: {kinds}")
    finally:
        session.state(autofill=False)


def check_autofocus(session):
    session.state(autofill=True)
    try:
        session.open("bank.example.com", "autofocus.html")
        page = session.page
        page.button()
        expect(page.js("return document.activeElement.id") == "otp", "the field does not have the focus")
        expect(page.value("#otp") == "", "filled before the person did anything")
        session.driver.find_element(By.ID, "title").click()  # the person's first click on the page
        wait(session.driver, lambda: page.value("#otp") == "123456", "the autofocus field was not filled")
        expect(page.js("return document.body.dataset.filledWithoutPerson") is None,
               "filled before the person's first click")
        kinds = [r["type"] for r in session.requests()[-2:]]
        expect(kinds == ["settings", "fill"], f"the requests were {kinds}")
    finally:
        session.state(autofill=False)


def check_popup_frame(session):
    session.open("bank.example.com", "frame.html?frame=login.example.com")
    frame = wait(session.driver, lambda: session.driver.find_elements(By.ID, "frame"), "no frame")[0]
    session.driver.switch_to.frame(frame)
    session.page.button()
    session.driver.switch_to.default_content()
    handle = session.popup()
    wait(session.driver, lambda: len(session.rows()) == 1, lambda: f"the popup shows {session.rows()}")
    session.driver.find_element(By.CSS_SELECTOR, "[aria-label='Fill the code of Bank (alice)']").click()
    session.driver.switch_to.window(handle)
    session.driver.switch_to.frame(session.driver.find_element(By.ID, "frame"))
    wait(session.driver, lambda: session.page.value("#otp") == "123456", "the same-site frame's field got nothing")
    session.driver.switch_to.default_content()


def check_popup_bind_navigated(session):
    session.open("forge.test", "plain-otp.html")
    handle = session.popup()
    find = lambda: session.driver.find_elements(By.CSS_SELECTOR, "[aria-label='Bind Forge (dave) to forge.test']")
    wait(session.driver, find, "no suggestion to bind")[0].click()
    confirm = session.driver.find_element(By.ID, "confirm-text")
    wait(session.driver, confirm.is_displayed, "no confirmation")
    popup = session.driver.current_window_handle
    session.driver.switch_to.window(handle)
    session.driver.get(session.url("forge.evil.test", "plain-otp.html"))  # the page goes elsewhere
    session.driver.switch_to.window(popup)
    session.driver.find_element(By.ID, "confirm-bind").click()
    message = session.driver.find_element(By.ID, "message")
    wait(session.driver, lambda: "left the site you confirmed" in message.text, lambda: f"the popup says {message.text!r}")
    dave = next(a for a in session.state()["accounts"] if a["issuer"] == "Forge")
    expect(dave["domains"] == [], f"bound to {dave['domains']}")
    session.close_popup(handle)


def check_popup_copy_search(session):
    session.open("www.shop.test", "plain-otp.html")
    handle = session.popup()
    driver = session.driver
    wait(driver, lambda: len(session.rows()) == 2, lambda: f"the popup shows {session.rows()}")
    wait(driver, lambda: driver.execute_script(
        "return document.querySelector('#accounts li[data-id=\"22222222-2222-4222-8222-222222222222\"] img.icon')"
        "?.naturalWidth > 0"), "Shop (alice)'s icon from the vault is not shown")
    driver.find_element(By.CSS_SELECTOR, "[aria-label='Copy the code of Shop (bob)']").click()
    copied = driver.find_element(By.ID, "copied")
    wait(driver, lambda: "Copied the code of Shop (bob); cleared in 30 s." in copied.text, lambda: f"it says {copied.text!r}")
    copies = lambda: open(os.path.join(session.hosts, "copied.log")).read().split()
    expect(copies() == ["135790"], f"copied {copies()}")
    driver.find_element(By.ID, "search").send_keys("gitl")
    wait(driver, lambda: [row for row in session.rows("found")] == ["GGitLab (carol)Copy"],
         lambda: f"the search found {session.rows('found')}")
    driver.find_element(By.CSS_SELECTOR, "#found [aria-label='Copy the code of GitLab (carol)']").click()
    wait(driver, lambda: copies() == ["135790", "112233"], lambda: f"copied {copies()}")
    asked = [r["type"] for r in session.requests() if r["type"] in ("accounts", "copy")]
    expect(asked[-2:] == ["copy", "copy"] and "accounts" in asked, f"the popup asked {asked}")
    background = lambda: driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    light = background()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    wait(driver, lambda: background() == "rgb(36, 36, 36)", lambda: f"the dark background is {background()} ({light} light)")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    session.close_popup(handle)


def check_host_origin(session):
    with open(os.path.join(session.hosts, "origins.log")) as file:
        origins = {tuple(json.loads(line))[:1] for line in file}
    expect(origins == {(f"chrome-extension://{EXTENSION_ID}/",)}, f"the host was started with {origins}")


# With the real host (`twofold browser-host`, installed by `twofold browser install`): the
# vault's TOTP account with SECRET is bound to example.org, and no agent holds the vault at first.

def totp(secret, at, digits=6, period=30):
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", int(at // period)), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    number = struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF
    return str(number % 10 ** digits).zfill(digits)


def fills_real(session, host, path, secret):
    session.open(host, path)
    before = time.time()
    session.page.button().click()
    wait(session.driver, lambda: session.page.value("#otp") != "", lambda: f"not filled: {session.page.status()!r}")
    codes = {totp(secret, before), totp(secret, time.time())}
    expect(session.page.value("#otp") in codes, lambda: f"the field holds {session.page.value('#otp')!r}, not the code")


def real_unlock(session, secret):
    fills_real(session, "login.example.org", "plain-otp.html", secret)


def real_fills(session, secret):
    fills_real(session, "www.example.org", "plain-otp.html", secret)


def real_absent(session, host, path, saying, scheme="https", frame=False):
    """Nothing of the extension's is drawn on the page (or its frame): checked once the popup,
    whose request the real host answers after the content script's, says why nothing is filled."""
    session.open(host, path, scheme)
    handle = session.popup()
    message = session.driver.find_element(By.ID, "message")
    wait(session.driver, lambda: saying in message.text, lambda: f"the popup says {message.text!r}")
    session.close_popup(handle)
    if frame:
        session.driver.switch_to.frame(
            wait(session.driver, lambda: session.driver.find_elements(By.ID, "frame"), "no frame")[0])
        wait(session.driver, lambda: session.page.js("return document.readyState") == "complete", "the frame never loaded")
    session.driver.execute_async_script(
        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")
    count = session.page.js("return document.querySelectorAll('twofold-fill').length")
    expect(count == 0, f"{count} <twofold-fill> elements")
    expect(session.page.value("#otp") == "", "the field was filled")
    session.driver.switch_to.default_content()


def real_popup(session, secret):
    session.open("login.example.org", "plain-otp.html")
    session.driver.switch_to.new_window("tab")
    session.driver.get(f"chrome-extension://{EXTENSION_ID}/popup.html")
    before = time.time()
    rows = lambda: session.driver.execute_script(
        "return [...document.querySelectorAll('#accounts li')].map(li => li.textContent)")
    wait(session.driver, lambda: len(rows()) == 1, lambda: f"the popup shows {rows()}: "
         + session.driver.find_element(By.ID, "message").text)
    codes = {totp(secret, before), totp(secret, time.time())}
    expect("Deno (Mason)" in rows()[0] and any(code in rows()[0] for code in codes),
           lambda: f"the popup shows {rows()}")
    session.driver.close()
    session.driver.switch_to.window(session.driver.window_handles[0])


REAL_CHECKS = [
    ("real host: fills after an askpass unlock", real_unlock),
    ("real host: a bound site fills", real_fills),
    ("real host: the popup shows the site's code", real_popup),
    ("real host: a lookalike gets nothing",
     lambda session, secret: real_absent(session, "login.examp1e.org", "plain-otp.html",
                                         "No account is bound to examp1e.org")),
    ("real host: a cross-site frame is refused",
     lambda session, secret: real_absent(session, "login.example.org", "frame.html?frame=widget.evil.test",
                                         "Bound to example.org", frame=True)),
    ("real host: the bound site framed by another site is refused",
     lambda session, secret: real_absent(session, "www.evil.test", "frame.html?frame=login.example.org",
                                         "No account is bound to evil.test", frame=True)),
    ("real host: a plain http page is refused",
     lambda session, secret: real_absent(session, "login.example.org", "plain-otp.html", "Not on this page",
                                         scheme="http")),
]


CHECKS = [
    ("plain field", check_plain),
    ("autocomplete one-time-code first", check_one_time_code),
    ("six boxes", check_segmented),
    ("controlled input", check_controlled),
    ("field added later", check_later),
    ("excluded fields", check_excluded),
    ("page without a code field", check_no_field),
    ("chooser", check_chooser),
    ("lookalike domain", check_lookalike),
    ("plain http page", check_plain_http),
    ("cross-site frame", check_cross_site_frame),
    ("same-site frame", check_same_site_frame),
    ("URL changed before the answer", check_url_changed),
    ("locked then unlocked", check_locked),
    ("autofill on the first focus", check_autofill),
    ("popup codes and chooser", check_popup),
    ("popup unlocks", check_popup_unlock),
    ("popup binds after confirmation", check_popup_binds),
    ("honeypot fields are never chosen", check_honeypot),
    ("SMS field first: the field the person clicked", check_sms_first),
    ("the focused field is preferred", check_focused_field),
    ("autofill: a page's own focus() fills nothing", check_focus_itself),
    ("autofill: an autofocus field on the first interaction", check_autofocus),
    ("popup fills a same-site frame", check_popup_frame),
    ("popup binds nothing when the page navigated", check_popup_bind_navigated),
    ("popup copies, searches, icons and dark", check_popup_copy_search),
    ("host started with the extension's origin", check_host_origin),
]


def main():
    parser = argparse.ArgumentParser(description="Runs Apps/Browser in headless Chromium.")
    parser.add_argument("folder", help="an empty temporary folder")
    parser.add_argument("checks", nargs="*", help="only these checks")
    parser.add_argument("--host-manifest", help="the real host's io.github.twofold.json (its checks, not the fake's)")
    parser.add_argument("--secret", help="with the real host: the Base32 secret of the account bound to example.org")
    arguments = parser.parse_intermixed_args()
    signal.alarm(600)  # the whole run is bounded, whatever hangs
    os.makedirs(arguments.folder, exist_ok=True)
    session = Session(arguments.folder, arguments.host_manifest)
    checks = ([(name, functools.partial(check, secret=arguments.secret)) for name, check in REAL_CHECKS]
              if arguments.host_manifest else CHECKS)
    failed = 0
    try:
        for name, check in checks:
            if arguments.checks and name not in arguments.checks:
                continue
            started = time.monotonic()
            try:
                check(session)
                print(f"ok {name} ({time.monotonic() - started:.1f} s)", flush=True)
            except Exception as error:  # each check reports, the next one runs
                failed += 1
                why = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
                print(f"FAIL {name}: {why}", flush=True)
                traceback.print_exc(file=sys.stderr)
    finally:
        session.close()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
