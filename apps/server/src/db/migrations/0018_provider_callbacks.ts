/**
 * Once the seamless-wallet callbacks in one statement each (docs/decisions/010-provider-api.md).
 * `provider_claim`, `provider_bet`, `provider_win`, `provider_end_round` and `provider_mirror` are
 * the provider module's database code now (modules/provider/sql/, ADR 025); this migration holds
 * no table change and stays, empty, for the databases that ran it.
 */
export const up = async () => {};

export const down = async () => {};
