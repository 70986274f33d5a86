/*
 * cpi.h — the cross-program calls our programs make: creating program-derived accounts
 * through the system program, and minting, transferring and initializing through the SPL
 * Token program; plus the checks every program runs on the accounts it is handed.
 */
#pragma once
#include "errors.h"
#include "layout.h"
#include "sdk.h"

/* Returns early with the error code of `expression` when it is not 0. */
#define TRY(expression)                \
  do {                                 \
    u64 try_error_ = (expression);     \
    if (try_error_) return try_error_; \
  } while (0)

/* Seeds of one program-derived address, bump included, ready to sign a CPI. */
typedef struct {
  SolSignerSeed items[6];
  u64 count;
} PdaSeeds;

static inline SolSignerSeeds signer_of(const PdaSeeds *pda) {
  SolSignerSeeds signer = {pda->items, pda->count};
  return signer;
}

/* 0 when `key` is the address derived from `seeds` under `program_id`. */
static u64 verify_pda(const SolPubkey *key, const PdaSeeds *seeds, const SolPubkey *program_id) {
  SolPubkey derived;
  if (sol_create_program_address(seeds->items, (int)seeds->count, program_id, &derived) != 0)
    return ERROR_WRONG_ACCOUNT;
  return pubkey_eq(&derived, key) ? 0 : ERROR_WRONG_ACCOUNT;
}

static inline void meta_of(SolAccountMeta *meta, const SolAccountInfo *info, bool writable,
                           bool signer) {
  meta->pubkey = info->key;
  meta->is_writable = writable;
  meta->is_signer = signer;
}

/* One system-program instruction over `count` accounts; the PDA `seeds` sign when given. */
static u64 invoke_system(const u8 *data, u64 data_len, SolAccountMeta *metas,
                         SolAccountInfo *infos, u64 count, const PdaSeeds *seeds) {
  SolInstruction ix = {&SYSTEM_PROGRAM_ID, metas, count, data, data_len};
  if (seeds == NULL) return sol_invoke_signed_c(&ix, infos, (int)count, NULL, 0);
  SolSignerSeeds signer = signer_of(seeds);
  return sol_invoke_signed_c(&ix, infos, (int)count, &signer, 1);
}

/*
 * Someone sent lamports to the address before us (PDAs are predictable), and CreateAccount
 * refuses a funded account: top the rent up, then Allocate and Assign under the PDA's
 * signature. Without this, one lamport could block a launch or a migration for good.
 */
static u64 adopt_funded_account(const SolAccountInfo *payer, SolAccountInfo *account, u64 rent,
                                u64 space, const SolPubkey *owner, const PdaSeeds *seeds) {
  SolAccountMeta metas[2];
  SolAccountInfo infos[2] = {*payer, *account};
  u8 data[36];
  sol_memset_(data, 0, sizeof(data));
  if (*account->lamports < rent) {
    data[0] = 2; /* Transfer */
    write_u64(data + 4, rent - *account->lamports);
    meta_of(&metas[0], payer, true, true);
    meta_of(&metas[1], account, true, false);
    TRY(invoke_system(data, 12, metas, infos, 2, NULL));
  }
  data[0] = 8; /* Allocate */
  write_u64(data + 4, space);
  meta_of(&metas[0], account, true, true);
  TRY(invoke_system(data, 12, metas, &infos[1], 1, seeds));
  data[0] = 1; /* Assign */
  sol_memcpy_(data + 4, owner, 32);
  TRY(invoke_system(data, 36, metas, &infos[1], 1, seeds));
  account->data_len = infos[1].data_len;
  return 0;
}

/*
 * Creates `account` (a PDA signed for by `seeds`) with `space` bytes owned by `owner`.
 * The runtime writes the new length into the info array handed to the CPI, not into the
 * caller's own copy: it is copied back, or the next CPI naming the account would look
 * like a resize by a program that does not own it (ExternalAccountDataModified).
 */
static u64 create_pda_account(const SolAccountInfo *payer, SolAccountInfo *account,
                              u64 space, const SolPubkey *owner, const PdaSeeds *seeds) {
  if (account->data_len != 0 || !pubkey_eq(account->owner, &SYSTEM_PROGRAM_ID))
    return ERROR_ALREADY_INITIALIZED;
  u64 rent = rent_exempt_minimum(space);
  if (*account->lamports != 0) return adopt_funded_account(payer, account, rent, space, owner, seeds);
  u8 data[52];
  sol_memset_(data, 0, sizeof(data)); /* CreateAccount is tag 0 */
  write_u64(data + 4, rent);
  write_u64(data + 12, space);
  sol_memcpy_(data + 20, owner, 32);
  SolAccountMeta metas[2];
  meta_of(&metas[0], payer, true, true);
  meta_of(&metas[1], account, true, true);
  SolAccountInfo infos[2] = {*payer, *account};
  u64 error = invoke_system(data, sizeof(data), metas, infos, 2, seeds);
  account->data_len = infos[1].data_len;
  return error;
}

/*
 * After a CPI that creates accounts, copies the lengths the runtime wrote into the CPI's
 * `infos` back to the caller's own infos (`targets[i]` mirrors `infos[i]`): see
 * create_pda_account for why a stale length breaks the next CPI.
 */
static void sync_lengths(const SolAccountInfo *infos, SolAccountInfo *const *targets, u64 count) {
  for (u64 i = 0; i < count; i++) targets[i]->data_len = infos[i].data_len;
}

/* InitializeMint2: `decimals`, mint authority `authority`, no freeze authority. */
static u64 token_initialize_mint(const SolAccountInfo *mint, u8 decimals,
                                 const SolPubkey *authority) {
  u8 data[35];
  data[0] = 20;
  data[1] = decimals;
  sol_memcpy_(data + 2, authority, 32);
  data[34] = 0;
  SolAccountMeta metas[1];
  meta_of(&metas[0], mint, true, false);
  SolAccountInfo infos[1] = {*mint};
  SolInstruction ix = {&TOKEN_PROGRAM_ID, metas, 1, data, sizeof(data)};
  return sol_invoke_signed_c(&ix, infos, 1, NULL, 0);
}

/* InitializeAccount3: a token account of `mint` whose authority is `owner`. */
static u64 token_initialize_account(const SolAccountInfo *account, const SolAccountInfo *mint,
                                    const SolPubkey *owner) {
  u8 data[33];
  data[0] = 18;
  sol_memcpy_(data + 1, owner, 32);
  SolAccountMeta metas[2];
  meta_of(&metas[0], account, true, false);
  meta_of(&metas[1], mint, false, false);
  SolAccountInfo infos[2] = {*account, *mint};
  SolInstruction ix = {&TOKEN_PROGRAM_ID, metas, 2, data, sizeof(data)};
  return sol_invoke_signed_c(&ix, infos, 2, NULL, 0);
}

/* Creates the token vault `vault` (a PDA of the calling program) for `mint`, owned by `owner`. */
static u64 create_token_vault(const SolAccountInfo *payer, SolAccountInfo *vault,
                              const SolAccountInfo *mint, const SolPubkey *owner,
                              const PdaSeeds *seeds) {
  u64 error = create_pda_account(payer, vault, TOKEN_ACCOUNT_SIZE, &TOKEN_PROGRAM_ID, seeds);
  if (error) return error;
  return token_initialize_account(vault, mint, owner);
}

/* Runs a 9-byte token instruction (tag + u64 amount) over `from`, `to` and `authority`:
 * Transfer and MintTo share this account shape. `authority` signs, or the PDA `seeds` do. */
static u64 token_invoke_amount(const u8 *data, const SolAccountInfo *from,
                               const SolAccountInfo *to, const SolAccountInfo *authority,
                               const PdaSeeds *seeds) {
  SolAccountMeta metas[3];
  meta_of(&metas[0], from, true, false);
  meta_of(&metas[1], to, true, false);
  meta_of(&metas[2], authority, false, true);
  SolAccountInfo infos[3] = {*from, *to, *authority};
  SolInstruction ix = {&TOKEN_PROGRAM_ID, metas, 3, data, 9};
  if (seeds == NULL) return sol_invoke_signed_c(&ix, infos, 3, NULL, 0);
  SolSignerSeeds signer = signer_of(seeds);
  return sol_invoke_signed_c(&ix, infos, 3, &signer, 1);
}

static u64 token_transfer(const SolAccountInfo *from, const SolAccountInfo *to,
                          const SolAccountInfo *authority, u64 amount, const PdaSeeds *seeds) {
  u8 data[9];
  data[0] = 3; /* Transfer */
  write_u64(data + 1, amount);
  return token_invoke_amount(data, from, to, authority, seeds);
}

static u64 token_mint_to(const SolAccountInfo *mint, const SolAccountInfo *to,
                         const SolAccountInfo *authority, u64 amount, const PdaSeeds *seeds) {
  u8 data[9];
  data[0] = 7; /* MintTo */
  write_u64(data + 1, amount);
  return token_invoke_amount(data, mint, to, authority, seeds);
}

/* SetAuthority(MintTokens → none): fixes the supply for good. */
static u64 token_revoke_mint_authority(const SolAccountInfo *mint, const SolAccountInfo *authority,
                                       const PdaSeeds *seeds) {
  u8 data[3] = {6, 0, 0};
  SolAccountMeta metas[2];
  meta_of(&metas[0], mint, true, false);
  meta_of(&metas[1], authority, false, true);
  SolAccountInfo infos[2] = {*mint, *authority};
  SolInstruction ix = {&TOKEN_PROGRAM_ID, metas, 2, data, sizeof(data)};
  SolSignerSeeds signer = signer_of(seeds);
  return sol_invoke_signed_c(&ix, infos, 2, &signer, 1);
}

static inline u64 token_amount(const SolAccountInfo *account) {
  return *(const u64 *)(account->data + TOKEN_ACCOUNT_AMOUNT_OFFSET);
}

/* 0 when `account` is an SPL token account of `mint` whose authority is `owner`. */
static u64 check_token_account(const SolAccountInfo *account, const SolPubkey *mint,
                               const SolPubkey *owner) {
  if (!pubkey_eq(account->owner, &TOKEN_PROGRAM_ID)) return ERROR_WRONG_ACCOUNT_OWNER;
  if (account->data_len != TOKEN_ACCOUNT_SIZE) return ERROR_WRONG_ACCOUNT_TYPE;
  if (!pubkey_eq((const SolPubkey *)(account->data + TOKEN_ACCOUNT_MINT_OFFSET), mint))
    return ERROR_WRONG_MINT;
  if (!pubkey_eq((const SolPubkey *)(account->data + TOKEN_ACCOUNT_OWNER_OFFSET), owner))
    return ERROR_WRONG_ACCOUNT;
  return 0;
}

/* 0 when `account` is an initialized SPL mint. */
static u64 check_mint(const SolAccountInfo *account) {
  if (!pubkey_eq(account->owner, &TOKEN_PROGRAM_ID)) return ERROR_WRONG_ACCOUNT_OWNER;
  if (account->data_len != MINT_SIZE || account->data[MINT_INITIALIZED_OFFSET] != 1)
    return ERROR_WRONG_ACCOUNT_TYPE;
  return 0;
}

/* Program-owned record of `type` and at least `size` bytes, owned by `program_id`. */
static u64 check_record(const SolAccountInfo *account, const SolPubkey *program_id, u8 type,
                        u64 size) {
  if (!pubkey_eq(account->owner, program_id)) return ERROR_WRONG_ACCOUNT_OWNER;
  if (account->data_len < size || account->data[0] != type) return ERROR_WRONG_ACCOUNT_TYPE;
  return 0;
}
