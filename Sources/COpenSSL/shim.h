#ifndef TWOFOLD_COPENSSL_SHIM_H
#define TWOFOLD_COPENSSL_SHIM_H

/* The low-level digest contexts (SHA_CTX, …) are deprecated in OpenSSL 3 but are the
   only allocation-free way to reuse a keyed HMAC state; keep them visible without warnings. */
#define OPENSSL_SUPPRESS_DEPRECATED 1

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/md5.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/err.h>

#endif
