#ifndef TWOFOLD_CBENCHBASELINE_H
#define TWOFOLD_CBENCHBASELINE_H

#include <stddef.h>
#include <stdint.h>

/* The C peers of Twofold's HOTP-SHA1 (RFC 4226) against libcrypto, for twofold-bench.
   Each computes the 6-digit codes of counters start ..< start + count for one key and
   returns twofold_bench_fold over every code's six ASCII digits, so the work cannot be
   dropped and the Swift side can check it computed the same codes. */

/** Folds one code's ASCII characters into a running checksum (h * 31 + c, per byte). */
static inline uint64_t twofold_bench_fold(uint64_t h, const char *code, size_t length) {
  for (size_t i = 0; i < length; i++) h = h * 31 + (unsigned char)code[i];
  return h;
}

/** Key pads absorbed once; per code one SHA1_Transform on a pre-padded inner block and one
    on a pre-padded outer block (no SHA1_Update/SHA1_Final bookkeeping). */
uint64_t cbench_hotp_sha1_transform(const uint8_t *key, size_t key_length, uint64_t start,
                                    uint64_t count);

/** Key pads absorbed once into two SHA_CTX; per code the contexts are copied, then
    SHA1_Update and SHA1_Final (what Twofold's Swift HMAC does). */
uint64_t cbench_hotp_sha1_ctx_copy(const uint8_t *key, size_t key_length, uint64_t start,
                                   uint64_t count);

/** One HMAC_CTX keyed once; per code HMAC_Init_ex(ctx, NULL, 0, NULL, NULL), HMAC_Update,
    HMAC_Final. */
uint64_t cbench_hotp_sha1_hmac_reuse(const uint8_t *key, size_t key_length, uint64_t start,
                                     uint64_t count);

#endif
