/*
 * sdk.h — the Solana program ABI as our C programs see it: the serialized input of the
 * aligned BPF loader, the syscalls we call, and small pure helpers.
 *
 * Written for clang-19 -target bpf -mcpu=v2 with -ffreestanding -fno-builtin: there is no
 * libc, no writable global, no 128-bit multiply/divide and no variable-length memcpy
 * (those go through the sol_memcpy_ / sol_memset_ syscalls).
 */
#pragma once

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef long long i64;
typedef _Bool bool;
#define true 1
#define false 0
#define NULL ((void *)0)

#define MAX_ACCOUNTS 32
/* The loader leaves this much room after every account's data for realloc. */
#define MAX_PERMITTED_DATA_INCREASE 10240

typedef struct {
  u8 x[32];
} SolPubkey;

/* Layouts below are the C ABI that sol_invoke_signed_c reads: do not reorder. */
typedef struct {
  SolPubkey *key;
  u64 *lamports;
  u64 data_len;
  u8 *data;
  SolPubkey *owner;
  u64 rent_epoch;
  bool is_signer;
  bool is_writable;
  bool executable;
} SolAccountInfo;

typedef struct {
  SolPubkey *pubkey;
  bool is_writable;
  bool is_signer;
} SolAccountMeta;

typedef struct {
  const SolPubkey *program_id;
  SolAccountMeta *accounts;
  u64 account_len;
  const u8 *data;
  u64 data_len;
} SolInstruction;

typedef struct {
  const u8 *addr;
  u64 len;
} SolSignerSeed;

typedef struct {
  const SolSignerSeed *addr;
  u64 len;
} SolSignerSeeds;

typedef struct {
  const u8 *addr;
  u64 len;
} SolBytes;

typedef struct {
  SolAccountInfo accounts[MAX_ACCOUNTS];
  u64 account_count;
  const u8 *data;
  u64 data_len;
  const SolPubkey *program_id;
} SolParameters;

typedef struct {
  u64 slot;
  i64 epoch_start_timestamp;
  u64 epoch;
  u64 leader_schedule_epoch;
  i64 unix_timestamp;
} SolClock;

/* Rent's exemption_threshold is an f64; BPF has no floats, so we keep its raw bits. */
typedef struct {
  u64 lamports_per_byte_year;
  u64 exemption_threshold_bits;
  u8 burn_percent;
} SolRent;

/* Syscalls: resolved by name by the loader (murmur3 of the symbol name). */
extern void sol_log_(const char *message, u64 length);
extern void sol_log_64_(u64, u64, u64, u64, u64);
extern void sol_log_data(const SolBytes *slices, u64 count);
extern u64 sol_invoke_signed_c(const SolInstruction *instruction, const SolAccountInfo *infos,
                               int info_count, const SolSignerSeeds *signers, int signer_count);
extern u64 sol_create_program_address(const SolSignerSeed *seeds, int seed_count,
                                      const SolPubkey *program_id, SolPubkey *address);
extern u64 sol_get_clock_sysvar(void *clock);
extern u64 sol_get_rent_sysvar(void *rent);
extern void sol_memcpy_(void *dst, const void *src, u64 length);
extern void sol_memset_(void *dst, int value, u64 length);

#define sol_log(literal) sol_log_(literal, sizeof(literal) - 1)

static inline bool pubkey_eq(const SolPubkey *a, const SolPubkey *b) {
  const u64 *x = (const u64 *)a->x;
  const u64 *y = (const u64 *)b->x;
  return x[0] == y[0] && x[1] == y[1] && x[2] == y[2] && x[3] == y[3];
}

/* Public keys inside instruction data are not 8-byte aligned: compare byte by byte. */
static inline bool pubkey_eq_bytes(const SolPubkey *a, const u8 *b) {
  for (int i = 0; i < 32; i++) {
    if (a->x[i] != b[i]) return false;
  }
  return true;
}

static inline void pubkey_copy(SolPubkey *dst, const SolPubkey *src) {
  u64 *d = (u64 *)dst->x;
  const u64 *s = (const u64 *)src->x;
  d[0] = s[0];
  d[1] = s[1];
  d[2] = s[2];
  d[3] = s[3];
}

static inline u64 read_u64(const u8 *p) {
  u64 v = 0;
  for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
  return v;
}

static inline u16 read_u16(const u8 *p) { return (u16)(p[0] | (p[1] << 8)); }

static inline void write_u64(u8 *p, u64 v) {
  for (int i = 0; i < 8; i++) {
    p[i] = (u8)v;
    v >>= 8;
  }
}

static inline void write_u16(u8 *p, u16 v) {
  p[0] = (u8)v;
  p[1] = (u8)(v >> 8);
}

static inline u64 align8(u64 n) { return (n + 7) & ~(u64)7; }

/*
 * Reads the aligned loader's input: u64 account count; per account either a duplicate
 * marker (index + 7 padding bytes) or signer/writable/executable flags, 4 padding bytes,
 * key, owner, lamports, data length, data, realloc room, alignment, rent epoch; then the
 * instruction data and the program id. Returns false when there are too many accounts.
 */
static bool deserialize(const u8 *input, SolParameters *params) {
  u64 count = *(const u64 *)input;
  input += 8;
  if (count > MAX_ACCOUNTS) return false;
  params->account_count = count;
  for (u64 i = 0; i < count; i++) {
    u8 duplicate_of = *input;
    input += 1;
    SolAccountInfo *info = &params->accounts[i];
    if (duplicate_of != 0xff) {
      input += 7;
      *info = params->accounts[duplicate_of];
      continue;
    }
    info->is_signer = *input++;
    info->is_writable = *input++;
    info->executable = *input++;
    input += 4;
    info->key = (SolPubkey *)input;
    input += 32;
    info->owner = (SolPubkey *)input;
    input += 32;
    info->lamports = (u64 *)input;
    input += 8;
    info->data_len = *(const u64 *)input;
    input += 8;
    info->data = (u8 *)input;
    input += info->data_len + MAX_PERMITTED_DATA_INCREASE;
    input = (const u8 *)align8((u64)input);
    info->rent_epoch = *(const u64 *)input;
    input += 8;
  }
  params->data_len = *(const u64 *)input;
  input += 8;
  params->data = input;
  input += params->data_len;
  params->program_id = (const SolPubkey *)input;
  return true;
}

/* Emits one structured event: a single "Program data:" log line the indexer decodes. */
static inline void emit_event(const u8 *bytes, u64 length) {
  SolBytes slice = {bytes, length};
  sol_log_data(&slice, 1);
}

static inline i64 clock_unix_timestamp(void) {
  SolClock clock;
  sol_get_clock_sysvar(&clock);
  return clock.unix_timestamp;
}

/*
 * The rent-exempt minimum: (128 + space) * lamports_per_byte_year * threshold. The
 * threshold is an integer-valued f64 (2.0 classically, 1.0 after SIMD-0194), decoded from
 * its IEEE-754 bits without floating point.
 */
static u64 rent_exempt_minimum(u64 space) {
  SolRent rent;
  sol_get_rent_sysvar(&rent);
  u64 bits = rent.exemption_threshold_bits;
  i64 exponent = (i64)((bits >> 52) & 0x7ff) - 1023;
  u64 threshold = 1;
  if (exponent >= 0 && exponent < 52) {
    u64 mantissa = (bits & (((u64)1 << 52) - 1)) | ((u64)1 << 52);
    threshold = mantissa >> (52 - exponent);
  }
  return (128 + space) * rent.lamports_per_byte_year * threshold;
}
