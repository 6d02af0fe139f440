#!/usr/bin/python3
"""An emulated YubiKey for vsmartcard's vpcd: the OATH applet (Yubico's YKOATH specification),
the management applet's serial and version, on python3-virtualsmartcard's card loop.

It connects to vpcd on 127.0.0.1:PORT (vpcd's reader.conf: DEVICENAME /dev/null:PORT), and prints
"connected" once it has. The tests run it and a pcscd of their own in a private network namespace,
so the port is the test's alone. Accounts given with --account are on the card from
the start: TYPE:ALGORITHM:DIGITS:SECRET_HEX:NAME[:touch], NAME as stored (60/Issuer:name).
"""
import argparse
import hashlib
import hmac
import os
import socket
import struct
import sys
import time
import types

# Debian's python3-virtualsmartcard installs its package outside the default path.
sys.path.insert(0, "/usr/lib/python3/site-packages/virtualsmartcard")
try:
    import virtualsmartcard.CryptoUtils  # noqa: E402,F401
except ImportError:
    # Debian 12's package imports PyCrypto (not in Debian) or Python 2's sha module there; only
    # its own cards' secure access module needs it, this card does not.
    import virtualsmartcard  # noqa: E402
    virtualsmartcard.CryptoUtils = sys.modules["virtualsmartcard.CryptoUtils"] = types.ModuleType(
        "virtualsmartcard.CryptoUtils")
from virtualsmartcard.VirtualSmartcard import SmartcardOS, VirtualICC  # noqa: E402

OATH_AID = bytes.fromhex("a0000005272101")
MANAGEMENT_AID = bytes.fromhex("a000000527471117")
OK = 0x9000
HASHES = {1: hashlib.sha1, 2: hashlib.sha256, 3: hashlib.sha512}


def tlv(tag, value=b""):
    if len(value) < 0x80:
        return bytes([tag, len(value)]) + value
    if len(value) <= 0xFF:
        return bytes([tag, 0x81, len(value)]) + value
    return bytes([tag, 0x82]) + struct.pack(">H", len(value)) + value


def parse_tlvs(data):
    """Tag/value pairs; the property tag 0x78 has one byte and no length (PUT)."""
    items, index = [], 0
    while index + 1 < len(data):
        tag = data[index]
        if tag == 0x78:
            items.append((tag, data[index + 1:index + 2]))
            index += 2
            continue
        length, index = data[index + 1], index + 2
        if length > 0x80:
            count = length - 0x80
            length = int.from_bytes(data[index:index + count], "big")
            index += count
        items.append((tag, data[index:index + length]))
        index += length
    return items


class OATHCard(SmartcardOS):
    def __init__(self, serial, version, password):
        self.serial = serial
        self.version = bytes(int(part) for part in version.split("."))
        self.salt = os.urandom(8)
        self.access_key = None
        if password is not None:
            self.access_key = hashlib.pbkdf2_hmac("sha1", password.encode(), self.salt, 1000, 16)
        self.credentials = []  # dicts: name, kind, digits, key, touch, counter
        self.applet = None
        self.unlocked = False
        self.challenge = None
        self.remaining = b""

    def getATR(self):
        return bytes.fromhex("3bfd1300008131fe158073c021c057597562694b657940")

    def powerUp(self):
        self.applet = None

    def reset(self):
        self.applet = None

    def execute(self, msg):
        ins, p1, p2 = msg[1], msg[2], msg[3]
        data = b""
        if len(msg) > 5 and msg[4] == 0 and len(msg) >= 7:
            length = (msg[5] << 8) | msg[6]
            data = msg[7:7 + length]
        elif len(msg) > 5:
            data = msg[5:5 + msg[4]]
        if ins == 0xA5 or (ins == 0xC0):
            return self.chunk()
        answer, status = self.handle(ins, p1, p2, data)
        if status != OK:
            return struct.pack(">H", status)
        self.remaining = answer
        return self.chunk()

    def chunk(self):
        part, self.remaining = self.remaining[:255], self.remaining[255:]
        if self.remaining:
            return part + bytes([0x61, min(len(self.remaining), 0xFF)])
        return part + b"\x90\x00"

    def handle(self, ins, p1, p2, data):
        if ins == 0xA4 and p1 == 0x04:
            self.applet = None
            if data == MANAGEMENT_AID:
                self.applet = "management"
                return b"Virtual YubiKey " + ".".join(str(b) for b in self.version).encode(), OK
            if data != OATH_AID:
                return b"", 0x6A82
            self.applet = "oath"
            self.unlocked = self.access_key is None
            answer = tlv(0x79, self.version) + tlv(0x71, self.salt)
            if self.access_key is not None:
                self.challenge = os.urandom(8)
                answer += tlv(0x74, self.challenge) + tlv(0x7B, b"\x01")
            return answer, OK
        if self.applet == "management" and ins == 0x1D:
            config = (tlv(0x01, b"\x02\x3b") + tlv(0x02, struct.pack(">I", self.serial))
                      + tlv(0x03, b"\x02\x3b") + tlv(0x04, b"\x01") + tlv(0x05, self.version))
            return bytes([len(config)]) + config, OK
        if self.applet != "oath":
            return b"", 0x6D00
        if ins == 0xA3:
            return self.validate(dict(parse_tlvs(data)))
        if ins == 0x04 and p1 == 0xDE and p2 == 0xAD:
            self.__init__(self.serial, ".".join(str(b) for b in self.version), None)
            self.applet = "oath"
            self.unlocked = True
            return b"", OK
        if not self.unlocked:
            return b"", 0x6982
        fields = parse_tlvs(data)
        values = dict(fields)
        if ins == 0xA1:
            return b"".join(tlv(0x72, bytes([c["kind"]]) + c["name"]) for c in self.credentials), OK
        if ins == 0x01:
            return self.put(values)
        if ins == 0x02:
            found = self.find(values.get(0x71))
            if found is None:
                return b"", 0x6984
            self.credentials.remove(found)
            return b"", OK
        if ins == 0x05:
            names = [value for tag, value in fields if tag == 0x71]
            found = self.find(names[0]) if len(names) == 2 else None
            if found is None:
                return b"", 0x6984
            if self.find(names[1]) is not None:
                return b"", 0x6581
            found["name"] = names[1]
            return b"", OK
        if ins == 0xA2:
            found = self.find(values.get(0x71))
            if found is None:
                return b"", 0x6984
            return self.calculate(found, values.get(0x74, b""), p2 == 1), OK
        if ins == 0xA4:
            answer = b""
            for credential in self.credentials:
                answer += tlv(0x71, credential["name"])
                if credential["touch"]:
                    answer += tlv(0x7C, bytes([credential["digits"]]))
                elif credential["kind"] & 0xF0 == 0x10:
                    answer += tlv(0x77, bytes([credential["digits"]]))
                else:
                    answer += self.calculate(credential, values.get(0x74, b""), p2 == 1)
            return answer, OK
        if ins == 0x03:
            key = values.get(0x73, b"")
            if not key:
                self.access_key = None
                return b"", OK
            mac = hmac.new(key[1:], values.get(0x74, b""), "sha1").digest()
            if values.get(0x75) != mac:
                return b"", 0x6A80
            self.access_key = key[1:]
            return b"", OK
        return b"", 0x6D00

    def find(self, name):
        for credential in self.credentials:
            if credential["name"] == name:
                return credential
        return None

    def put(self, values):
        name, key = values.get(0x71), values.get(0x73)
        if not name or not key or len(key) < 3:
            return b"", 0x6A80
        credential = {"name": name, "kind": key[0], "digits": key[1], "key": key[2:],
                      "touch": bool(values.get(0x78, b"\x00")[0] & 0x02),
                      "counter": int.from_bytes(values.get(0x7A, b"\x00"), "big")}
        existing = self.find(name)
        if existing is not None:
            self.credentials[self.credentials.index(existing)] = credential
        elif len(self.credentials) >= 32:
            return b"", 0x6A84
        else:
            self.credentials.append(credential)
        return b"", OK

    def calculate(self, credential, challenge, truncated):
        if credential["kind"] & 0xF0 == 0x10:
            challenge = struct.pack(">Q", credential["counter"])
            credential["counter"] += 1
        mac = hmac.new(credential["key"], challenge, HASHES[credential["kind"] & 0x0F]).digest()
        digits = bytes([credential["digits"]])
        if not truncated:
            return tlv(0x75, digits + mac)
        offset = mac[-1] & 0x0F
        return tlv(0x76, digits + mac[offset:offset + 4])

    def validate(self, values):
        if self.access_key is None or self.challenge is None:
            return b"", 0x6984
        expected = hmac.new(self.access_key, self.challenge, "sha1").digest()
        if values.get(0x75) != expected:
            return b"", 0x6984
        self.unlocked = True
        return tlv(0x75, hmac.new(self.access_key, values.get(0x74, b""), "sha1").digest()), OK


def account(text):
    touch = text.endswith(":touch")
    if touch:
        text = text[:-len(":touch")]
    kind, algorithm, digits, secret, name = text.split(":", 4)
    kinds = {"totp": 0x20, "hotp": 0x10}
    algorithms = {"SHA1": 1, "SHA256": 2, "SHA512": 3}
    return {"name": name.encode(), "kind": kinds[kind] | algorithms[algorithm], "digits": int(digits),
            "key": bytes.fromhex(secret).ljust(14, b"\0"), "touch": touch, "counter": 0}


class EndingSocket:
    """vpcd's connection; when vpcd closes it (pcscd ended), the card ends too instead of
    reading nothing forever."""

    def __init__(self, connection):
        self.connection = connection

    def recv(self, *args):
        data = self.connection.recv(*args)
        if not data:
            sys.exit(0)
        return data

    def __getattr__(self, name):
        return getattr(self.connection, name)


def connect(port, seconds=20):
    """vpcd's socket once pcscd has loaded it: tried every 20 ms until it answers."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port))
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0x8C7B, help="vpcd's port (its reader.conf's)")
    parser.add_argument("--serial", type=int, default=12345678)
    parser.add_argument("--version", default="5.4.3")
    parser.add_argument("--password")
    parser.add_argument("--account", action="append", default=[], type=account)
    args = parser.parse_args()
    card = OATHCard(args.serial, args.version, args.password)
    card.credentials = args.account
    # VirtualICC's own constructor builds a card of its kinds; ours is made above, so only its
    # card loop (vpcd's framing, power and ATR requests) is used.
    icc = VirtualICC.__new__(VirtualICC)
    icc.os, icc.host, icc.port, icc.server_sock = card, "127.0.0.1", args.port, None
    icc.sock = EndingSocket(connect(args.port))
    print("connected", flush=True)
    icc.run()


if __name__ == "__main__":
    main()
