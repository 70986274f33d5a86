/*
 * launch-harness.c — runs migration_share of launch.c natively.
 *
 * Request (one line): migration_inventory count target_bps... index.
 * Answer (one line): the share.
 */
#include "launch.c"
#include "harness.h"

int main(void) {
  for (;;) {
    int eof = 0;
    static u64 launch_words[sizeof(Launch) / 8 + 1];
    Launch *launch = (Launch *)launch_words;
    sol_memset_(launch, 0, sizeof(Launch));
    launch->migration_inventory = next_u64(&eof);
    launch->component_count = (u8)next_u64(&eof);
    if (eof || launch->component_count > MAX_COMPONENTS) return 0;
    for (u8 i = 0; i < launch->component_count; i++)
      launch->components[i].target_bps = (u16)next_u64(&eof);
    u8 index = (u8)next_u64(&eof);
    if (eof) return 0;
    printf("%llu\n", migration_share(launch, index));
    fflush(0);
  }
}
