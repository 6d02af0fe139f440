#define OPENSSL_SUPPRESS_DEPRECATED 1

#include "CBenchBaseline.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <string.h>

/* RFC 2104 §2: the inner and outer contexts after absorbing key ^ ipad and key ^ opad. */
static void absorb_pads(const uint8_t *key, size_t key_length, SHA_CTX *inner, SHA_CTX *outer) {
  uint8_t block[SHA_CBLOCK] = {0};
  uint8_t pad[SHA_CBLOCK];
  if (key_length > SHA_CBLOCK) {
    SHA1(key, key_length, block);
  } else {
    memcpy(block, key, key_length);
  }
  for (int i = 0; i < SHA_CBLOCK; i++) pad[i] = block[i] ^ 0x36;
  SHA1_Init(inner);
  SHA1_Update(inner, pad, SHA_CBLOCK);
  for (int i = 0; i < SHA_CBLOCK; i++) pad[i] = block[i] ^ 0x5c;
  SHA1_Init(outer);
  SHA1_Update(outer, pad, SHA_CBLOCK);
  OPENSSL_cleanse(block, sizeof block);
  OPENSSL_cleanse(pad, sizeof pad);
}

static inline void store_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

static inline void store_be64(uint8_t *p, uint64_t v) {
  store_be32(p, (uint32_t)(v >> 32));
  store_be32(p + 4, (uint32_t)v);
}

/* RFC 4226 §5.3: dynamic truncation of a SHA-1 HMAC, then six decimal digits. */
static inline uint64_t fold_code(uint64_t h, const uint8_t digest[SHA_DIGEST_LENGTH]) {
  int offset = digest[SHA_DIGEST_LENGTH - 1] & 0x0f;
  uint32_t value = ((uint32_t)(digest[offset] & 0x7f) << 24) | ((uint32_t)digest[offset + 1] << 16) |
                   ((uint32_t)digest[offset + 2] << 8) | (uint32_t)digest[offset + 3];
  value %= 1000000;
  char code[6];
  for (int i = 5; i >= 0; i--) {
    code[i] = (char)('0' + value % 10);
    value /= 10;
  }
  return twofold_bench_fold(h, code, sizeof code);
}

/* SHA1_Transform reads and writes only the chaining value h0..h4, so a code copies 20 bytes
   of keyed state per block instead of a whole SHA_CTX. */
static inline void set_chaining_value(SHA_CTX *work, const SHA_CTX *from) {
  work->h0 = from->h0;
  work->h1 = from->h1;
  work->h2 = from->h2;
  work->h3 = from->h3;
  work->h4 = from->h4;
}

static inline void store_chaining_value(uint8_t *p, const SHA_CTX *c) {
  store_be32(p, c->h0);
  store_be32(p + 4, c->h1);
  store_be32(p + 8, c->h2);
  store_be32(p + 12, c->h3);
  store_be32(p + 16, c->h4);
}

uint64_t cbench_hotp_sha1_transform(const uint8_t *key, size_t key_length, uint64_t start,
                                    uint64_t count) {
  SHA_CTX inner, outer, work;
  absorb_pads(key, key_length, &inner, &outer);
  work = inner;
  /* Inner message: 8-byte counter, 0x80, zeros, bit length (64 + 8) * 8 = 576. */
  uint8_t inner_block[SHA_CBLOCK] = {0};
  inner_block[8] = 0x80;
  store_be64(inner_block + SHA_CBLOCK - 8, (SHA_CBLOCK + 8) * 8);
  /* Outer message: 20-byte inner digest, 0x80, zeros, bit length (64 + 20) * 8 = 672. */
  uint8_t outer_block[SHA_CBLOCK] = {0};
  outer_block[SHA_DIGEST_LENGTH] = 0x80;
  store_be64(outer_block + SHA_CBLOCK - 8, (SHA_CBLOCK + SHA_DIGEST_LENGTH) * 8);
  uint8_t digest[SHA_DIGEST_LENGTH];
  uint64_t h = 0;
  for (uint64_t counter = start; counter != start + count; counter++) {
    store_be64(inner_block, counter);
    set_chaining_value(&work, &inner);
    SHA1_Transform(&work, inner_block);
    store_chaining_value(outer_block, &work);
    set_chaining_value(&work, &outer);
    SHA1_Transform(&work, outer_block);
    store_chaining_value(digest, &work);
    h = fold_code(h, digest);
  }
  OPENSSL_cleanse(&inner, sizeof inner);
  OPENSSL_cleanse(&outer, sizeof outer);
  OPENSSL_cleanse(&work, sizeof work);
  return h;
}

uint64_t cbench_hotp_sha1_ctx_copy(const uint8_t *key, size_t key_length, uint64_t start,
                                   uint64_t count) {
  SHA_CTX inner, outer, work;
  absorb_pads(key, key_length, &inner, &outer);
  uint8_t message[8];
  uint8_t digest[SHA_DIGEST_LENGTH];
  uint64_t h = 0;
  for (uint64_t counter = start; counter != start + count; counter++) {
    store_be64(message, counter);
    work = inner;
    SHA1_Update(&work, message, sizeof message);
    SHA1_Final(digest, &work);
    work = outer;
    SHA1_Update(&work, digest, sizeof digest);
    SHA1_Final(digest, &work);
    h = fold_code(h, digest);
  }
  OPENSSL_cleanse(&inner, sizeof inner);
  OPENSSL_cleanse(&outer, sizeof outer);
  return h;
}

uint64_t cbench_hotp_sha1_hmac_reuse(const uint8_t *key, size_t key_length, uint64_t start,
                                     uint64_t count) {
  HMAC_CTX *ctx = HMAC_CTX_new();
  if (ctx == NULL || !HMAC_Init_ex(ctx, key, (int)key_length, EVP_sha1(), NULL)) {
    HMAC_CTX_free(ctx);
    return 0;
  }
  uint8_t message[8];
  uint8_t digest[SHA_DIGEST_LENGTH];
  unsigned int length = 0;
  uint64_t h = 0;
  for (uint64_t counter = start; counter != start + count; counter++) {
    store_be64(message, counter);
    HMAC_Init_ex(ctx, NULL, 0, NULL, NULL);
    HMAC_Update(ctx, message, sizeof message);
    HMAC_Final(ctx, digest, &length);
    h = fold_code(h, digest);
  }
  HMAC_CTX_free(ctx);
  return h;
}
