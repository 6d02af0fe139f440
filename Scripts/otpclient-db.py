"""Writes an OTPClient 3.x database from Key URIs, for Scripts/bench-desktop.sh:
python3 Scripts/otpclient-db.py URIS PASSWORD_FILE DB.

OTPClient (Debian's otpclient, GTK 3) has no command that imports without its window (its
otpclient-cli only shows and exports), so the benchmark writes the database file itself, in the
format of OTPClient 3.1's src/db-misc.c: a 16-byte IV and a 32-byte salt, then the JSON array of
accounts (with its terminating NUL) encrypted with AES-256-GCM, the IV and salt as associated data,
then the 16-byte tag. The key is PBKDF2-HMAC-SHA512 with 100,000 iterations of the password with
its terminating NUL (the C string's length + 1). Each account is the object OTPClient's
build_json_obj makes: type, label, issuer, secret, digits, algo and period (TOTP only here).

The password is the first line of PASSWORD_FILE.
"""
import hashlib, json, os, sys
from urllib.parse import parse_qs, unquote, urlsplit

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

uris_path, password_path, db_path = sys.argv[1:4]
accounts = []
for line in open(uris_path, encoding="utf-8").read().splitlines():
    uri = urlsplit(line)
    if uri.scheme != "otpauth" or uri.netloc != "totp":
        sys.exit(f"otpclient-db: not a TOTP Key URI: {line}")
    query = parse_qs(uri.query)
    path = unquote(uri.path[1:])
    issuer, _, label = path.rpartition(":")
    accounts.append({
        "type": "TOTP",
        "label": label,
        "issuer": query.get("issuer", [issuer])[0],
        "secret": query["secret"][0].upper(),
        "digits": int(query.get("digits", ["6"])[0]),
        "algo": query.get("algorithm", ["SHA1"])[0].upper(),
        "period": int(query.get("period", ["30"])[0]),
    })

password = open(password_path, encoding="utf-8").readline().rstrip("\n").encode()
iv, salt = os.urandom(16), os.urandom(32)
key = hashlib.pbkdf2_hmac("sha512", password + b"\0", salt, 100_000, 32)
plain = json.dumps(accounts, ensure_ascii=False, separators=(",", ":")).encode() + b"\0"
encryptor = Cipher(algorithms.AES(key), modes.GCM(iv)).encryptor()
encryptor.authenticate_additional_data(iv + salt)
sealed = encryptor.update(plain) + encryptor.finalize()
with open(db_path, "wb") as db:
    db.write(iv + salt + sealed + encryptor.tag)
print(f"otpclient-db: {len(accounts)} accounts in {db_path}", file=sys.stderr)
