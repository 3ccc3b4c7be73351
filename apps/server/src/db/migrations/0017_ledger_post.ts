/**
 * Once the ledger's post in one statement (`ledger_post`, docs/decisions/007-ledger.md "One round
 * trip"). That function is the wallet module's database code now (modules/wallet/sql/ledger_post.sql,
 * ADR 025); this migration holds no table change and stays, empty, for the databases that ran it.
 */
export const up = async () => {};

export const down = async () => {};
