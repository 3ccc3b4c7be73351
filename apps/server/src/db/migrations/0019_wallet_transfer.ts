/**
 * Once the wallet transfer in one statement and cheaper ledger posts
 * (docs/decisions/020-wallet-transfer-throughput.md): `wallet_transfer`, `journal_entry_balanced`,
 * the `ledger_account_fixed` trigger and `ledger_post`'s settings. They are the wallet module's
 * database code now (modules/wallet/sql/, ADR 025); this migration holds no table change and
 * stays, empty, for the databases that ran it.
 */
export const up = async () => {};

export const down = async () => {};
