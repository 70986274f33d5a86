/*
 * pool — constant-product pools with a fee, between two SPL mints.
 *
 * Used twice by basket-devnet: as the SOL (wrapped) ↔ component "venues" the genesis
 * world seeds, and as the launch ↔ component pair pools a graduated launch migrates into.
 * Reserves are the vault balances themselves; liquidity added is permanent (no LP token):
 * this is a devnet venue, not an AMM product.
 *
 *   initialize     payer, authority, pool, mint_a, mint_b, vault_a, vault_b, system, token
 *   add_liquidity  provider, pool, vault_a, vault_b, source_a, source_b, token
 *   swap           trader, pool, vault_in, vault_out, trader_in, trader_out, token
 *   swap_all       the same accounts as swap; swaps the trader's balance of the input mint as
 *                  it stands when the instruction executes, less `keep` (a sell's unwinding
 *                  swap keeps what the wallet held before the sell, so it takes exactly what
 *                  the settle delivered: no dust left behind, nothing of the wallet's swept)
 *
 * Instruction data (little-endian):
 *   initialize     tag 0, pool bump u8, vault A bump u8, vault B bump u8, fee_bps u16   (6 bytes)
 *   add_liquidity  tag 1, amount_a u64, amount_b u64                                   (17 bytes)
 *   swap           tag 2, amount_in u64, min_out u64                                   (17 bytes)
 *   swap_all       tag 3, min_out u64, keep u64                                        (17 bytes)
 */
#include "basket.h"

static PdaSeeds pool_seeds(const SolPubkey *authority, const SolPubkey *mint_a,
                           const SolPubkey *mint_b, const u8 *bump) {
  PdaSeeds seeds = {{{(const u8 *)"pool", 4},
                     {authority->x, 32},
                     {mint_a->x, 32},
                     {mint_b->x, 32},
                     {bump, 1}},
                    5};
  return seeds;
}

static PdaSeeds vault_seeds(const SolPubkey *pool, const SolPubkey *mint, const u8 *bump) {
  PdaSeeds seeds = {{{(const u8 *)"vault", 5}, {pool->x, 32}, {mint->x, 32}, {bump, 1}}, 4};
  return seeds;
}

static u64 initialize(SolParameters *params) {
  if (params->account_count < 9) return ERROR_NOT_ENOUGH_ACCOUNTS;
  if (params->data_len < 6) return ERROR_INVALID_INSTRUCTION;
  SolAccountInfo *payer = &params->accounts[0], *authority = &params->accounts[1],
                 *pool_info = &params->accounts[2], *mint_a = &params->accounts[3],
                 *mint_b = &params->accounts[4], *vault_a = &params->accounts[5],
                 *vault_b = &params->accounts[6];
  const u8 *bumps = params->data + 1;
  u16 fee_bps = read_u16(params->data + 4);

  if (!payer->is_signer || !authority->is_signer) return ERROR_MISSING_SIGNATURE;
  if (fee_bps > MAX_FEE_BPS) return ERROR_INVALID_FEE;
  if (pubkey_eq(mint_a->key, mint_b->key)) return ERROR_SAME_MINT;
  TRY(check_mint(mint_a));
  TRY(check_mint(mint_b));

  PdaSeeds seeds = pool_seeds(authority->key, mint_a->key, mint_b->key, &bumps[0]);
  TRY(verify_pda(pool_info->key, &seeds, params->program_id));
  PdaSeeds seeds_a = vault_seeds(pool_info->key, mint_a->key, &bumps[1]);
  TRY(verify_pda(vault_a->key, &seeds_a, params->program_id));
  PdaSeeds seeds_b = vault_seeds(pool_info->key, mint_b->key, &bumps[2]);
  TRY(verify_pda(vault_b->key, &seeds_b, params->program_id));

  TRY(create_pda_account(payer, pool_info, sizeof(Pool), params->program_id, &seeds));
  TRY(create_token_vault(payer, vault_a, mint_a, pool_info->key, &seeds_a));
  TRY(create_token_vault(payer, vault_b, mint_b, pool_info->key, &seeds_b));

  Pool *pool = (Pool *)pool_info->data;
  pool->account_type = ACCOUNT_POOL;
  pool->bump = bumps[0];
  pool->vault_a_bump = bumps[1];
  pool->vault_b_bump = bumps[2];
  pool->fee_bps = fee_bps;
  pubkey_copy(&pool->authority, authority->key);
  pubkey_copy(&pool->mint_a, mint_a->key);
  pubkey_copy(&pool->mint_b, mint_b->key);
  pubkey_copy(&pool->vault_a, vault_a->key);
  pubkey_copy(&pool->vault_b, vault_b->key);

  u8 buffer[200];
  EventWriter event = event_begin(buffer, EVENT_POOL_CREATED);
  put_pubkey(&event, pool_info->key);
  put_pubkey(&event, authority->key);
  put_pubkey(&event, mint_a->key);
  put_pubkey(&event, mint_b->key);
  put_pubkey(&event, vault_a->key);
  put_pubkey(&event, vault_b->key);
  put_u16(&event, fee_bps);
  event_emit(&event);
  return 0;
}

/* The pool record behind `pool_info`, with its two vaults checked against it. */
static u64 load_pool(SolParameters *params, SolAccountInfo *pool_info, SolAccountInfo *vault_a,
                     SolAccountInfo *vault_b, Pool **out) {
  TRY(check_record(pool_info, params->program_id, ACCOUNT_POOL, sizeof(Pool)));
  Pool *pool = (Pool *)pool_info->data;
  if (!pubkey_eq(vault_a->key, &pool->vault_a) || !pubkey_eq(vault_b->key, &pool->vault_b))
    return ERROR_WRONG_ACCOUNT;
  *out = pool;
  return 0;
}

static u64 add_liquidity(SolParameters *params) {
  if (params->account_count < 7) return ERROR_NOT_ENOUGH_ACCOUNTS;
  if (params->data_len < 17) return ERROR_INVALID_INSTRUCTION;
  SolAccountInfo *provider = &params->accounts[0], *pool_info = &params->accounts[1],
                 *vault_a = &params->accounts[2], *vault_b = &params->accounts[3],
                 *source_a = &params->accounts[4], *source_b = &params->accounts[5];
  u64 amount_a = read_u64(params->data + 1);
  u64 amount_b = read_u64(params->data + 9);

  if (!provider->is_signer) return ERROR_MISSING_SIGNATURE;
  if (amount_a == 0 && amount_b == 0) return ERROR_ZERO_AMOUNT;
  Pool *pool;
  TRY(load_pool(params, pool_info, vault_a, vault_b, &pool));
  TRY(check_token_account(source_a, &pool->mint_a, provider->key));
  TRY(check_token_account(source_b, &pool->mint_b, provider->key));
  if (token_amount(source_a) < amount_a || token_amount(source_b) < amount_b)
    return ERROR_INSUFFICIENT_TOKENS;

  if (amount_a) TRY(token_transfer(source_a, vault_a, provider, amount_a, NULL));
  if (amount_b) TRY(token_transfer(source_b, vault_b, provider, amount_b, NULL));

  u8 buffer[100];
  EventWriter event = event_begin(buffer, EVENT_LIQUIDITY_ADDED);
  put_pubkey(&event, pool_info->key);
  put_pubkey(&event, provider->key);
  put_u64(&event, amount_a);
  put_u64(&event, amount_b);
  put_u64(&event, token_amount(vault_a));
  put_u64(&event, token_amount(vault_b));
  event_emit(&event);
  return 0;
}

/*
 * swap and swap_all. `amount_in` is the instruction's amount, or for swap_all
 * (`whole_balance`) the trader's balance of the input mint, once its account is checked,
 * less the instruction's `keep`. Refusals in order: account count, data length, signer, a
 * zero amount (swap, before any account is read), the pool and its vaults, the trader's
 * accounts, a balance of at most `keep` (swap_all: nothing to swap, ZeroAmount), a short
 * balance (swap), empty reserves, overflow, nothing out, minimum out.
 */
/* Inlined into each caller so `whole_balance` folds away: swap costs what it cost before
 * swap_all shared its body (4,785 units; a shared call cost 42 more). */
static inline __attribute__((always_inline)) u64 execute_swap(SolParameters *params,
                                                             bool whole_balance) {
  if (params->account_count < 7) return ERROR_NOT_ENOUGH_ACCOUNTS;
  if (params->data_len < 17) return ERROR_INVALID_INSTRUCTION;
  SolAccountInfo *trader = &params->accounts[0], *pool_info = &params->accounts[1],
                 *vault_in = &params->accounts[2], *vault_out = &params->accounts[3],
                 *trader_in = &params->accounts[4], *trader_out = &params->accounts[5];
  u64 amount_in = whole_balance ? 0 : read_u64(params->data + 1);
  u64 min_out = read_u64(params->data + (whole_balance ? 1 : 9));
  u64 keep = whole_balance ? read_u64(params->data + 9) : 0;

  if (!trader->is_signer) return ERROR_MISSING_SIGNATURE;
  if (!whole_balance && amount_in == 0) return ERROR_ZERO_AMOUNT;
  TRY(check_record(pool_info, params->program_id, ACCOUNT_POOL, sizeof(Pool)));
  Pool *pool = (Pool *)pool_info->data;
  bool a_to_b;
  if (pubkey_eq(vault_in->key, &pool->vault_a) && pubkey_eq(vault_out->key, &pool->vault_b))
    a_to_b = true;
  else if (pubkey_eq(vault_in->key, &pool->vault_b) && pubkey_eq(vault_out->key, &pool->vault_a))
    a_to_b = false;
  else
    return ERROR_WRONG_ACCOUNT;
  const SolPubkey *mint_in = a_to_b ? &pool->mint_a : &pool->mint_b;
  const SolPubkey *mint_out = a_to_b ? &pool->mint_b : &pool->mint_a;
  TRY(check_token_account(trader_in, mint_in, trader->key));
  TRY(check_token_account(trader_out, mint_out, trader->key));
  if (whole_balance) {
    u64 balance = token_amount(trader_in);
    if (balance <= keep) return ERROR_ZERO_AMOUNT;
    amount_in = balance - keep;
  } else if (token_amount(trader_in) < amount_in) {
    return ERROR_INSUFFICIENT_TOKENS;
  }

  u64 reserve_in = token_amount(vault_in), reserve_out = token_amount(vault_out);
  if (reserve_in == 0 || reserve_out == 0) return ERROR_INSUFFICIENT_LIQUIDITY;
  /* Fee rounds up, output rounds down: both against the trader. */
  u64 fee, amount_out, denominator;
  if (!mul_div_ceil(amount_in, pool->fee_bps, BPS_DENOMINATOR, &fee)) return ERROR_MATH_OVERFLOW;
  u64 net_in = amount_in - fee;
  if (!add_u64(reserve_in, net_in, &denominator)) return ERROR_MATH_OVERFLOW;
  if (!mul_div_floor(net_in, reserve_out, denominator, &amount_out)) return ERROR_MATH_OVERFLOW;
  if (amount_out == 0) return ERROR_ZERO_AMOUNT;
  if (amount_out < min_out) return ERROR_SLIPPAGE_EXCEEDED;

  TRY(token_transfer(trader_in, vault_in, trader, amount_in, NULL));
  PdaSeeds seeds = pool_seeds(&pool->authority, &pool->mint_a, &pool->mint_b, &pool->bump);
  TRY(token_transfer(vault_out, trader_out, pool_info, amount_out, &seeds));
  pool->swap_count += 1;

  /* swap_all emits the swap event: its amount_in is what it took (the balance less keep). */
  u8 buffer[128];
  EventWriter event = event_begin(buffer, EVENT_SWAP);
  put_pubkey(&event, pool_info->key);
  put_pubkey(&event, trader->key);
  put_u8(&event, a_to_b);
  put_u64(&event, amount_in);
  put_u64(&event, amount_out);
  put_u64(&event, fee);
  put_u64(&event, token_amount(a_to_b ? vault_in : vault_out));
  put_u64(&event, token_amount(a_to_b ? vault_out : vault_in));
  put_u64(&event, pool->swap_count);
  event_emit(&event);
  return 0;
}

static u64 swap(SolParameters *params) { return execute_swap(params, false); }

static u64 swap_all(SolParameters *params) { return execute_swap(params, true); }

u64 entrypoint(const u8 *input) {
  SolParameters params;
  if (!deserialize(input, &params)) return ERROR_TOO_MANY_ACCOUNTS;
  if (params.data_len < 1) return ERROR_INVALID_INSTRUCTION;
  u8 tag = params.data[0];
  if (tag == POOL_INITIALIZE) return initialize(&params);
  if (tag == POOL_ADD_LIQUIDITY) return add_liquidity(&params);
  if (tag == POOL_SWAP) return swap(&params);
  if (tag == POOL_SWAP_ALL) return swap_all(&params);
  return ERROR_INVALID_INSTRUCTION;
}
