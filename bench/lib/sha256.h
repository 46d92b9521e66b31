/* SPDX-License-Identifier: GPL-2.0 */
/* SHA-256 (FIPS 180-4), for hashes that must agree with sha256sum's (kernel/tree.sh's series hash). */
#ifndef PB_SHA256_H
#define PB_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t len;		/* bytes hashed so far */
	unsigned char buf[64];
	size_t nbuf;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t n);
/* The digest's first @ndigits hex digits (at most 64) into @hex, NUL-terminated. */
void sha256_hex(struct sha256 *s, char *hex, int ndigits);

#endif
