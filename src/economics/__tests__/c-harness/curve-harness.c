/*
 * curve-harness.c — runs buy_exact_out, buy_exact_in and sell of curve.c natively.
 *
 * Request (one line): tag a b fee_bps share_bps complete virtual_primary virtual_dna
 *   inventory_initial inventory_remaining real_dna fee_dna_total creator_fee_dna trade_count
 *   trader_primary primary_vault count, then per component: quantity fee_amount
 *   creator_fee_amount trader_balance vault_balance.
 * Answer (one line): error; the state fields and balances after the instruction; then the
 *   trade event's primary_amount dna_amount fee_dna creator_fee_dna and, per component,
 *   amount and fee (all meaningful only when error is 0).
 */
#include "curve.c"
#include "harness.h"

int main(void) {
  for (;;) {
    int eof = 0;
    static u64 curve_words[sizeof(Curve) / 8 + 1];
    Curve *curve = (Curve *)curve_words;
    sol_memset_(curve, 0, sizeof(Curve));
    u8 tag = (u8)next_u64(&eof);
    u64 a = next_u64(&eof), b = next_u64(&eof);
    curve->fee_bps = (u16)next_u64(&eof);
    curve->creator_fee_share_bps = (u16)next_u64(&eof);
    curve->complete = (u8)next_u64(&eof);
    curve->virtual_primary = next_u64(&eof);
    curve->virtual_dna = next_u64(&eof);
    curve->inventory_initial = next_u64(&eof);
    curve->inventory_remaining = next_u64(&eof);
    curve->real_dna = next_u64(&eof);
    curve->fee_dna_total = next_u64(&eof);
    curve->creator_fee_dna = next_u64(&eof);
    curve->trade_count = next_u64(&eof);
    u64 trader_primary = next_u64(&eof), primary_vault = next_u64(&eof);
    curve->component_count = (u8)next_u64(&eof);
    if (eof) return 0;
    if (curve->component_count > MAX_COMPONENTS) return 2;
    u64 trader_balances[MAX_COMPONENTS], vault_balances[MAX_COMPONENTS];
    for (u8 i = 0; i < curve->component_count; i++) {
      CurveComponent *component = &curve->components[i];
      component->quantity = next_u64(&eof);
      component->fee_amount = next_u64(&eof);
      component->creator_fee_amount = next_u64(&eof);
      trader_balances[i] = next_u64(&eof);
      vault_balances[i] = next_u64(&eof);
      key_of(&component->mint, 100 + i);
    }
    if (eof) return 0;

    static TokenAccount storage[7 + 2 * MAX_COMPONENTS];
    SolParameters params;
    sol_memset_(&params, 0, sizeof(params));
    params.account_count = 7 + 2 * (u64)curve->component_count;
    params.program_id = &CURVE_PROGRAM_ID;
    SolAccountInfo *acc = params.accounts;
    curve->account_type = ACCOUNT_CURVE;
    key_of(&curve->launch, 2);
    key_of(&curve->primary_mint, 99);
    key_of(&curve->primary_vault, 4);
    plain_account(&acc[0], &storage[0], 0, true);
    plain_account(&acc[1], &storage[1], 1, false);
    pubkey_copy(&storage[1].owner, &CURVE_PROGRAM_ID);
    acc[1].data = (u8 *)curve;
    acc[1].data_len = sizeof(Curve);
    plain_account(&acc[2], &storage[2], 2, false);
    plain_account(&acc[3], &storage[3], 3, false);
    pubkey_copy(&storage[3].key, &LAUNCH_PROGRAM_ID);
    token_account(&acc[4], &storage[4], 4, &curve->primary_mint, &storage[1].key, primary_vault);
    token_account(&acc[5], &storage[5], 5, &curve->primary_mint, &storage[0].key, trader_primary);
    plain_account(&acc[6], &storage[6], 6, false);
    for (u8 i = 0; i < curve->component_count; i++) {
      CurveComponent *component = &curve->components[i];
      token_account(&acc[7 + 2 * i], &storage[7 + 2 * i], 7 + 2 * i, &component->mint,
                    &storage[0].key, trader_balances[i]);
      token_account(&acc[8 + 2 * i], &storage[8 + 2 * i], 8 + 2 * i, &component->mint,
                    &storage[1].key, vault_balances[i]);
      pubkey_copy(&component->vault, &storage[8 + 2 * i].key);
    }
    u8 data[17];
    data[0] = tag;
    write_u64(data + 1, a);
    write_u64(data + 9, b);
    params.data = data;
    params.data_len = sizeof(data);

    last_event_len = 0;
    u64 error = tag == CURVE_BUY_EXACT_OUT  ? buy_exact_out(&params)
                : tag == CURVE_BUY_EXACT_IN ? buy_exact_in(&params)
                : tag == CURVE_SELL         ? sell(&params)
                                            : ERROR_INVALID_INSTRUCTION;
    printf("%llu %u %u %u %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %u", error,
           curve->fee_bps, curve->creator_fee_share_bps, curve->complete,
           curve->virtual_primary, curve->virtual_dna, curve->inventory_initial,
           curve->inventory_remaining, curve->real_dna, curve->fee_dna_total,
           curve->creator_fee_dna, curve->trade_count, token_amount(&acc[5]),
           token_amount(&acc[4]), curve->component_count);
    for (u8 i = 0; i < curve->component_count; i++) {
      printf(" %llu %llu %llu %llu %llu", curve->components[i].quantity,
             curve->components[i].fee_amount, curve->components[i].creator_fee_amount,
             token_amount(&acc[7 + 2 * i]), token_amount(&acc[8 + 2 * i]));
    }
    /* Trade event: tag, launch, trader, direction, then u64s from offset 66; components
       start at 147 (after eight u64 state fields, the timestamp and the count byte). */
    printf(" %llu %llu %llu %llu", event_u64(66), event_u64(74), event_u64(82), event_u64(90));
    for (u8 i = 0; i < curve->component_count; i++)
      printf(" %llu %llu", event_u64(147 + 16 * i), event_u64(155 + 16 * i));
    printf("\n");
    fflush(0);
  }
}
