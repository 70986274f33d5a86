/*
 * pool-harness.c — runs swap (or swap_all) of pool.c natively.
 *
 * Request (one line): amount_in min_out fee_bps trader_in_balance reserve_in reserve_out
 * whole_balance keep (whole_balance 1 runs swap_all, which ignores amount_in and takes the
 * balance less keep; swap ignores keep).
 * Answer (one line): error amount_out fee (from the swap event; meaningful when error is 0).
 */
#include "pool.c"
#include "harness.h"

int main(void) {
  for (;;) {
    int eof = 0;
    u64 amount_in = next_u64(&eof), min_out = next_u64(&eof);
    u16 fee_bps = (u16)next_u64(&eof);
    u64 trader_in = next_u64(&eof), reserve_in = next_u64(&eof), reserve_out = next_u64(&eof);
    u64 whole_balance = next_u64(&eof), keep = next_u64(&eof);
    if (eof) return 0;

    static u64 pool_words[sizeof(Pool) / 8 + 1];
    Pool *pool = (Pool *)pool_words;
    sol_memset_(pool, 0, sizeof(Pool));
    pool->account_type = ACCOUNT_POOL;
    pool->fee_bps = fee_bps;
    key_of(&pool->mint_a, 100);
    key_of(&pool->mint_b, 101);
    static TokenAccount storage[7];
    SolParameters params;
    sol_memset_(&params, 0, sizeof(params));
    params.account_count = 7;
    params.program_id = &POOL_PROGRAM_ID;
    SolAccountInfo *acc = params.accounts;
    plain_account(&acc[0], &storage[0], 0, true);
    plain_account(&acc[1], &storage[1], 1, false);
    pubkey_copy(&storage[1].owner, &POOL_PROGRAM_ID);
    acc[1].data = (u8 *)pool;
    acc[1].data_len = sizeof(Pool);
    token_account(&acc[2], &storage[2], 2, &pool->mint_a, &storage[1].key, reserve_in);
    token_account(&acc[3], &storage[3], 3, &pool->mint_b, &storage[1].key, reserve_out);
    token_account(&acc[4], &storage[4], 4, &pool->mint_a, &storage[0].key, trader_in);
    token_account(&acc[5], &storage[5], 5, &pool->mint_b, &storage[0].key, 0);
    plain_account(&acc[6], &storage[6], 6, false);
    pubkey_copy(&pool->vault_a, &storage[2].key);
    pubkey_copy(&pool->vault_b, &storage[3].key);
    u8 data[17];
    if (whole_balance) {
      data[0] = POOL_SWAP_ALL;
      write_u64(data + 1, min_out);
      write_u64(data + 9, keep);
    } else {
      data[0] = POOL_SWAP;
      write_u64(data + 1, amount_in);
      write_u64(data + 9, min_out);
    }
    params.data_len = 17;
    params.data = data;

    last_event_len = 0;
    u64 error = whole_balance ? swap_all(&params) : swap(&params);
    /* Swap event: tag, pool, trader, a_to_b, amount_in (66), amount_out (74), fee (82). */
    printf("%llu %llu %llu %llu\n", error, event_u64(74), event_u64(82), event_u64(66));
    fflush(0);
  }
}
