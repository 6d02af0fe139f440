"""The Python peer of `twofold list --json` that the issue names (json + cryptography + pyotp):
python3 Scripts/peer-list-json.py VAULT PASSWORD_FILE.

Reads an encrypted Aegis vault, derives the key from the password slot with scrypt, decrypts the
database with AES-GCM and prints every account with its current TOTP code as one JSON array.
Used by bench-vault.sh and bench-agent.sh.
"""
import base64, hashlib, json, sys, time
import pyotp
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
vault = json.load(open(sys.argv[1]))
password = open(sys.argv[2], "rb").read().split(b"\n")[0]
slot = next(s for s in vault["header"]["slots"] if s["type"] == 1)
key = hashlib.scrypt(password, salt=bytes.fromhex(slot["salt"]), n=slot["n"], r=slot["r"], p=slot["p"],
                     maxmem=128 * 1024 * 1024, dklen=32)
kp = slot["key_params"]
master = AESGCM(key).decrypt(bytes.fromhex(kp["nonce"]), bytes.fromhex(slot["key"]) + bytes.fromhex(kp["tag"]), None)
params = vault["header"]["params"]
db = json.loads(AESGCM(master).decrypt(bytes.fromhex(params["nonce"]),
                                       base64.b64decode(vault["db"]) + bytes.fromhex(params["tag"]), None))
now = int(time.time())
out = []
for e in db["entries"]:
    info = e["info"]
    totp = pyotp.TOTP(info["secret"], digits=info["digits"], interval=info["period"])
    out.append({"id": e["uuid"], "issuer": e["issuer"], "name": e["name"], "code": totp.at(now),
                "remaining": info["period"] - now % info["period"]})
print(json.dumps(out))
