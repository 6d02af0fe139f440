"""Key URIs for the benchmark vaults, one a line: python3 Scripts/bench-uris.py COUNT.

TOTP accounts with 20-byte secrets, from a fixed seed, so every run and every script (bench-vault.sh,
bench-agent.sh) makes the same vault. Issuers "ISSUER I" and names "userI@example.com" keep each
account's issuer:name unique.
"""
import base64, random, sys

rng = random.Random(7)
issuers = ["GitHub", "Google", "AWS", "Zürich Bank", "東京", "Dropbox", "Slack", "Proton"]
for i in range(int(sys.argv[1])):
    secret = base64.b32encode(rng.randbytes(20)).decode().rstrip("=")
    issuer = f"{rng.choice(issuers)} {i}"
    print(f"otpauth://totp/{issuer}:user{i}@example.com?secret={secret}&issuer={issuer}".replace(" ", "%20"))
