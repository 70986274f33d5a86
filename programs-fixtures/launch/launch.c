/*
 * launch — the registry and lifecycle of basket launches.
 *
 *   create         creator, launch, mint, migration_vault, curve, curve_primary_vault,
 *                  system, token, curve_program, then (component mint, curve vault) each
 *   mark_complete  curve (signer: only the curve program), launch
 *   migrate        payer, launch, migration_vault, curve, curve_program, pool,
 *                  pool_vault_primary, pool_vault_component, primary_mint, component_mint,
 *                  curve_component_vault, pool_program, system, token
 *
 * Create mints the whole supply at once — the curve inventory to the curve's vault, the
 * migration inventory to a vault of the launch — then revokes the mint authority, so the
 * supply is fixed on chain. Migration is a permissionless crank, one component per call
 * (each call creates one pair pool), moving activeBonding → graduationPending (set by the
 * curve on completion) → migrating → graduated.
 *
 * Collectibles. A launch of kind collectibles whose recipe is wrapped SOL alone raises SOL
 * for one graded card (layout.h `Collectible`, PDA ["collectible", launch]; token accounts
 * escrow/custody/funds/usdc, PDAs [name, launch], authority the launch). Accounts marked
 * (w) are writable, (s) signers; data integers little-endian.
 *
 *   list_card (3)  creator (w,s: the launch's creator, pays), seller (s), launch,
 *                  collectible (w), card_mint, seller_card (w), escrow (w), custody (w),
 *                  funds (w), usdc (w), native_mint, usdc_mint, seller_usdc, treasury_usdc,
 *                  venue (the pool program's wSOL↔USDC pool), system, token
 *                  data (63): tag, bumps of collectible/escrow/custody/funds/usdc (5 × u8),
 *                  standard u8 (0 pnft, 1 core), listed_price_usdc u64, target_lamports
 *                  u64, pool_lamports u64, custodian pubkey
 *                  At activeBonding only; the card mint has supply 1 and 0 decimals; the
 *                  card moves seller_card → escrow. Emits collectibleListed.
 *   mark_complete  of a collectibles launch also emits collectibleStage `funding` (zero
 *                  accounting): the curve names only itself and the launch, so the record
 *                  keeps `raising` while the launch is graduationPending (= funding).
 *   collectible_fund (4)  launch (w), collectible (w), curve (w), curve_program,
 *                  curve_wsol_vault (w), funds (w), token; data: tag
 *                  At funding: the curve releases its whole wSOL vault, fees included,
 *                  into funds (fundedLamports; must exceed pool_lamports); status →
 *                  migrating. Emits statusChanged and collectibleStage `swapping`.
 *   collectible_swap (5)  launch, collectible (w), venue (w), venue_wsol_vault (w),
 *                  venue_usdc_vault (w), funds (w), usdc (w), pool_program, token; data: tag
 *                  At swapping: swaps wsolIn = fundedLamports − pool_lamports on the venue
 *                  named at listing, min out = listed price (the pool refuses less:
 *                  SlippageExceeded); usdcOut = what usdc gained. Emits `acquiring`.
 *   collectible_acquire (6)  launch, collectible (w), escrow (w), custody (w), usdc (w),
 *                  seller_usdc (w), treasury_usdc (w), token; data: tag
 *                  At acquiring: card escrow → custody, listed price → seller_usdc, the
 *                  surplus usdcOut − price → treasury_usdc. Emits `pooling`.
 *   migrate (2)    of a collectibles launch: migrate's 14 accounts with funds (w) in place
 *                  of curve_component_vault (index 10; component_mint = native mint), then
 *                  collectible (w); data as migrate, index 0. At pooling: creates the
 *                  launch↔wSOL pool (mint A the launch mint, mint B wrapped SOL) with the
 *                  whole migration inventory and exactly pool_lamports from funds; status →
 *                  graduated. Emits migrationStep, statusChanged and `tradable`.
 *   release_card (7)  custodian (s), launch, collectible (w), custody (w), destination (w:
 *                  any token account of the card mint), token; data: tag
 *                  While custody holds the card: custody → destination. Emits cardReleased.
 *
 * What funds or usdc held before a step (anyone may send tokens there) is never counted:
 * each figure is the step's own movement, so the accounting adds up to the lamport.
 */
#include "basket.h"

static PdaSeeds launch_seeds(const SolPubkey *creator, const u8 *seed_le, const u8 *bump) {
  PdaSeeds seeds = {{{(const u8 *)"launch", 6}, {creator->x, 32}, {seed_le, 8}, {bump, 1}}, 4};
  return seeds;
}

static PdaSeeds launch_child_seeds(const char *name, u64 name_len, const SolPubkey *launch,
                                   const u8 *bump) {
  PdaSeeds seeds = {{{(const u8 *)name, name_len}, {launch->x, 32}, {bump, 1}}, 3};
  return seeds;
}

static PdaSeeds signer_seeds_of(const Launch *launch) {
  return launch_seeds(&launch->creator, (const u8 *)&launch->seed, &launch->bump);
}

static void emit_status(const SolPubkey *launch, u8 old_status, u8 new_status) {
  u8 buffer[48];
  EventWriter event = event_begin(buffer, EVENT_STATUS_CHANGED);
  put_pubkey(&event, launch);
  put_u8(&event, old_status);
  put_u8(&event, new_status);
  put_u64(&event, (u64)clock_unix_timestamp());
  event_emit(&event);
}

/*
 * collectibleStage (src/programs/collectible-stage-event.ts): the stage and the record's
 * whole accounting after the step; `record` is NULL at funding (mark_complete cannot read
 * the record, and nothing is accounted yet). The venue is named once the swap used it.
 */
static void emit_stage(const SolPubkey *launch, u8 stage, const Collectible *record) {
  static const u64 zero_key[4] = {0, 0, 0, 0};
  u8 buffer[120];
  EventWriter event = event_begin(buffer, EVENT_COLLECTIBLE_STAGE);
  put_pubkey(&event, launch);
  put_u8(&event, stage);
  put_u64(&event, (u64)clock_unix_timestamp());
  put_u64(&event, record ? record->funded_lamports : 0);
  put_u64(&event, record ? record->wsol_in : 0);
  put_u64(&event, record ? record->usdc_out : 0);
  put_u64(&event, record ? record->spent_usdc : 0);
  put_u64(&event, record ? record->surplus_usdc : 0);
  put_pubkey(&event, record && stage >= STAGE_ACQUIRING ? &record->venue
                                                        : (const SolPubkey *)zero_key);
  event_emit(&event);
}

/* Symbol ^[A-Z0-9]{2,10}$, name 1–64 bytes, uri at most 128 bytes. */
static u64 check_metadata(const u8 *symbol, u8 symbol_len, u8 name_len, u8 uri_len) {
  if (symbol_len < MIN_SYMBOL_LEN || symbol_len > MAX_SYMBOL_LEN) return ERROR_INVALID_METADATA;
  for (u8 i = 0; i < symbol_len; i++) {
    u8 c = symbol[i];
    if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return ERROR_INVALID_METADATA;
  }
  if (name_len < 1 || name_len > MAX_NAME_LEN || uri_len > MAX_URI_LEN)
    return ERROR_INVALID_METADATA;
  return 0;
}

#define CREATE_FIXED_LEN 61
#define CREATE_COMPONENT_LEN 11

/* Instruction data of create, decoded: the variable tail is located, not copied. */
typedef struct {
  const u8 *seed_le;
  const u8 *bumps; /* launch, mint, migration vault, curve, curve primary vault */
  u8 decimals, kind, count;
  u16 fee_bps, share_bps;
  u64 virtual_primary, virtual_dna, curve_inventory, migration_inventory, dna_unit_lamports_e9;
  const u8 *components;
  const u8 *symbol, *name, *uri;
  u8 symbol_len, name_len, uri_len;
} CreateArgs;

static u64 decode_create(const u8 *data, u64 length, CreateArgs *a) {
  if (length < CREATE_FIXED_LEN) return ERROR_INVALID_INSTRUCTION;
  a->seed_le = data + 1;
  a->bumps = data + 9;
  a->decimals = data[14];
  a->kind = data[15];
  a->count = data[16];
  a->fee_bps = read_u16(data + 17);
  a->share_bps = read_u16(data + 19);
  a->virtual_primary = read_u64(data + 21);
  a->virtual_dna = read_u64(data + 29);
  a->curve_inventory = read_u64(data + 37);
  a->migration_inventory = read_u64(data + 45);
  a->dna_unit_lamports_e9 = read_u64(data + 53);
  if (a->count < 1 || a->count > MAX_COMPONENTS) return ERROR_INVALID_RECIPE;
  a->components = data + CREATE_FIXED_LEN;
  u64 offset = CREATE_FIXED_LEN + (u64)a->count * CREATE_COMPONENT_LEN;
  const u8 *strings[3];
  u8 lengths[3];
  for (int i = 0; i < 3; i++) {
    if (offset + 1 > length) return ERROR_INVALID_INSTRUCTION;
    lengths[i] = data[offset];
    strings[i] = data + offset + 1;
    offset += 1 + (u64)lengths[i];
    if (offset > length) return ERROR_INVALID_INSTRUCTION;
  }
  a->symbol = strings[0];
  a->symbol_len = lengths[0];
  a->name = strings[1];
  a->name_len = lengths[1];
  a->uri = strings[2];
  a->uri_len = lengths[2];
  return 0;
}

static u64 check_create_args(const CreateArgs *a) {
  TRY(check_metadata(a->symbol, a->symbol_len, a->name_len, a->uri_len));
  if (a->kind != KIND_PAIRS && a->kind != KIND_COLLECTIBLES) return ERROR_INVALID_KIND;
  if (a->fee_bps > MAX_FEE_BPS || a->share_bps > BPS_DENOMINATOR) return ERROR_INVALID_FEE;
  if (a->decimals > 9 || a->curve_inventory == 0 || a->migration_inventory == 0 ||
      a->virtual_dna == 0 || a->virtual_primary <= a->curve_inventory)
    return ERROR_INVALID_CURVE_PARAMETERS;
  u64 total;
  if (!add_u64(a->curve_inventory, a->migration_inventory, &total))
    return ERROR_INVALID_CURVE_PARAMETERS;
  u64 bps_sum = 0;
  for (u8 i = 0; i < a->count; i++) {
    const u8 *entry = a->components + i * CREATE_COMPONENT_LEN;
    u16 target = read_u16(entry + 1);
    if (target == 0 || read_u64(entry + 3) == 0) return ERROR_INVALID_RECIPE;
    bps_sum += target;
  }
  return bps_sum == BPS_DENOMINATOR ? 0 : ERROR_INVALID_RECIPE;
}

static void write_launch(Launch *launch, const CreateArgs *a, SolParameters *params) {
  SolAccountInfo *accounts = params->accounts;
  launch->account_type = ACCOUNT_LAUNCH;
  launch->status = STATUS_ACTIVE_BONDING;
  launch->kind = a->kind;
  launch->bump = a->bumps[0];
  launch->mint_bump = a->bumps[1];
  launch->migration_vault_bump = a->bumps[2];
  launch->component_count = a->count;
  launch->decimals = a->decimals;
  launch->fee_bps = a->fee_bps;
  launch->creator_fee_share_bps = a->share_bps;
  pubkey_copy(&launch->creator, accounts[0].key);
  pubkey_copy(&launch->mint, accounts[2].key);
  pubkey_copy(&launch->migration_vault, accounts[3].key);
  pubkey_copy(&launch->curve, accounts[4].key);
  launch->seed = read_u64(a->seed_le);
  launch->total_supply = a->curve_inventory + a->migration_inventory;
  launch->curve_inventory = a->curve_inventory;
  launch->migration_inventory = a->migration_inventory;
  launch->virtual_primary = a->virtual_primary;
  launch->virtual_dna = a->virtual_dna;
  launch->created_at = clock_unix_timestamp();
  launch->dna_unit_lamports_e9 = a->dna_unit_lamports_e9;
  for (u8 i = 0; i < a->count; i++) {
    const u8 *entry = a->components + i * CREATE_COMPONENT_LEN;
    const SolAccountInfo *mint = &accounts[9 + 2 * i];
    LaunchComponent *component = &launch->components[i];
    pubkey_copy(&component->mint, mint->key);
    component->target_bps = read_u16(entry + 1);
    component->quantity = read_u64(entry + 3);
    component->decimals = mint->data[MINT_DECIMALS_OFFSET];
  }
  launch->symbol_len = a->symbol_len;
  launch->name_len = a->name_len;
  launch->uri_len = a->uri_len;
  sol_memcpy_(launch->symbol, a->symbol, a->symbol_len);
  sol_memcpy_(launch->name, a->name, a->name_len);
  if (a->uri_len) sol_memcpy_(launch->uri, a->uri, a->uri_len);
}

/* Opens the curve: the curve program creates its record and vaults, signed by the launch. */
static u64 initialize_curve(SolParameters *params, const CreateArgs *a, const PdaSeeds *seeds) {
  SolAccountInfo *accounts = params->accounts;
  u8 data[32 + MAX_COMPONENTS * 9];
  data[0] = CURVE_INITIALIZE;
  data[1] = a->bumps[3];
  data[2] = a->bumps[4];
  data[3] = a->count;
  write_u16(data + 4, a->fee_bps);
  write_u16(data + 6, a->share_bps);
  write_u64(data + 8, a->virtual_primary);
  write_u64(data + 16, a->virtual_dna);
  write_u64(data + 24, a->curve_inventory);
  for (u8 i = 0; i < a->count; i++) {
    const u8 *entry = a->components + i * CREATE_COMPONENT_LEN;
    data[32 + i * 9] = entry[0];
    sol_memcpy_(data + 33 + i * 9, entry + 3, 8);
  }
  /* creator, launch, curve, mint, curve primary vault, system, token, components... */
  const u8 order[7] = {0, 1, 4, 2, 5, 6, 7};
  const bool writable[7] = {true, true, true, false, true, false, false};
  const bool signer[7] = {true, true, false, false, false, false, false};
  SolAccountMeta metas[7 + 2 * MAX_COMPONENTS];
  SolAccountInfo infos[7 + 2 * MAX_COMPONENTS];
  SolAccountInfo *targets[7 + 2 * MAX_COMPONENTS];
  u64 count = 0;
  for (; count < 7; count++) {
    targets[count] = &accounts[order[count]];
    meta_of(&metas[count], targets[count], writable[count], signer[count]);
    infos[count] = *targets[count];
  }
  for (u8 i = 0; i < 2 * a->count; i++, count++) {
    targets[count] = &accounts[9 + i];
    meta_of(&metas[count], targets[count], (i & 1) == 1, false);
    infos[count] = *targets[count];
  }
  SolInstruction ix = {&CURVE_PROGRAM_ID, metas, count, data, 32 + (u64)a->count * 9};
  SolSignerSeeds signer_seeds = signer_of(seeds);
  u64 error = sol_invoke_signed_c(&ix, infos, (int)count, &signer_seeds, 1);
  /* The curve record and vaults were created in there. */
  sync_lengths(infos, targets, count);
  return error;
}

static void emit_created(const Launch *launch, const SolPubkey *key) {
  u8 buffer[680];
  EventWriter event = event_begin(buffer, EVENT_LAUNCH_CREATED);
  put_pubkey(&event, key);
  put_pubkey(&event, &launch->creator);
  put_pubkey(&event, &launch->mint);
  put_pubkey(&event, &launch->curve);
  put_pubkey(&event, &launch->migration_vault);
  put_u64(&event, launch->seed);
  put_u8(&event, launch->kind);
  put_u8(&event, launch->decimals);
  put_u16(&event, launch->fee_bps);
  put_u16(&event, launch->creator_fee_share_bps);
  put_u64(&event, launch->total_supply);
  put_u64(&event, launch->curve_inventory);
  put_u64(&event, launch->migration_inventory);
  put_u64(&event, launch->virtual_primary);
  put_u64(&event, launch->virtual_dna);
  put_u64(&event, launch->dna_unit_lamports_e9);
  put_u64(&event, (u64)launch->created_at);
  put_u8(&event, launch->component_count);
  for (u8 i = 0; i < launch->component_count; i++) {
    const LaunchComponent *component = &launch->components[i];
    put_pubkey(&event, &component->mint);
    put_u64(&event, component->quantity);
    put_u16(&event, component->target_bps);
    put_u8(&event, component->decimals);
  }
  put_bytes(&event, launch->symbol, launch->symbol_len);
  put_bytes(&event, launch->name, launch->name_len);
  put_bytes(&event, launch->uri, launch->uri_len);
  event_emit(&event);
}

static u64 create(SolParameters *params) {
  CreateArgs a;
  TRY(decode_create(params->data, params->data_len, &a));
  if (params->account_count < 9 + 2 * (u64)a.count) return ERROR_NOT_ENOUGH_ACCOUNTS;
  TRY(check_create_args(&a));
  SolAccountInfo *accounts = params->accounts;
  SolAccountInfo *creator = &accounts[0], *launch_info = &accounts[1], *mint = &accounts[2],
                 *migration_vault = &accounts[3], *curve_vault = &accounts[5];
  if (!creator->is_signer) return ERROR_MISSING_SIGNATURE;
  if (!pubkey_eq(accounts[8].key, &CURVE_PROGRAM_ID)) return ERROR_WRONG_ACCOUNT;
  for (u8 i = 0; i < a.count; i++) {
    SolAccountInfo *component_mint = &accounts[9 + 2 * i];
    TRY(check_mint(component_mint));
    for (u8 j = 0; j < i; j++)
      if (pubkey_eq(component_mint->key, accounts[9 + 2 * j].key)) return ERROR_INVALID_RECIPE;
  }

  PdaSeeds seeds = launch_seeds(creator->key, a.seed_le, &a.bumps[0]);
  TRY(verify_pda(launch_info->key, &seeds, params->program_id));
  PdaSeeds mint_seeds = launch_child_seeds("mint", 4, launch_info->key, &a.bumps[1]);
  TRY(verify_pda(mint->key, &mint_seeds, params->program_id));
  PdaSeeds vault_seeds = launch_child_seeds("migration", 9, launch_info->key, &a.bumps[2]);
  TRY(verify_pda(migration_vault->key, &vault_seeds, params->program_id));

  /* The record is written before any CPI: the curve checks it to trust the signature. */
  TRY(create_pda_account(creator, launch_info, sizeof(Launch), params->program_id, &seeds));
  Launch *launch = (Launch *)launch_info->data;
  write_launch(launch, &a, params);

  TRY(create_pda_account(creator, mint, MINT_SIZE, &TOKEN_PROGRAM_ID, &mint_seeds));
  TRY(token_initialize_mint(mint, a.decimals, launch_info->key));
  TRY(create_token_vault(creator, migration_vault, mint, launch_info->key, &vault_seeds));
  TRY(initialize_curve(params, &a, &seeds));
  TRY(token_mint_to(mint, curve_vault, launch_info, a.curve_inventory, &seeds));
  TRY(token_mint_to(mint, migration_vault, launch_info, a.migration_inventory, &seeds));
  TRY(token_revoke_mint_authority(mint, launch_info, &seeds));
  emit_created(launch, launch_info->key);
  return 0;
}

static u64 mark_complete(SolParameters *params) {
  if (params->account_count < 2) return ERROR_NOT_ENOUGH_ACCOUNTS;
  SolAccountInfo *curve = &params->accounts[0], *launch_info = &params->accounts[1];
  TRY(check_record(launch_info, params->program_id, ACCOUNT_LAUNCH, sizeof(Launch)));
  Launch *launch = (Launch *)launch_info->data;
  if (!pubkey_eq(curve->key, &launch->curve)) return ERROR_WRONG_ACCOUNT;
  if (!curve->is_signer) return ERROR_MISSING_SIGNATURE;
  if (launch->status != STATUS_ACTIVE_BONDING) return ERROR_INVALID_STATUS;
  launch->status = STATUS_GRADUATION_PENDING;
  launch->completed_at = clock_unix_timestamp();
  emit_status(launch_info->key, STATUS_ACTIVE_BONDING, STATUS_GRADUATION_PENDING);
  /* A collectible's raise is complete: it waits for the fund crank. */
  if (launch->kind == KIND_COLLECTIBLES) emit_stage(launch_info->key, STAGE_FUNDING, NULL);
  return 0;
}

/* Launch tokens for component `index`'s pair pool: its weight's share, the last takes the rest. */
static u64 migration_share(const Launch *launch, u8 index) {
  u64 given = 0;
  for (u8 i = 0; i < launch->component_count; i++) {
    u64 share = launch->migration_inventory / BPS_DENOMINATOR * launch->components[i].target_bps +
                launch->migration_inventory % BPS_DENOMINATOR * launch->components[i].target_bps /
                    BPS_DENOMINATOR;
    if (i == index) return i + 1 == launch->component_count ? launch->migration_inventory - given
                                                            : share;
    given += share;
  }
  return 0;
}

#define MIGRATE_ACCOUNTS 14

static inline __attribute__((always_inline)) void emit_migration_step(const SolPubkey *launch, u8 index, const SolPubkey *pool,
                                u64 primary_amount, u64 component_amount, u8 created_bits) {
  u8 buffer[100];
  EventWriter event = event_begin(buffer, EVENT_MIGRATION_STEP);
  put_pubkey(&event, launch);
  put_u8(&event, index);
  put_pubkey(&event, pool);
  put_u64(&event, primary_amount);
  put_u64(&event, component_amount);
  put_u8(&event, created_bits);
  event_emit(&event);
}

static u64 create_pair_pool(SolAccountInfo *a, const u8 *bumps, u16 fee_bps, const PdaSeeds *seeds) {
  u8 data[6] = {POOL_INITIALIZE, bumps[0], bumps[1], bumps[2], 0, 0};
  write_u16(data + 4, fee_bps);
  /* payer, authority (the launch), pool, mint_a, mint_b, vault_a, vault_b, system, token */
  const u8 order[9] = {0, 1, 5, 8, 9, 6, 7, 12, 13};
  const bool writable[9] = {true, true, true, false, false, true, true, false, false};
  const bool signer[9] = {true, true, false, false, false, false, false, false, false};
  SolAccountMeta metas[9];
  SolAccountInfo infos[9];
  SolAccountInfo *targets[9];
  for (int i = 0; i < 9; i++) {
    targets[i] = &a[order[i]];
    meta_of(&metas[i], targets[i], writable[i], signer[i]);
    infos[i] = *targets[i];
  }
  SolInstruction ix = {&POOL_PROGRAM_ID, metas, 9, data, sizeof(data)};
  SolSignerSeeds signer_seeds = signer_of(seeds);
  u64 error = sol_invoke_signed_c(&ix, infos, 9, &signer_seeds, 1);
  /* The pool record and its vaults were created in there. */
  sync_lengths(infos, targets, 9);
  return error;
}

static u64 release_component(SolAccountInfo *a, u8 index, const PdaSeeds *seeds) {
  u8 data[2] = {CURVE_RELEASE, index};
  /* launch, curve, curve component vault, pool component vault, token */
  const u8 order[5] = {1, 3, 10, 7, 13};
  const bool writable[5] = {true, true, true, true, false};
  SolAccountMeta metas[5];
  SolAccountInfo infos[5];
  for (int i = 0; i < 5; i++) {
    meta_of(&metas[i], &a[order[i]], writable[i], i == 0);
    infos[i] = a[order[i]];
  }
  SolInstruction ix = {&CURVE_PROGRAM_ID, metas, 5, data, sizeof(data)};
  SolSignerSeeds signer_seeds = signer_of(seeds);
  return sol_invoke_signed_c(&ix, infos, 5, &signer_seeds, 1);
}

static u64 migrate_collectible(SolParameters *params, Launch *launch);

static u64 migrate(SolParameters *params) {
  if (params->account_count < MIGRATE_ACCOUNTS) return ERROR_NOT_ENOUGH_ACCOUNTS;
  if (params->data_len < 5) return ERROR_INVALID_INSTRUCTION;
  SolAccountInfo *a = params->accounts;
  u8 index = params->data[1];
  const u8 *pool_bumps = params->data + 2;
  if (!a[0].is_signer) return ERROR_MISSING_SIGNATURE;
  TRY(check_record(&a[1], params->program_id, ACCOUNT_LAUNCH, sizeof(Launch)));
  Launch *launch = (Launch *)a[1].data;
  if (launch->kind == KIND_COLLECTIBLES) return migrate_collectible(params, launch);
  if (launch->status == STATUS_ACTIVE_BONDING) return ERROR_CURVE_NOT_COMPLETE;
  if (launch->status == STATUS_GRADUATED) return ERROR_INVALID_STATUS;
  if (index >= launch->component_count) return ERROR_INVALID_INSTRUCTION;
  if (launch->pool_created_bits & (1 << index)) return ERROR_COMPONENT_ALREADY_MIGRATED;
  if (!pubkey_eq(a[2].key, &launch->migration_vault) || !pubkey_eq(a[3].key, &launch->curve) ||
      !pubkey_eq(a[4].key, &CURVE_PROGRAM_ID) || !pubkey_eq(a[8].key, &launch->mint) ||
      !pubkey_eq(a[9].key, &launch->components[index].mint) ||
      !pubkey_eq(a[11].key, &POOL_PROGRAM_ID))
    return ERROR_WRONG_ACCOUNT;

  if (launch->status == STATUS_GRADUATION_PENDING) {
    launch->status = STATUS_MIGRATING;
    emit_status(a[1].key, STATUS_GRADUATION_PENDING, STATUS_MIGRATING);
  }
  PdaSeeds seeds = signer_seeds_of(launch);
  u64 primary_amount = migration_share(launch, index);
  TRY(create_pair_pool(a, pool_bumps, launch->fee_bps, &seeds));
  TRY(token_transfer(&a[2], &a[6], &a[1], primary_amount, &seeds));
  TRY(release_component(a, index, &seeds));

  launch->pool_created_bits |= (u8)(1 << index);
  emit_migration_step(a[1].key, index, a[5].key, primary_amount, token_amount(&a[7]),
                      launch->pool_created_bits);

  if (launch->pool_created_bits == (u8)((1 << launch->component_count) - 1)) {
    launch->status = STATUS_GRADUATED;
    emit_status(a[1].key, STATUS_MIGRATING, STATUS_GRADUATED);
  }
  return 0;
}

/* ---- Collectibles ------------------------------------------------------------------ */

/* The collectible record of `launch_key` behind `info`, writable by this program. */
static u64 load_collectible(const SolAccountInfo *info, const SolPubkey *launch_key,
                            const SolPubkey *program_id, Collectible **out) {
  TRY(check_record(info, program_id, ACCOUNT_COLLECTIBLE, sizeof(Collectible)));
  Collectible *record = (Collectible *)info->data;
  if (!pubkey_eq(&record->launch, launch_key)) return ERROR_WRONG_ACCOUNT;
  *out = record;
  return 0;
}

/* The launch record behind `info`, which must be a collectibles launch. */
static u64 load_collectible_launch(const SolAccountInfo *info, const SolPubkey *program_id,
                                   Launch **out) {
  TRY(check_record(info, program_id, ACCOUNT_LAUNCH, sizeof(Launch)));
  Launch *launch = (Launch *)info->data;
  if (launch->kind != KIND_COLLECTIBLES) return ERROR_NOT_COLLECTIBLE;
  *out = launch;
  return 0;
}

/* 0 when `mint` is a card: an initialized SPL mint of supply exactly 1 and 0 decimals. */
static u64 check_card_mint(const SolAccountInfo *mint) {
  TRY(check_mint(mint));
  if (read_u64(mint->data + MINT_SUPPLY_OFFSET) != 1 || mint->data[MINT_DECIMALS_OFFSET] != 0)
    return ERROR_INVALID_CARD;
  return 0;
}

/* 0 when `pool_info` is a pool program record between wrapped SOL and `usdc_mint`. */
static u64 check_venue(const SolAccountInfo *pool_info, const SolPubkey *usdc_mint) {
  TRY(check_record(pool_info, &POOL_PROGRAM_ID, ACCOUNT_POOL, sizeof(Pool)));
  const Pool *pool = (const Pool *)pool_info->data;
  bool native_a = pubkey_eq(&pool->mint_a, &NATIVE_MINT_ID) && pubkey_eq(&pool->mint_b, usdc_mint);
  bool native_b = pubkey_eq(&pool->mint_b, &NATIVE_MINT_ID) && pubkey_eq(&pool->mint_a, usdc_mint);
  return native_a || native_b ? 0 : ERROR_WRONG_MINT;
}

#define LIST_CARD_ACCOUNTS 17
#define LIST_CARD_DATA_LEN 63

static void emit_listed(const Collectible *record, const SolPubkey *collectible) {
  u8 buffer[296];
  EventWriter event = event_begin(buffer, EVENT_COLLECTIBLE_LISTED);
  put_pubkey(&event, &record->launch);
  put_pubkey(&event, collectible);
  put_pubkey(&event, &record->card_mint);
  put_pubkey(&event, &record->seller);
  put_pubkey(&event, &record->seller_usdc);
  put_pubkey(&event, &record->treasury_usdc);
  put_pubkey(&event, &record->custody);
  put_pubkey(&event, &record->custodian);
  put_u64(&event, record->listed_price_usdc);
  put_u64(&event, record->target_lamports);
  put_u64(&event, record->pool_lamports);
  put_u8(&event, record->standard);
  put_u64(&event, (u64)record->listed_at);
  event_emit(&event);
}

/*
 * list_card: the seller's card moves into the launch's escrow and the terms are fixed.
 * Refusals in order: accounts, data, signatures, the launch (a collectibles launch of this
 * creator, its recipe wrapped SOL alone, still raising), a record already there, the
 * terms, the card mint and the seller's card, the mints and USDC accounts, the venue, the
 * addresses of the record and its token accounts.
 */
static u64 list_card(SolParameters *params) {
  if (params->account_count < LIST_CARD_ACCOUNTS) return ERROR_NOT_ENOUGH_ACCOUNTS;
  if (params->data_len < LIST_CARD_DATA_LEN) return ERROR_INVALID_INSTRUCTION;
  SolAccountInfo *a = params->accounts;
  const u8 *data = params->data;
  const u8 *bumps = data + 1; /* collectible, escrow, custody, funds, usdc */
  u8 standard = data[6];
  u64 listed_price = read_u64(data + 7), target = read_u64(data + 15), pool = read_u64(data + 23);
  const u8 *custodian = data + 31;
  SolAccountInfo *creator = &a[0], *seller = &a[1], *launch_info = &a[2], *record_info = &a[3],
                 *card_mint = &a[4], *seller_card = &a[5], *escrow = &a[6], *custody = &a[7],
                 *funds = &a[8], *usdc = &a[9], *native_mint = &a[10], *usdc_mint = &a[11],
                 *seller_usdc = &a[12], *treasury_usdc = &a[13], *venue = &a[14];

  if (!creator->is_signer || !seller->is_signer) return ERROR_MISSING_SIGNATURE;
  Launch *launch;
  TRY(load_collectible_launch(launch_info, params->program_id, &launch));
  if (!pubkey_eq(creator->key, &launch->creator)) return ERROR_WRONG_ACCOUNT;
  if (launch->component_count != 1 || !pubkey_eq(&launch->components[0].mint, &NATIVE_MINT_ID))
    return ERROR_INVALID_RECIPE;
  if (launch->status != STATUS_ACTIVE_BONDING) return ERROR_INVALID_STATUS;
  PdaSeeds record_seeds = launch_child_seeds("collectible", 11, launch_info->key, &bumps[0]);
  TRY(verify_pda(record_info->key, &record_seeds, params->program_id));
  if (!pubkey_eq(record_info->owner, &SYSTEM_PROGRAM_ID)) return ERROR_ALREADY_LISTED;
  if (listed_price == 0 || pool == 0 || target <= pool || standard > 1) return ERROR_INVALID_TERMS;
  TRY(check_card_mint(card_mint));
  TRY(check_token_account(seller_card, card_mint->key, seller->key));
  if (token_amount(seller_card) != 1) return ERROR_INSUFFICIENT_TOKENS;
  if (!pubkey_eq(native_mint->key, &NATIVE_MINT_ID)) return ERROR_WRONG_ACCOUNT;
  TRY(check_mint(usdc_mint));
  if (usdc_mint->data[MINT_DECIMALS_OFFSET] != USDC_DECIMALS) return ERROR_WRONG_MINT;
  if (!pubkey_eq(seller_usdc->owner, &TOKEN_PROGRAM_ID) ||
      !pubkey_eq(treasury_usdc->owner, &TOKEN_PROGRAM_ID))
    return ERROR_WRONG_ACCOUNT_OWNER;
  if (seller_usdc->data_len != TOKEN_ACCOUNT_SIZE || treasury_usdc->data_len != TOKEN_ACCOUNT_SIZE)
    return ERROR_WRONG_ACCOUNT_TYPE;
  if (!pubkey_eq((const SolPubkey *)(seller_usdc->data + TOKEN_ACCOUNT_MINT_OFFSET),
                 usdc_mint->key) ||
      !pubkey_eq((const SolPubkey *)(treasury_usdc->data + TOKEN_ACCOUNT_MINT_OFFSET),
                 usdc_mint->key))
    return ERROR_WRONG_MINT;
  TRY(check_venue(venue, usdc_mint->key));

  PdaSeeds escrow_seeds = launch_child_seeds("escrow", 6, launch_info->key, &bumps[1]);
  PdaSeeds custody_seeds = launch_child_seeds("custody", 7, launch_info->key, &bumps[2]);
  PdaSeeds funds_seeds = launch_child_seeds("funds", 5, launch_info->key, &bumps[3]);
  PdaSeeds usdc_seeds = launch_child_seeds("usdc", 4, launch_info->key, &bumps[4]);
  TRY(verify_pda(escrow->key, &escrow_seeds, params->program_id));
  TRY(verify_pda(custody->key, &custody_seeds, params->program_id));
  TRY(verify_pda(funds->key, &funds_seeds, params->program_id));
  TRY(verify_pda(usdc->key, &usdc_seeds, params->program_id));

  TRY(create_pda_account(creator, record_info, sizeof(Collectible), params->program_id,
                         &record_seeds));
  TRY(create_token_vault(creator, escrow, card_mint, launch_info->key, &escrow_seeds));
  TRY(create_token_vault(creator, custody, card_mint, launch_info->key, &custody_seeds));
  TRY(create_token_vault(creator, funds, native_mint, launch_info->key, &funds_seeds));
  TRY(create_token_vault(creator, usdc, usdc_mint, launch_info->key, &usdc_seeds));
  TRY(token_transfer(seller_card, escrow, seller, 1, NULL));

  Collectible *record = (Collectible *)record_info->data;
  record->account_type = ACCOUNT_COLLECTIBLE;
  record->stage = STAGE_RAISING;
  record->bump = bumps[0];
  record->escrow_bump = bumps[1];
  record->custody_bump = bumps[2];
  record->funds_bump = bumps[3];
  record->usdc_bump = bumps[4];
  record->standard = standard;
  pubkey_copy(&record->launch, launch_info->key);
  pubkey_copy(&record->card_mint, card_mint->key);
  pubkey_copy(&record->seller, seller->key);
  pubkey_copy(&record->seller_usdc, seller_usdc->key);
  pubkey_copy(&record->treasury_usdc, treasury_usdc->key);
  sol_memcpy_(&record->custodian, custodian, 32);
  pubkey_copy(&record->usdc_mint, usdc_mint->key);
  pubkey_copy(&record->venue, venue->key);
  pubkey_copy(&record->escrow, escrow->key);
  pubkey_copy(&record->custody, custody->key);
  pubkey_copy(&record->funds, funds->key);
  pubkey_copy(&record->usdc, usdc->key);
  record->listed_price_usdc = listed_price;
  record->target_lamports = target;
  record->pool_lamports = pool;
  record->listed_at = clock_unix_timestamp();
  emit_listed(record, record_info->key);
  return 0;
}

#define FUND_ACCOUNTS 7

/*
 * collectible_fund: the curve's whole wSOL vault (fees included) moves into funds; the
 * launch goes graduationPending → migrating. Needs more than pool_lamports raised, or the
 * swap would have nothing to buy the card with.
 */
static u64 collectible_fund(SolParameters *params) {
  if (params->account_count < FUND_ACCOUNTS) return ERROR_NOT_ENOUGH_ACCOUNTS;
  SolAccountInfo *a = params->accounts;
  SolAccountInfo *launch_info = &a[0], *record_info = &a[1], *curve = &a[2],
                 *curve_vault = &a[4], *funds = &a[5];
  Launch *launch;
  Collectible *record;
  TRY(load_collectible_launch(launch_info, params->program_id, &launch));
  TRY(load_collectible(record_info, launch_info->key, params->program_id, &record));
  if (record->stage != STAGE_RAISING || launch->status != STATUS_GRADUATION_PENDING)
    return ERROR_WRONG_STAGE;
  if (!pubkey_eq(curve->key, &launch->curve) || !pubkey_eq(a[3].key, &CURVE_PROGRAM_ID) ||
      !pubkey_eq(funds->key, &record->funds))
    return ERROR_WRONG_ACCOUNT;
  /* The curve checks the vault is its wSOL vault; what funds held before stays out of it. */
  u64 before = token_amount(funds);
  u8 data[3] = {CURVE_RELEASE, 0, 1};
  /* launch (signer), curve, curve vault, destination, token */
  SolAccountInfo *order[5] = {launch_info, curve, curve_vault, funds, &a[6]};
  const bool writable[5] = {true, true, true, true, false};
  SolAccountMeta metas[5];
  SolAccountInfo infos[5];
  for (int i = 0; i < 5; i++) {
    meta_of(&metas[i], order[i], writable[i], i == 0);
    infos[i] = *order[i];
  }
  SolInstruction ix = {&CURVE_PROGRAM_ID, metas, 5, data, sizeof(data)};
  PdaSeeds seeds = signer_seeds_of(launch);
  SolSignerSeeds signer_seeds = signer_of(&seeds);
  TRY(sol_invoke_signed_c(&ix, infos, 5, &signer_seeds, 1));
  u64 funded = token_amount(funds) - before;
  if (funded <= record->pool_lamports) return ERROR_INSUFFICIENT_LIQUIDITY;

  record->funded_lamports = funded;
  record->stage = STAGE_SWAPPING;
  launch->status = STATUS_MIGRATING;
  emit_status(launch_info->key, STATUS_GRADUATION_PENDING, STATUS_MIGRATING);
  emit_stage(launch_info->key, STAGE_SWAPPING, record);
  return 0;
}

#define SWAP_ACCOUNTS 9

/*
 * collectible_swap: fundedLamports − poolLamports of wSOL swapped to USDC on the venue
 * fixed at listing, the launch signing as the trader; the pool refuses (SlippageExceeded)
 * an output below the listed price.
 */
static u64 collectible_swap(SolParameters *params) {
  if (params->account_count < SWAP_ACCOUNTS) return ERROR_NOT_ENOUGH_ACCOUNTS;
  SolAccountInfo *a = params->accounts;
  SolAccountInfo *launch_info = &a[0], *record_info = &a[1], *venue = &a[2], *funds = &a[5],
                 *usdc = &a[6];
  Launch *launch;
  Collectible *record;
  TRY(load_collectible_launch(launch_info, params->program_id, &launch));
  TRY(load_collectible(record_info, launch_info->key, params->program_id, &record));
  if (record->stage != STAGE_SWAPPING) return ERROR_WRONG_STAGE;
  if (!pubkey_eq(venue->key, &record->venue) || !pubkey_eq(funds->key, &record->funds) ||
      !pubkey_eq(usdc->key, &record->usdc) || !pubkey_eq(a[7].key, &POOL_PROGRAM_ID))
    return ERROR_WRONG_ACCOUNT;
  u64 wsol_in = record->funded_lamports - record->pool_lamports;
  u64 before = token_amount(usdc);
  u8 data[17];
  data[0] = POOL_SWAP;
  write_u64(data + 1, wsol_in);
  write_u64(data + 9, record->listed_price_usdc);
  /* trader (the launch), pool, vault in (wSOL), vault out (USDC), trader in, trader out, token */
  SolAccountInfo *order[7] = {launch_info, venue, &a[3], &a[4], funds, usdc, &a[8]};
  const bool writable[7] = {false, true, true, true, true, true, false};
  SolAccountMeta metas[7];
  SolAccountInfo infos[7];
  for (int i = 0; i < 7; i++) {
    meta_of(&metas[i], order[i], writable[i], i == 0);
    infos[i] = *order[i];
  }
  SolInstruction ix = {&POOL_PROGRAM_ID, metas, 7, data, sizeof(data)};
  PdaSeeds seeds = signer_seeds_of(launch);
  SolSignerSeeds signer_seeds = signer_of(&seeds);
  TRY(sol_invoke_signed_c(&ix, infos, 7, &signer_seeds, 1));

  record->wsol_in = wsol_in;
  record->usdc_out = token_amount(usdc) - before;
  record->stage = STAGE_ACQUIRING;
  emit_stage(launch_info->key, STAGE_ACQUIRING, record);
  return 0;
}

#define ACQUIRE_ACCOUNTS 8

/* collectible_acquire: the card escrow → custody; the price to the seller, the rest to the treasury. */
static u64 collectible_acquire(SolParameters *params) {
  if (params->account_count < ACQUIRE_ACCOUNTS) return ERROR_NOT_ENOUGH_ACCOUNTS;
  SolAccountInfo *a = params->accounts;
  SolAccountInfo *launch_info = &a[0], *record_info = &a[1], *escrow = &a[2], *custody = &a[3],
                 *usdc = &a[4], *seller_usdc = &a[5], *treasury_usdc = &a[6];
  Launch *launch;
  Collectible *record;
  TRY(load_collectible_launch(launch_info, params->program_id, &launch));
  TRY(load_collectible(record_info, launch_info->key, params->program_id, &record));
  if (record->stage != STAGE_ACQUIRING) return ERROR_WRONG_STAGE;
  if (!pubkey_eq(escrow->key, &record->escrow) || !pubkey_eq(custody->key, &record->custody) ||
      !pubkey_eq(usdc->key, &record->usdc) || !pubkey_eq(seller_usdc->key, &record->seller_usdc) ||
      !pubkey_eq(treasury_usdc->key, &record->treasury_usdc))
    return ERROR_WRONG_ACCOUNT;
  /* The swap's minimum out was the listed price, so usdc_out covers it. */
  u64 surplus = record->usdc_out - record->listed_price_usdc;
  PdaSeeds seeds = signer_seeds_of(launch);
  TRY(token_transfer(escrow, custody, launch_info, 1, &seeds));
  TRY(token_transfer(usdc, seller_usdc, launch_info, record->listed_price_usdc, &seeds));
  if (surplus) TRY(token_transfer(usdc, treasury_usdc, launch_info, surplus, &seeds));

  record->spent_usdc = record->listed_price_usdc;
  record->surplus_usdc = surplus;
  record->still_held = 1;
  record->stage = STAGE_POOLING;
  emit_stage(launch_info->key, STAGE_POOLING, record);
  return 0;
}

#define RELEASE_CARD_ACCOUNTS 6

/* release_card: the custodian takes the card out of custody (a redemption). */
static u64 release_card(SolParameters *params) {
  if (params->account_count < RELEASE_CARD_ACCOUNTS) return ERROR_NOT_ENOUGH_ACCOUNTS;
  SolAccountInfo *a = params->accounts;
  SolAccountInfo *custodian = &a[0], *launch_info = &a[1], *record_info = &a[2],
                 *custody = &a[3], *destination = &a[4];
  Launch *launch;
  Collectible *record;
  TRY(load_collectible_launch(launch_info, params->program_id, &launch));
  TRY(load_collectible(record_info, launch_info->key, params->program_id, &record));
  if (!pubkey_eq(custodian->key, &record->custodian)) return ERROR_NOT_CUSTODIAN;
  if (!custodian->is_signer) return ERROR_MISSING_SIGNATURE;
  if (!record->still_held) return ERROR_CARD_NOT_HELD;
  if (!pubkey_eq(custody->key, &record->custody)) return ERROR_WRONG_ACCOUNT;
  if (!pubkey_eq(destination->owner, &TOKEN_PROGRAM_ID)) return ERROR_WRONG_ACCOUNT_OWNER;
  if (destination->data_len != TOKEN_ACCOUNT_SIZE) return ERROR_WRONG_ACCOUNT_TYPE;
  if (!pubkey_eq((const SolPubkey *)(destination->data + TOKEN_ACCOUNT_MINT_OFFSET),
                 &record->card_mint))
    return ERROR_WRONG_MINT;
  PdaSeeds seeds = signer_seeds_of(launch);
  TRY(token_transfer(custody, destination, launch_info, 1, &seeds));
  record->still_held = 0;
  record->released_at = clock_unix_timestamp();

  u8 buffer[112];
  EventWriter event = event_begin(buffer, EVENT_CARD_RELEASED);
  put_pubkey(&event, launch_info->key);
  put_pubkey(&event, &record->card_mint);
  put_pubkey(&event, destination->key);
  put_u64(&event, (u64)record->released_at);
  event_emit(&event);
  return 0;
}

#define MIGRATE_COLLECTIBLE_ACCOUNTS 15

/*
 * migrate of a collectibles launch, at stage pooling only: opens the launch↔wSOL pool with
 * the whole migration inventory and exactly pool_lamports of wSOL from funds, and graduates
 * the launch. The accounts are migrate's with the funds account in place of the curve's
 * component vault (the fund crank emptied that) and the collectible record appended.
 */
static u64 migrate_collectible(SolParameters *params, Launch *launch) {
  if (params->account_count < MIGRATE_COLLECTIBLE_ACCOUNTS) return ERROR_NOT_ENOUGH_ACCOUNTS;
  SolAccountInfo *a = params->accounts;
  u8 index = params->data[1];
  const u8 *pool_bumps = params->data + 2;
  Collectible *record;
  TRY(load_collectible(&a[14], a[1].key, params->program_id, &record));
  if (record->stage != STAGE_POOLING || launch->status != STATUS_MIGRATING)
    return ERROR_WRONG_STAGE;
  if (index != 0) return ERROR_INVALID_INSTRUCTION;
  if (!pubkey_eq(a[2].key, &launch->migration_vault) || !pubkey_eq(a[3].key, &launch->curve) ||
      !pubkey_eq(a[4].key, &CURVE_PROGRAM_ID) || !pubkey_eq(a[8].key, &launch->mint) ||
      !pubkey_eq(a[9].key, &NATIVE_MINT_ID) || !pubkey_eq(a[10].key, &record->funds) ||
      !pubkey_eq(a[11].key, &POOL_PROGRAM_ID))
    return ERROR_WRONG_ACCOUNT;

  PdaSeeds seeds = signer_seeds_of(launch);
  TRY(create_pair_pool(a, pool_bumps, launch->fee_bps, &seeds));
  TRY(token_transfer(&a[2], &a[6], &a[1], launch->migration_inventory, &seeds));
  TRY(token_transfer(&a[10], &a[7], &a[1], record->pool_lamports, &seeds));

  launch->pool_created_bits = 1;
  emit_migration_step(a[1].key, 0, a[5].key, launch->migration_inventory, record->pool_lamports, 1);
  launch->status = STATUS_GRADUATED;
  emit_status(a[1].key, STATUS_MIGRATING, STATUS_GRADUATED);
  record->stage = STAGE_TRADABLE;
  emit_stage(a[1].key, STAGE_TRADABLE, record);
  return 0;
}

u64 entrypoint(const u8 *input) {
  SolParameters params;
  if (!deserialize(input, &params)) return ERROR_TOO_MANY_ACCOUNTS;
  if (params.data_len < 1) return ERROR_INVALID_INSTRUCTION;
  u8 tag = params.data[0];
  if (tag == LAUNCH_CREATE) return create(&params);
  if (tag == LAUNCH_MARK_COMPLETE) return mark_complete(&params);
  if (tag == LAUNCH_MIGRATE) return migrate(&params);
  if (tag == LAUNCH_LIST_CARD) return list_card(&params);
  if (tag == LAUNCH_COLLECTIBLE_FUND) return collectible_fund(&params);
  if (tag == LAUNCH_COLLECTIBLE_SWAP) return collectible_swap(&params);
  if (tag == LAUNCH_COLLECTIBLE_ACQUIRE) return collectible_acquire(&params);
  if (tag == LAUNCH_RELEASE_CARD) return release_card(&params);
  return ERROR_INVALID_INSTRUCTION;
}
