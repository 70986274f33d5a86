/*
 * errors.h — every refusal of the launch, curve and pool programs, as a stable custom
 * program error. Codes are never renamed or reused; src/programs/program-error.ts mirrors
 * this list (a test compares the two). They start at 6000 so they never collide with the
 * SPL Token program's own small codes when a CPI fails.
 */
#pragma once

#define ERROR_INVALID_INSTRUCTION 6000      /* unknown tag or short instruction data */
#define ERROR_NOT_ENOUGH_ACCOUNTS 6001      /* fewer accounts than the instruction needs */
#define ERROR_WRONG_ACCOUNT 6002            /* an account is not the address it must be */
#define ERROR_WRONG_ACCOUNT_OWNER 6003      /* an account is not owned by the right program */
#define ERROR_MISSING_SIGNATURE 6004        /* a required signer did not sign */
#define ERROR_ZERO_AMOUNT 6005              /* the trade moves nothing */
#define ERROR_SLIPPAGE_EXCEEDED 6006        /* max in exceeded or min out not reached */
#define ERROR_CURVE_COMPLETE 6007           /* the curve sold its inventory: no more trades */
#define ERROR_MATH_OVERFLOW 6008            /* an amount does not fit in 64 bits */
#define ERROR_INSUFFICIENT_COMPONENTS 6009  /* the trader lacks a component the buy deposits */
#define ERROR_INSUFFICIENT_TOKENS 6010      /* the trader lacks the tokens it gives up */
#define ERROR_INVALID_RECIPE 6011           /* component count, weights or quantities invalid */
#define ERROR_INVALID_CURVE_PARAMETERS 6012 /* reserves, inventory or supply inconsistent */
#define ERROR_INVALID_METADATA 6013         /* symbol, name or uri out of bounds */
#define ERROR_ALREADY_INITIALIZED 6014      /* the account to create exists already */
#define ERROR_WRONG_ACCOUNT_TYPE 6015       /* account data is not the expected record */
#define ERROR_CURVE_NOT_COMPLETE 6016       /* migration before the curve completed */
#define ERROR_INVALID_STATUS 6017           /* the launch is not in a state that allows this */
#define ERROR_COMPONENT_ALREADY_MIGRATED 6018 /* that component's pair pool exists */
#define ERROR_INSUFFICIENT_LIQUIDITY 6019   /* the pool or curve cannot pay that much out */
#define ERROR_WRONG_MINT 6020               /* a token account holds another mint */
#define ERROR_INVALID_FEE 6021              /* fee or fee share out of range */
#define ERROR_SAME_MINT 6022                /* a pool needs two different mints */
#define ERROR_TOO_MANY_ACCOUNTS 6023        /* more accounts than a program reads (32) */
#define ERROR_INVALID_KIND 6024             /* launch kind is neither pairs nor collectibles */
#define ERROR_NOT_COLLECTIBLE 6025          /* the launch is not of kind collectibles */
#define ERROR_ALREADY_LISTED 6026           /* the launch has its card listed already */
#define ERROR_INVALID_CARD 6027             /* the card mint is not supply 1 with 0 decimals */
#define ERROR_INVALID_TERMS 6028            /* listed price, target or pool share invalid */
#define ERROR_WRONG_STAGE 6029              /* the collectible is not at the stage this needs */
#define ERROR_NOT_CUSTODIAN 6030            /* only the custodian named at listing may release */
#define ERROR_CARD_NOT_HELD 6031            /* custody no longer holds the card */
