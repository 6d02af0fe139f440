"""An unencrypted Aegis vault whose accounts all have icons: python3 Scripts/bench-icon-vault.py COUNT [PATH].

Accounts as Scripts/bench-uris.py makes them (the same seed, secrets, issuers and names), each with an
icon of its own as Aegis keeps it in the entry (`icon` base64, `icon_mime`, `icon_hash` =
SHA-256 of the MIME type then the bytes, lowercase hex): even accounts a 128x128 PNG (larger than a
row draws it, as a picture someone chose would be), odd ones an SVG of a few paths (as icon packs'
are), each in a colour of its own so no two icons are the same. Written to PATH, or standard output.
Twofold's `import` reads the file (it is an Aegis export) and keeps the icons; the desktop window
draws them.
"""
import base64
import hashlib
import json
import random
import struct
import sys
import uuid
import zlib

rng = random.Random(7)
ids = random.Random(11)
issuers = ["GitHub", "Google", "AWS", "Zürich Bank", "東京", "Dropbox", "Slack", "Proton"]


def png(width, height, pixel):
    """A truecolour PNG (zlib from Python's standard library) of pixel(x, y) -> (r, g, b)."""
    rows = b"".join(b"\0" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")


def png_icon(index):
    colour = ((index * 67) % 256, (index * 131) % 256, (index * 29 + 90) % 256)

    def pixel(x, y):
        inside = (x - 64) ** 2 + (y - 64) ** 2 < 48 ** 2
        band = 40 < y < 88 and 24 < x < 104
        if inside and not band:
            return colour
        return (255, 255, 255) if band else (240, 240, 240)

    return png(128, 128, pixel)


def svg_icon(index):
    hue = (index * 47) % 360
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">'
        f'<rect width="64" height="64" rx="14" fill="hsl({hue}, 60%, 45%)"/>'
        f'<path d="M16 44 L32 14 L48 44 Z" fill="#fff" opacity="0.9"/>'
        f'<circle cx="32" cy="36" r="{6 + index % 5}" fill="hsl({(hue + 180) % 360}, 70%, 50%)"/>'
        "</svg>"
    ).encode()


def entry(index):
    secret = base64.b32encode(rng.randbytes(20)).decode().rstrip("=")
    issuer = f"{rng.choice(issuers)} {index}"
    mime, data = ("image/png", png_icon(index)) if index % 2 == 0 else ("image/svg+xml", svg_icon(index))
    return {
        "type": "totp", "uuid": str(uuid.UUID(int=ids.getrandbits(128), version=4)),
        "name": f"user{index}@example.com", "issuer": issuer, "note": "", "favorite": False,
        "icon": base64.b64encode(data).decode(), "icon_mime": mime,
        "icon_hash": hashlib.sha256(mime.encode() + data).hexdigest(),
        "info": {"secret": secret, "algo": "SHA1", "digits": 6, "period": 30},
        "groups": [],
    }


def main():
    count = int(sys.argv[1])
    vault = {"version": 1, "header": {"slots": None, "params": None},
             "db": {"version": 3, "entries": [entry(i) for i in range(count)], "groups": []}}
    text = json.dumps(vault, ensure_ascii=False)
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w", encoding="utf-8") as file:
            file.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
