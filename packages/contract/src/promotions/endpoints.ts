import { endpoint } from '../core/endpoint';

const member = (method: 'GET' | 'POST', path: string) =>
  endpoint({
    method,
    path,
    modId: 'COMM3',
    auth: true,
    ...(method === 'POST' ? { realAccountOnly: true } : {}),
  });
const staff = (method: 'GET' | 'POST', path: string, csv = false) =>
  endpoint({ method, path, modId: null, auth: false, staff: true, ...(csv ? { envelope: false } : {}) });

/** Promotions and the bonus wallet (docs/decisions/036). */
export const promotionsEndpoints = {
  /** The promotions in force with the member's standing: claimable now, apply, or why not. */
  promoOffers: member('GET', '/wps/promotions/offers'),
  /** Claims a promotion (deposit bonus on the latest qualifying deposit, free credit). */
  promoClaim: endpoint({
    method: 'POST',
    path: '/wps/promotions/claim',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
    // Bonus money is play money: no claims while excluded, timed out or at a play limit (ADR 030).
    protection: 'play',
  }),
  /** Applies for an "apply" promotion (staff review). */
  promoApply: member('POST', '/wps/promotions/apply'),
  /** The member's bonuses: progress, weights, expiry, what can be withdrawn now. */
  promoBonuses: member('GET', '/wps/promotions/bonuses'),
  /** Gives up the active bonus (what is left of it returns to the house). */
  promoForfeit: member('POST', '/wps/promotions/forfeit'),
  /** The reward centre: everything claimable in one place, with the badge count. */
  promoRewards: member('GET', '/wps/promotions/rewards'),
  /** Invite friends (ADR 048): my code (made on first ask), link, totals, friends and their status. */
  promoReferral: member('GET', '/wps/promotions/referral'),
  /** Claims a qualified friend's referral reward (bonus money, once per friend). */
  promoReferralClaim: endpoint({
    method: 'POST',
    path: '/wps/promotions/referral/claim',
    modId: 'COMM3',
    auth: true,
    realAccountOnly: true,
    protection: 'play',
  }),
  boPromoRules: staff('GET', '/bo/api/promotions/rules'),
  boPromoRuleSave: staff('POST', '/bo/api/promotions/rules'),
  boPromoApplications: staff('GET', '/bo/api/promotions/applications'),
  boPromoDecide: staff('POST', '/bo/api/promotions/applications/decide'),
  boPromoBonuses: staff('GET', '/bo/api/promotions/bonuses'),
  boPromoBonusesCsv: staff('GET', '/bo/api/promotions/bonuses.csv', true),
  /** The referral report (ADR 051): referrers and their friends, flags, decisions, rewards. */
  boReferralReport: staff('GET', '/bo/api/promotions/referrals'),
  boReferralReportCsv: staff('GET', '/bo/api/promotions/referrals.csv', true),
  /** Approve or reject a friend under review (ADR 051). */
  boReferralDecide: staff('POST', '/bo/api/promotions/referrals/decide'),
} as const;
