#!/usr/bin/python3
"""A stand-in for `twofold browser-host`, installed as io.github.twofold by browser_test.py.

It speaks the host protocol of browser-design.md (4-byte native-order length, then UTF-8 JSON)
with a toy matching rule (a registrable domain is a host's last two labels), so the extension
can be tested alone. Its state is the JSON file `fake_host.json` beside its manifest: the
accounts and their bound domains, `locked`, `autofill`, and `hold` (a fill waits for the file
`release` to appear). Every request is appended to `requests.log`, and every answer to
`answers.log`, one JSON object a line; `copied.log` gets each code copied.

The browser starts several hosts at once (the popup asks for its accounts and its codes
together, content scripts ask beside it): each reads, answers and writes the state under an
exclusive lock on `fake_host.lock` (the test takes it too), writes only a state it changed, and
replaces the file whole, so no host reads half a file or undoes another's change.
"""
import contextlib
import fcntl
import json
import os
import struct
import sys
import time
from urllib.parse import urlsplit

FOLDER = os.path.dirname(os.path.abspath(__file__))
STATE = os.path.join(FOLDER, "fake_host.json")
LOCK = os.path.join(FOLDER, "fake_host.lock")


@contextlib.contextmanager
def locked():
    with open(LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def read_message():
    header = sys.stdin.buffer.read(4)
    if len(header) < 4:
        return None
    (length,) = struct.unpack("=I", header)
    return json.loads(sys.stdin.buffer.read(length))


def send(answer):
    data = json.dumps({"version": 1, **answer}).encode()
    sys.stdout.buffer.write(struct.pack("=I", len(data)) + data)
    sys.stdout.buffer.flush()


def registrable(host):
    return ".".join(host.split(".")[-2:])


def label(account):
    return {key: account[key] for key in ("id", "issuer", "name")}


def answer(request, state):
    kind = request.get("type")
    if kind == "accounts":
        if state.get("locked"):
            return {"type": "locked"}
        return {"type": "accounts", "accounts": [
            {**label(a), "type": "totp", "icon": a.get("icon")} for a in state["accounts"]]}
    if kind == "copy":
        if state.get("locked"):
            return {"type": "locked"}
        account = next((a for a in state["accounts"] if a["id"] == request.get("id")), None)
        if account is None:
            return {"type": "error", "message": "no account has that id"}
        with open(os.path.join(FOLDER, "copied.log"), "a") as log:
            log.write(account["code"] + "\n")
        return {"type": "copied", **label(account), "cleared_after": 30}
    if kind == "unlock":
        state["locked"] = False
        return {"type": "unlocked"}
    if kind == "settings":
        return {"type": "settings", "autofill": state.get("autofill", False)}
    page = urlsplit(request.get("url", ""))
    top = urlsplit(request.get("top", request.get("url", "")))
    if page.scheme != "https" or top.scheme != "https":
        return {"type": "refused", "reason": "insecure_page", "message": "The page is not https."}
    if registrable(page.hostname) != registrable(top.hostname):
        return {"type": "refused", "reason": "cross_site_frame", "message": "A frame of another site."}
    domain = registrable(page.hostname)
    if kind == "site":
        bound = any(domain in a["domains"] for a in state["accounts"])
        return {"type": "site", "domain": domain, "bound": bound}
    if kind == "bind":
        if request.get("domain") is not None and request["domain"] != domain:
            return {"type": "refused", "reason": "site_changed", "message": "the page left the site you confirmed"}
        account = next(a for a in state["accounts"] if a["id"] == request["id"])
        account["domains"].append(domain)
        return {"type": "bound", "domain": domain, "id": account["id"]}
    if state.get("locked"):
        return {"type": "locked"}
    host = page.hostname
    matched = [a for a in state["accounts"] if any(host == d or host.endswith("." + d) for d in a["domains"])]
    if "id" in request:
        matched = [a for a in matched if a["id"] == request["id"]]
        if not matched:
            return {"type": "refused", "reason": "not_matched", "message": "That account is not bound here."}
    if kind == "codes":
        return {"type": "codes", "domain": domain,
                "accounts": [{**label(a), "code": a["code"], "seconds_left": 20} for a in matched]}
    if not matched:
        suggestions = [label(a) for a in state["accounts"]
                       if not a["domains"] and a["issuer"].lower() == domain.split(".")[0]]
        return {"type": "no_account", "domain": domain, "suggestions": suggestions}
    if len(matched) > 1:
        return {"type": "choose", "domain": domain, "accounts": [label(a) for a in matched]}
    if kind == "suggest":
        return {"type": "choose", "domain": domain, "accounts": [label(matched[0])]}
    account = matched[0]
    return {"type": "code", **label(account), "code": account["code"], "seconds_left": 20}


def main():
    with open(os.path.join(FOLDER, "origins.log"), "a") as log:
        log.write(json.dumps(sys.argv[1:]) + "\n")
    while (request := read_message()) is not None:
        with open(os.path.join(FOLDER, "requests.log"), "a") as log:
            log.write(json.dumps(request) + "\n")
        with locked():
            with open(STATE) as file:
                state = json.load(file)
            before = json.dumps(state, sort_keys=True)
            reply = answer(request, state)
            if json.dumps(state, sort_keys=True) != before:
                temporary = f"{STATE}.{os.getpid()}.new"
                with open(temporary, "w") as file:
                    json.dump(state, file)
                os.replace(temporary, STATE)
        # A held fill waits outside the lock, so the other hosts go on answering meanwhile.
        if reply.get("type") == "code" and state.get("hold"):
            deadline = time.monotonic() + 20
            while not os.path.exists(os.path.join(FOLDER, "release")) and time.monotonic() < deadline:
                time.sleep(0.02)
        with open(os.path.join(FOLDER, "answers.log"), "a") as log:
            log.write(json.dumps({"request": request, "answer": reply}) + "\n")
        send(reply)


main()
