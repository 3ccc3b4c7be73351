import * as m0001 from './0001_site';
import * as m0002 from './0002_identity';
import * as m0003 from './0003_catalogue';
import * as m0004 from './0004_identity_codes';
import * as m0005 from './0005_wallet';
import * as m0006 from './0006_backoffice';
import * as m0007 from './0007_games';
import * as m0008 from './0008_provider';
import * as m0009 from './0009_cashier';
import * as m0010 from './0010_identity_ext';
import * as m0011 from './0011_identity_more';
import * as m0012 from './0012_inbox';
import * as m0013 from './0013_cashier_more';
import * as m0014 from './0014_games_launch_features';
import * as m0015 from './0015_lottery';
import * as m0017 from './0017_ledger_post';
import * as m0018 from './0018_provider_callbacks';
import * as m0019 from './0019_wallet_transfer';
import * as m0020 from './0020_ledger_checks';
import * as m0021 from './0021_ledger_post_checks_entry';
import * as m0022 from './0022_wallet_type_vendor';
import * as m0030 from './0030_lottery_draws_bets';
import * as m0040 from './0040_protection';
import * as m0045 from './0045_play_activity';
import * as m0050 from './0050_promotions';
import * as m0055 from './0055_loyalty';
import * as m0060 from './0060_agency';
import * as m0070 from './0070_sportsbook';
import * as m0080 from './0080_live_tables';
import * as m0090 from './0090_pvp_rooms';
import * as m0095 from './0095_support_chat';
import * as m0100 from './0100_ledger_balance_bounded';
import * as m0105 from './0105_wallet_auto_transfer';
import * as m0106 from './0106_job_runs';
import * as m0107 from './0107_referral';
import * as m0110 from './0110_mobile_account_names';
import * as m0111 from './0111_channel_texts';
import * as m0112 from './0112_licence_profiles_kyc';
import * as m0115 from './0115_lottery_vietnam';
import * as m0118 from './0118_sportsbook_cashout';
import * as m0120 from './0120_referral_decision';
import * as m0122 from './0122_erasure_reopening';
import * as m0123 from './0123_limit_prompt';
import * as m0124 from './0124_risk_flags';
import * as m0125 from './0125_sportsbook_preferences';
import * as m0126 from './0126_sportsbook_dead_heat_partial_cashout';
import * as m0127 from './0127_loyalty_vip_bonus';
import * as m0128 from './0128_cashier_upload_erasure';
import * as m0129 from './0129_risk_rules';
import * as m0130 from './0130_lottery_vn_liability';
import * as m0131 from './0131_agency_templates_applications';

/**
 * Every migration, in order. Add a module's migration here with the next number; names sort
 * lexically, so keep the four-digit prefix.
 */
export const migrations = {
  '0001_site': m0001,
  '0002_identity': m0002,
  '0003_catalogue': m0003,
  '0004_identity_codes': m0004,
  '0005_wallet': m0005,
  '0006_backoffice': m0006,
  '0007_games': m0007,
  '0008_provider': m0008,
  '0009_cashier': m0009,
  '0010_identity_ext': m0010,
  '0011_identity_more': m0011,
  '0012_inbox': m0012,
  '0013_cashier_more': m0013,
  '0014_games_launch_features': m0014,
  '0015_lottery': m0015,
  '0017_ledger_post': m0017,
  '0018_provider_callbacks': m0018,
  '0019_wallet_transfer': m0019,
  '0020_ledger_checks': m0020,
  '0021_ledger_post_checks_entry': m0021,
  '0022_wallet_type_vendor': m0022,
  '0030_lottery_draws_bets': m0030,
  '0040_protection': m0040,
  '0045_play_activity': m0045,
  '0050_promotions': m0050,
  '0055_loyalty': m0055,
  '0060_agency': m0060,
  '0070_sportsbook': m0070,
  '0080_live_tables': m0080,
  '0090_pvp_rooms': m0090,
  '0095_support_chat': m0095,
  '0100_ledger_balance_bounded': m0100,
  '0105_wallet_auto_transfer': m0105,
  '0106_job_runs': m0106,
  '0107_referral': m0107,
  '0110_mobile_account_names': m0110,
  '0111_channel_texts': m0111,
  '0112_licence_profiles_kyc': m0112,
  '0115_lottery_vietnam': m0115,
  '0118_sportsbook_cashout': m0118,
  '0120_referral_decision': m0120,
  '0122_erasure_reopening': m0122,
  '0123_limit_prompt': m0123,
  '0124_risk_flags': m0124,
  '0125_sportsbook_preferences': m0125,
  '0126_sportsbook_dead_heat_partial_cashout': m0126,
  '0127_loyalty_vip_bonus': m0127,
  '0128_cashier_upload_erasure': m0128,
  '0129_risk_rules': m0129,
  '0130_lottery_vn_liability': m0130,
  '0131_agency_templates_applications': m0131,
};
