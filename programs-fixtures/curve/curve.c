/*
 * curve — trading a launch on its bonding curve.
 *
 * Prices follow a constant product on virtual reserves (virtual_primary × virtual_dna).
 * A trade is denominated in DNA units but settled in the recipe's components: a buy
 * deposits, per component, ⌈dna·quantity/10^9⌉ for the cost and again for the fee; a sell
 * withdraws ⌊net·quantity/10^9⌋. Every rounding goes against the trader, so the vaults
 * always hold at least the real DNA reserve's worth of every component plus the fees.
 * When the curve inventory is sold out the curve completes and tells the launch program.
 *
 *   initialize   payer, launch (signer: only the launch program), curve, primary_mint,
 *                primary_vault, system, token, then (component mint, vault) per component
 *   buy/sell     trader, curve, launch, launch_program, primary_vault, trader_primary,
 *                token, then (trader component account, vault) per component
 *   release      launch (signer), curve, vault, destination, token — migration only
 *
 * Trades' data is tag, then two u64 arguments (buy_exact_out: amount, max_dna_in and an
 * optional min_out; buy_exact_in: budget, min_out; sell: amount, min_dna_out).
 * Release's data is tag, component index, then an optional `whole` byte: 0 (or absent, a
 * pair launch's migration) hands over the reserve and leaves the fees in the vault; 1 (a
 * collectible's fund crank) hands over everything, fees included, because a collectible's
 * whole raise pays for its card and its pool. fee_amount keeps the fees' history either way.
 */
#include "basket.h"

static PdaSeeds curve_seeds(const SolPubkey *launch, const u8 *bump) {
  PdaSeeds seeds = {{{(const u8 *)"curve", 5}, {launch->x, 32}, {bump, 1}}, 3};
  return seeds;
}

static PdaSeeds vault_seeds(const SolPubkey *curve, const SolPubkey *mint, const u8 *bump) {
  PdaSeeds seeds = {{{(const u8 *)"vault", 5}, {curve->x, 32}, {mint->x, 32}, {bump, 1}}, 4};
  return seeds;
}

/* The launch program signs for its launch PDA; nobody else can produce that signature. */
static u64 check_launch_signer(const SolAccountInfo *launch) {
  if (!launch->is_signer) return ERROR_MISSING_SIGNATURE;
  return check_record(launch, &LAUNCH_PROGRAM_ID, ACCOUNT_LAUNCH, sizeof(Launch));
}

#define INITIALIZE_FIXED_LEN 32
#define INITIALIZE_COMPONENT_LEN 9

static u64 initialize(SolParameters *params) {
  if (params->data_len < INITIALIZE_FIXED_LEN) return ERROR_INVALID_INSTRUCTION;
  const u8 *data = params->data;
  u8 curve_bump = data[1], primary_vault_bump = data[2], count = data[3];
  u16 fee_bps = read_u16(data + 4), share_bps = read_u16(data + 6);
  u64 virtual_primary = read_u64(data + 8), virtual_dna = read_u64(data + 16);
  u64 inventory = read_u64(data + 24);
  if (count < 1 || count > MAX_COMPONENTS) return ERROR_INVALID_RECIPE;
  if (params->data_len < INITIALIZE_FIXED_LEN + count * INITIALIZE_COMPONENT_LEN)
    return ERROR_INVALID_INSTRUCTION;
  if (params->account_count < 7 + 2 * (u64)count) return ERROR_NOT_ENOUGH_ACCOUNTS;
  if (fee_bps > MAX_FEE_BPS || share_bps > BPS_DENOMINATOR) return ERROR_INVALID_FEE;
  if (inventory == 0 || virtual_dna == 0 || virtual_primary <= inventory)
    return ERROR_INVALID_CURVE_PARAMETERS;

  SolAccountInfo *payer = &params->accounts[0], *launch = &params->accounts[1],
                 *curve_info = &params->accounts[2], *primary_mint = &params->accounts[3],
                 *primary_vault = &params->accounts[4];
  TRY(check_launch_signer(launch));
  PdaSeeds seeds = curve_seeds(launch->key, &curve_bump);
  TRY(verify_pda(curve_info->key, &seeds, params->program_id));
  PdaSeeds primary_seeds = vault_seeds(curve_info->key, primary_mint->key, &primary_vault_bump);
  TRY(verify_pda(primary_vault->key, &primary_seeds, params->program_id));

  TRY(create_pda_account(payer, curve_info, sizeof(Curve), params->program_id, &seeds));
  TRY(create_token_vault(payer, primary_vault, primary_mint, curve_info->key, &primary_seeds));

  Curve *curve = (Curve *)curve_info->data;
  curve->account_type = ACCOUNT_CURVE;
  curve->bump = curve_bump;
  curve->component_count = count;
  curve->primary_vault_bump = primary_vault_bump;
  curve->fee_bps = fee_bps;
  curve->creator_fee_share_bps = share_bps;
  pubkey_copy(&curve->launch, launch->key);
  pubkey_copy(&curve->primary_mint, primary_mint->key);
  pubkey_copy(&curve->primary_vault, primary_vault->key);
  curve->virtual_primary = virtual_primary;
  curve->virtual_dna = virtual_dna;
  curve->inventory_initial = inventory;
  curve->inventory_remaining = inventory;

  for (u8 i = 0; i < count; i++) {
    const u8 *entry = data + INITIALIZE_FIXED_LEN + i * INITIALIZE_COMPONENT_LEN;
    SolAccountInfo *mint = &params->accounts[7 + 2 * i], *vault = &params->accounts[8 + 2 * i];
    u64 quantity = read_u64(entry + 1);
    if (quantity == 0) return ERROR_INVALID_RECIPE;
    TRY(check_mint(mint));
    PdaSeeds component_seeds = vault_seeds(curve_info->key, mint->key, &entry[0]);
    TRY(verify_pda(vault->key, &component_seeds, params->program_id));
    TRY(create_token_vault(payer, vault, mint, curve_info->key, &component_seeds));
    CurveComponent *component = &curve->components[i];
    pubkey_copy(&component->mint, mint->key);
    pubkey_copy(&component->vault, vault->key);
    component->quantity = quantity;
    component->vault_bump = entry[0];
  }
  return 0;
}

/* The accounts of a buy or a sell, checked against the curve record. */
typedef struct {
  SolAccountInfo *trader, *curve_info, *launch, *primary_vault, *trader_primary;
  SolAccountInfo *trader_components[MAX_COMPONENTS], *vaults[MAX_COMPONENTS];
  /* Bit i: the trader has no token account for component i yet (it holds none of it). */
  u8 missing_components;
  Curve *curve;
} TradeAccounts;

/* An address nobody created yet: the system program owns it and it holds no data. */
static inline bool is_uncreated(const SolAccountInfo *account) {
  return account->data_len == 0 && pubkey_eq(account->owner, &SYSTEM_PROGRAM_ID);
}

/* The trader's balance of component `i`; an account not created yet holds none. */
static inline u64 component_held(const TradeAccounts *t, u8 i) {
  return (t->missing_components & (1 << i)) ? 0 : token_amount(t->trader_components[i]);
}

static u64 load_trade(SolParameters *params, TradeAccounts *t) {
  if (params->account_count < 7) return ERROR_NOT_ENOUGH_ACCOUNTS;
  t->trader = &params->accounts[0];
  t->curve_info = &params->accounts[1];
  t->launch = &params->accounts[2];
  t->primary_vault = &params->accounts[4];
  t->trader_primary = &params->accounts[5];
  if (!t->trader->is_signer) return ERROR_MISSING_SIGNATURE;
  TRY(check_record(t->curve_info, params->program_id, ACCOUNT_CURVE, sizeof(Curve)));
  Curve *curve = (Curve *)t->curve_info->data;
  t->curve = curve;
  if (params->account_count < 7 + 2 * (u64)curve->component_count)
    return ERROR_NOT_ENOUGH_ACCOUNTS;
  if (!pubkey_eq(t->launch->key, &curve->launch)) return ERROR_WRONG_ACCOUNT;
  if (!pubkey_eq(params->accounts[3].key, &LAUNCH_PROGRAM_ID)) return ERROR_WRONG_ACCOUNT;
  if (!pubkey_eq(t->primary_vault->key, &curve->primary_vault)) return ERROR_WRONG_ACCOUNT;
  TRY(check_token_account(t->trader_primary, &curve->primary_mint, t->trader->key));
  t->missing_components = 0;
  for (u8 i = 0; i < curve->component_count; i++) {
    t->trader_components[i] = &params->accounts[7 + 2 * i];
    t->vaults[i] = &params->accounts[8 + 2 * i];
    if (!pubkey_eq(t->vaults[i]->key, &curve->components[i].vault)) return ERROR_WRONG_ACCOUNT;
    /* A buy whose setup has not landed yet names accounts that do not exist: that is a
     * trader holding none of the component (InsufficientComponents), not a wrong account. */
    if (is_uncreated(t->trader_components[i])) {
      t->missing_components |= (u8)(1 << i);
      continue;
    }
    TRY(check_token_account(t->trader_components[i], &curve->components[i].mint,
                            t->trader->key));
  }
  if (curve->complete) return ERROR_CURVE_COMPLETE;
  return 0;
}

/* Splits a fee amount: the creator's share rounds down, the protocol keeps the rest. */
static u64 creator_part(u64 fee, u16 share_bps, u64 *out) {
  return mul_div_floor(fee, share_bps, BPS_DENOMINATOR, out) ? 0 : ERROR_MATH_OVERFLOW;
}

typedef struct {
  u8 direction; /* 0 buy, 1 sell */
  u64 primary_amount;
  u64 dna_amount; /* the curve cost of a buy, the gross output of a sell */
  u64 fee_dna;
  u64 creator_fee_dna;
  u64 component_amounts[MAX_COMPONENTS]; /* deposited (fee included) or withdrawn */
  u64 component_fees[MAX_COMPONENTS];
} TradeResult;

static void emit_trade(const TradeAccounts *t, const TradeResult *r) {
  const Curve *curve = t->curve;
  u8 buffer[240];
  EventWriter event = event_begin(buffer, EVENT_TRADE);
  put_pubkey(&event, t->launch->key);
  put_pubkey(&event, t->trader->key);
  put_u8(&event, r->direction);
  put_u64(&event, r->primary_amount);
  put_u64(&event, r->dna_amount);
  put_u64(&event, r->fee_dna);
  put_u64(&event, r->creator_fee_dna);
  put_u64(&event, curve->virtual_primary);
  put_u64(&event, curve->virtual_dna);
  put_u64(&event, curve->inventory_remaining);
  put_u64(&event, curve->real_dna);
  put_u64(&event, curve->trade_count);
  put_u64(&event, (u64)clock_unix_timestamp());
  put_u8(&event, curve->component_count);
  for (u8 i = 0; i < curve->component_count; i++) {
    put_u64(&event, r->component_amounts[i]);
    put_u64(&event, r->component_fees[i]);
  }
  event_emit(&event);
}

/* Completion: the launch program moves the launch to graduationPending. */
static u64 complete_curve(TradeAccounts *t) {
  Curve *curve = t->curve;
  curve->complete = 1;
  u8 data[1] = {LAUNCH_MARK_COMPLETE};
  SolAccountMeta metas[2];
  /* Writable: the curve just set its complete flag, and a CPI must carry that change. */
  meta_of(&metas[0], t->curve_info, true, true);
  meta_of(&metas[1], t->launch, true, false);
  SolAccountInfo infos[2] = {*t->curve_info, *t->launch};
  SolInstruction ix = {&LAUNCH_PROGRAM_ID, metas, 2, data, 1};
  PdaSeeds seeds = curve_seeds(&curve->launch, &curve->bump);
  SolSignerSeeds signer = signer_of(&seeds);
  return sol_invoke_signed_c(&ix, infos, 2, &signer, 1);
}

/* Settles a buy of `amount` launch tokens whose curve cost is `cost` DNA units. */
static u64 settle_buy(TradeAccounts *t, u64 amount, u64 cost, u64 max_dna_in) {
  Curve *curve = t->curve;
  TradeResult r;
  sol_memset_(&r, 0, sizeof(r));
  r.direction = 0;
  r.primary_amount = amount;
  r.dna_amount = cost;
  u64 total;
  if (!mul_div_ceil(cost, curve->fee_bps, BPS_DENOMINATOR, &r.fee_dna)) return ERROR_MATH_OVERFLOW;
  if (!add_u64(cost, r.fee_dna, &total)) return ERROR_MATH_OVERFLOW;
  if (total > max_dna_in) return ERROR_SLIPPAGE_EXCEEDED;
  TRY(creator_part(r.fee_dna, curve->creator_fee_share_bps, &r.creator_fee_dna));

  for (u8 i = 0; i < curve->component_count; i++) {
    u64 q = curve->components[i].quantity, for_cost;
    if (!mul_div_ceil(cost, q, DNA_UNITS_PER_DNA, &for_cost) ||
        !mul_div_ceil(r.fee_dna, q, DNA_UNITS_PER_DNA, &r.component_fees[i]) ||
        !add_u64(for_cost, r.component_fees[i], &r.component_amounts[i]))
      return ERROR_MATH_OVERFLOW;
    if (component_held(t, i) < r.component_amounts[i]) return ERROR_INSUFFICIENT_COMPONENTS;
  }
  if (token_amount(t->primary_vault) < amount) return ERROR_INSUFFICIENT_LIQUIDITY;

  for (u8 i = 0; i < curve->component_count; i++) {
    CurveComponent *component = &curve->components[i];
    u64 creator_fee;
    TRY(creator_part(r.component_fees[i], curve->creator_fee_share_bps, &creator_fee));
    if (!add_u64(component->fee_amount, r.component_fees[i], &component->fee_amount) ||
        !add_u64(component->creator_fee_amount, creator_fee, &component->creator_fee_amount))
      return ERROR_MATH_OVERFLOW;
    TRY(token_transfer(t->trader_components[i], t->vaults[i], t->trader, r.component_amounts[i],
                       NULL));
  }
  PdaSeeds seeds = curve_seeds(&curve->launch, &curve->bump);
  TRY(token_transfer(t->primary_vault, t->trader_primary, t->curve_info, amount, &seeds));

  curve->virtual_primary -= amount;
  curve->inventory_remaining -= amount;
  if (!add_u64(curve->virtual_dna, cost, &curve->virtual_dna) ||
      !add_u64(curve->real_dna, cost, &curve->real_dna) ||
      !add_u64(curve->fee_dna_total, r.fee_dna, &curve->fee_dna_total) ||
      !add_u64(curve->creator_fee_dna, r.creator_fee_dna, &curve->creator_fee_dna))
    return ERROR_MATH_OVERFLOW;
  curve->trade_count += 1;
  emit_trade(t, &r);
  if (curve->inventory_remaining == 0) TRY(complete_curve(t));
  return 0;
}

/* cost(n) = ⌈n·vD/(vP−n)⌉ DNA units; vP − n > 0 because n ≤ inventory < vP. */
static u64 buy_cost(const Curve *curve, u64 amount, u64 *cost) {
  return mul_div_ceil(amount, curve->virtual_dna, curve->virtual_primary - amount, cost)
             ? 0
             : ERROR_MATH_OVERFLOW;
}

static u64 buy_exact_out(SolParameters *params) {
  if (params->data_len < 17) return ERROR_INVALID_INSTRUCTION;
  u64 amount = read_u64(params->data + 1), max_dna_in = read_u64(params->data + 9);
  /* The least the buyer takes once clamped (absent: 0, any clamp): a quote's floor, which
   * other buys landing first could otherwise cut to whatever inventory they left. */
  u64 min_out = params->data_len >= 25 ? read_u64(params->data + 17) : 0;
  TradeAccounts t;
  TRY(load_trade(params, &t));
  if (amount == 0) return ERROR_ZERO_AMOUNT;
  /* A buy past the end of the curve is clamped to what is left. */
  if (amount > t.curve->inventory_remaining) amount = t.curve->inventory_remaining;
  if (amount < min_out) return ERROR_SLIPPAGE_EXCEEDED;
  u64 cost;
  TRY(buy_cost(t.curve, amount, &cost));
  return settle_buy(&t, amount, cost, max_dna_in);
}

static u64 buy_exact_in(SolParameters *params) {
  if (params->data_len < 17) return ERROR_INVALID_INSTRUCTION;
  u64 budget = read_u64(params->data + 1), min_out = read_u64(params->data + 9);
  TradeAccounts t;
  TRY(load_trade(params, &t));
  Curve *curve = t.curve;
  if (budget == 0) return ERROR_ZERO_AMOUNT;
  /* The largest cost c with c + ⌈c·fee/10^4⌉ ≤ budget is ⌊budget·10^4/(10^4+fee)⌋. */
  u64 max_cost, amount, denominator, cost;
  if (!mul_div_floor(budget, BPS_DENOMINATOR, BPS_DENOMINATOR + curve->fee_bps, &max_cost))
    return ERROR_MATH_OVERFLOW;
  /* The most tokens whose cost stays within c: ⌊c·vP/(vD+c)⌋. */
  if (!add_u64(curve->virtual_dna, max_cost, &denominator) ||
      !mul_div_floor(max_cost, curve->virtual_primary, denominator, &amount))
    return ERROR_MATH_OVERFLOW;
  if (amount > curve->inventory_remaining) amount = curve->inventory_remaining;
  if (amount == 0) return ERROR_ZERO_AMOUNT;
  if (amount < min_out) return ERROR_SLIPPAGE_EXCEEDED;
  TRY(buy_cost(curve, amount, &cost));
  return settle_buy(&t, amount, cost, budget);
}

static u64 sell(SolParameters *params) {
  if (params->data_len < 17) return ERROR_INVALID_INSTRUCTION;
  u64 amount = read_u64(params->data + 1), min_dna_out = read_u64(params->data + 9);
  TradeAccounts t;
  TRY(load_trade(params, &t));
  Curve *curve = t.curve;
  /* A sell pays components out: every account must exist to receive them. */
  if (t.missing_components) return ERROR_WRONG_ACCOUNT_OWNER;
  if (amount == 0) return ERROR_ZERO_AMOUNT;
  if (token_amount(t.trader_primary) < amount) return ERROR_INSUFFICIENT_TOKENS;
  u64 remaining_after, denominator;
  if (!add_u64(curve->inventory_remaining, amount, &remaining_after) ||
      remaining_after > curve->inventory_initial)
    return ERROR_INSUFFICIENT_LIQUIDITY;

  TradeResult r;
  sol_memset_(&r, 0, sizeof(r));
  r.direction = 1;
  r.primary_amount = amount;
  /* out = ⌊n·vD/(vP+n)⌋; the fee ⌈out·fee/10^4⌉ is taken off it. */
  if (!add_u64(curve->virtual_primary, amount, &denominator) ||
      !mul_div_floor(amount, curve->virtual_dna, denominator, &r.dna_amount) ||
      !mul_div_ceil(r.dna_amount, curve->fee_bps, BPS_DENOMINATOR, &r.fee_dna))
    return ERROR_MATH_OVERFLOW;
  if (r.dna_amount > curve->real_dna) return ERROR_INSUFFICIENT_LIQUIDITY;
  u64 net = r.dna_amount - r.fee_dna;
  if (net == 0) return ERROR_ZERO_AMOUNT;
  if (net < min_dna_out) return ERROR_SLIPPAGE_EXCEEDED;
  TRY(creator_part(r.fee_dna, curve->creator_fee_share_bps, &r.creator_fee_dna));

  for (u8 i = 0; i < curve->component_count; i++) {
    u64 q = curve->components[i].quantity;
    if (!mul_div_floor(net, q, DNA_UNITS_PER_DNA, &r.component_amounts[i]) ||
        !mul_div_floor(r.fee_dna, q, DNA_UNITS_PER_DNA, &r.component_fees[i]))
      return ERROR_MATH_OVERFLOW;
    if (token_amount(t.vaults[i]) < r.component_amounts[i]) return ERROR_INSUFFICIENT_LIQUIDITY;
  }

  TRY(token_transfer(t.trader_primary, t.primary_vault, t.trader, amount, NULL));
  PdaSeeds seeds = curve_seeds(&curve->launch, &curve->bump);
  for (u8 i = 0; i < curve->component_count; i++) {
    CurveComponent *component = &curve->components[i];
    u64 creator_fee;
    TRY(creator_part(r.component_fees[i], curve->creator_fee_share_bps, &creator_fee));
    component->fee_amount += r.component_fees[i];
    component->creator_fee_amount += creator_fee;
    if (r.component_amounts[i])
      TRY(token_transfer(t.vaults[i], t.trader_components[i], t.curve_info,
                         r.component_amounts[i], &seeds));
  }

  curve->virtual_primary = denominator;
  curve->virtual_dna -= r.dna_amount;
  curve->real_dna -= r.dna_amount;
  curve->inventory_remaining = remaining_after;
  curve->fee_dna_total += r.fee_dna;
  curve->creator_fee_dna += r.creator_fee_dna;
  curve->trade_count += 1;
  emit_trade(&t, &r);
  return 0;
}

/* Migration: hands a component's reserve (fees stay behind unless `whole`) to the launch. */
static u64 release(SolParameters *params) {
  if (params->account_count < 5) return ERROR_NOT_ENOUGH_ACCOUNTS;
  if (params->data_len < 2) return ERROR_INVALID_INSTRUCTION;
  u8 index = params->data[1];
  bool whole = params->data_len >= 3 && params->data[2] == 1;
  SolAccountInfo *launch = &params->accounts[0], *curve_info = &params->accounts[1],
                 *vault = &params->accounts[2], *destination = &params->accounts[3];
  TRY(check_launch_signer(launch));
  TRY(check_record(curve_info, params->program_id, ACCOUNT_CURVE, sizeof(Curve)));
  Curve *curve = (Curve *)curve_info->data;
  if (!pubkey_eq(launch->key, &curve->launch)) return ERROR_WRONG_ACCOUNT;
  if (!curve->complete) return ERROR_CURVE_NOT_COMPLETE;
  if (index >= curve->component_count) return ERROR_INVALID_INSTRUCTION;
  CurveComponent *component = &curve->components[index];
  if (component->released) return ERROR_COMPONENT_ALREADY_MIGRATED;
  if (!pubkey_eq(vault->key, &component->vault)) return ERROR_WRONG_ACCOUNT;
  u64 held = token_amount(vault);
  u64 amount = whole ? held : held > component->fee_amount ? held - component->fee_amount : 0;
  component->released = 1;
  PdaSeeds seeds = curve_seeds(&curve->launch, &curve->bump);
  if (amount) TRY(token_transfer(vault, destination, curve_info, amount, &seeds));
  return 0;
}

u64 entrypoint(const u8 *input) {
  SolParameters params;
  if (!deserialize(input, &params)) return ERROR_TOO_MANY_ACCOUNTS;
  if (params.data_len < 1) return ERROR_INVALID_INSTRUCTION;
  u8 tag = params.data[0];
  if (tag == CURVE_INITIALIZE) return initialize(&params);
  if (tag == CURVE_BUY_EXACT_OUT) return buy_exact_out(&params);
  if (tag == CURVE_BUY_EXACT_IN) return buy_exact_in(&params);
  if (tag == CURVE_SELL) return sell(&params);
  if (tag == CURVE_RELEASE) return release(&params);
  return ERROR_INVALID_INSTRUCTION;
}
