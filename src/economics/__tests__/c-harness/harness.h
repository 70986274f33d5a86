/*
 * harness.h — runs one of our on-chain programs' C source natively, so the economics
 * tests can compare the TypeScript predictions with the real arithmetic and check order.
 *
 * Included after the program's .c file. It stands in for the runtime: syscalls become
 * plain functions, and a CPI to the token program's Transfer moves the amount between the
 * two token accounts' data (failing, as the token program would, on a short source or an
 * overflowing destination). Every other CPI (the curve's mark-complete call) succeeds.
 * Requests and answers are lines of unsigned decimal numbers on stdin and stdout.
 */
#pragma once

int scanf(const char *format, ...);
int printf(const char *format, ...);
int fflush(void *stream);

/* Returned when a token transfer fails: the token program's error, not ours. */
#define HARNESS_TOKEN_ERROR 1

void sol_log_(const char *message, u64 length) { (void)message, (void)length; }
void sol_log_64_(u64 a, u64 b, u64 c, u64 d, u64 e) { (void)a, (void)b, (void)c, (void)d, (void)e; }
/* The last event the program emitted, so an answer can carry its fields. */
static u8 last_event[512];
static u64 last_event_len;

void sol_log_data(const SolBytes *slices, u64 count) {
  last_event_len = 0;
  for (u64 s = 0; s < count; s++)
    for (u64 i = 0; i < slices[s].len && last_event_len < sizeof(last_event); i++)
      last_event[last_event_len++] = slices[s].addr[i];
}

static u64 event_u64(u64 offset) { return read_u64(last_event + offset); }
u64 sol_create_program_address(const SolSignerSeed *seeds, int count, const SolPubkey *program,
                               SolPubkey *address) {
  (void)seeds, (void)count, (void)program, (void)address;
  return 1;
}
u64 sol_get_clock_sysvar(void *clock) {
  sol_memset_(clock, 0, sizeof(SolClock));
  return 0;
}
u64 sol_get_rent_sysvar(void *rent) {
  sol_memset_(rent, 0, sizeof(SolRent));
  return 0;
}
void sol_memcpy_(void *dst, const void *src, u64 length) {
  for (u64 i = 0; i < length; i++) ((u8 *)dst)[i] = ((const u8 *)src)[i];
}
void sol_memset_(void *dst, int value, u64 length) {
  for (u64 i = 0; i < length; i++) ((u8 *)dst)[i] = (u8)value;
}

u64 sol_invoke_signed_c(const SolInstruction *ix, const SolAccountInfo *infos, int count,
                        const SolSignerSeeds *signers, int signer_count) {
  (void)count, (void)signers, (void)signer_count;
  if (!pubkey_eq(ix->program_id, &TOKEN_PROGRAM_ID)) return 0;
  if (ix->data[0] != 3) return HARNESS_TOKEN_ERROR;
  u64 amount = read_u64(ix->data + 1);
  u64 *from = (u64 *)(infos[0].data + TOKEN_ACCOUNT_AMOUNT_OFFSET);
  u64 *to = (u64 *)(infos[1].data + TOKEN_ACCOUNT_AMOUNT_OFFSET);
  if (*from < amount) return HARNESS_TOKEN_ERROR;
  if (infos[0].data != infos[1].data && *to + amount < *to) return HARNESS_TOKEN_ERROR;
  *from -= amount;
  *to += amount;
  return 0;
}

static u64 next_u64(int *eof) {
  unsigned long long value = 0;
  if (scanf("%llu", &value) != 1) *eof = 1;
  return value;
}

/* A distinct, recognisable address per account slot. */
static void key_of(SolPubkey *key, u8 tag) {
  sol_memset_(key, 0, sizeof(SolPubkey));
  key->x[0] = tag;
  key->x[31] = 0x5a;
}

typedef struct {
  SolPubkey key;
  SolPubkey owner;
  u64 lamports;
  u8 data[TOKEN_ACCOUNT_SIZE];
} TokenAccount;

/* An SPL token account of `mint` whose authority is `owner`, holding `amount`. */
static void token_account(SolAccountInfo *info, TokenAccount *storage, u8 tag,
                          const SolPubkey *mint, const SolPubkey *owner, u64 amount) {
  key_of(&storage->key, tag);
  pubkey_copy(&storage->owner, &TOKEN_PROGRAM_ID);
  sol_memset_(storage->data, 0, TOKEN_ACCOUNT_SIZE);
  sol_memcpy_(storage->data + TOKEN_ACCOUNT_MINT_OFFSET, mint, 32);
  sol_memcpy_(storage->data + TOKEN_ACCOUNT_OWNER_OFFSET, owner, 32);
  write_u64(storage->data + TOKEN_ACCOUNT_AMOUNT_OFFSET, amount);
  info->key = &storage->key;
  info->owner = &storage->owner;
  info->lamports = &storage->lamports;
  info->data_len = TOKEN_ACCOUNT_SIZE;
  info->data = storage->data;
  info->is_signer = false;
  info->is_writable = true;
  info->executable = false;
}

static void plain_account(SolAccountInfo *info, TokenAccount *storage, u8 tag, bool signer) {
  key_of(&storage->key, tag);
  pubkey_copy(&storage->owner, &SYSTEM_PROGRAM_ID);
  info->key = &storage->key;
  info->owner = &storage->owner;
  info->lamports = &storage->lamports;
  info->data_len = 0;
  info->data = storage->data;
  info->is_signer = signer;
  info->is_writable = true;
  info->executable = false;
}
