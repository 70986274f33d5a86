/*
 * math128.h — exact 64x64→128 products and 128/64 quotients.
 *
 * The BPF backend refuses the __multi3/__udivti3 libcalls that `unsigned __int128` needs,
 * so products are assembled from 32-bit halves and quotients by restoring long division.
 * Every function reports overflow instead of wrapping; callers turn it into
 * ERROR_MATH_OVERFLOW. The TypeScript economics compute the same values with bigint.
 */
#pragma once
#include "sdk.h"

typedef struct {
  u64 hi;
  u64 lo;
} U128;

static inline U128 mul_u64(u64 a, u64 b) {
  u64 a_lo = a & 0xffffffff, a_hi = a >> 32;
  u64 b_lo = b & 0xffffffff, b_hi = b >> 32;
  u64 lo_lo = a_lo * b_lo;
  u64 hi_lo = a_hi * b_lo;
  u64 lo_hi = a_lo * b_hi;
  u64 hi_hi = a_hi * b_hi;
  u64 middle = (lo_lo >> 32) + (hi_lo & 0xffffffff) + (lo_hi & 0xffffffff);
  U128 product;
  product.lo = (middle << 32) | (lo_lo & 0xffffffff);
  product.hi = hi_hi + (hi_lo >> 32) + (lo_hi >> 32) + (middle >> 32);
  return product;
}

/* n / d as a u64 with its remainder; false when d is 0 or the quotient needs > 64 bits. */
static bool div_u128(U128 n, u64 d, u64 *quotient, u64 *remainder) {
  if (d == 0 || n.hi >= d) return false;
  if (n.hi == 0) {
    *quotient = n.lo / d;
    *remainder = n.lo % d;
    return true;
  }
  u64 rem = n.hi;
  u64 q = 0;
  for (int bit = 63; bit >= 0; bit--) {
    u64 carry = rem >> 63;
    rem = (rem << 1) | ((n.lo >> bit) & 1);
    q <<= 1;
    /* rem < d held before the shift, so one subtraction restores it (mod 2^64). */
    if (carry || rem >= d) {
      rem -= d;
      q |= 1;
    }
  }
  *quotient = q;
  *remainder = rem;
  return true;
}

/* ⌊a·b/d⌋; false on overflow or d == 0. */
static bool mul_div_floor(u64 a, u64 b, u64 d, u64 *out) {
  u64 remainder;
  return div_u128(mul_u64(a, b), d, out, &remainder);
}

/* ⌈a·b/d⌉; false on overflow or d == 0. */
static bool mul_div_ceil(u64 a, u64 b, u64 d, u64 *out) {
  u64 q, remainder;
  if (!div_u128(mul_u64(a, b), d, &q, &remainder)) return false;
  if (remainder != 0) {
    if (q == ~(u64)0) return false;
    q += 1;
  }
  *out = q;
  return true;
}

static inline bool add_u64(u64 a, u64 b, u64 *out) {
  u64 sum = a + b;
  if (sum < a) return false;
  *out = sum;
  return true;
}
