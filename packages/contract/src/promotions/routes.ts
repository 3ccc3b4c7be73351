import { z } from 'zod';
import { defineRoute } from '../core/route';
import { promotionsEndpoints as e } from './endpoints';
import * as s from './schemas';

const tag = 'promotions';

export const promotionsRoutes = {
  promoOffers: defineRoute({
    ...e.promoOffers,
    summary: 'Promotions in force: claimable now, apply, or not now',
    tag,
    value: s.promoOffersValue,
  }),
  promoClaim: defineRoute({
    ...e.promoClaim,
    summary: 'Claim a promotion (a deposit bonus on the latest qualifying deposit, a free credit)',
    tag,
    body: s.promoClaimBody,
    value: s.promoClaimValue,
  }),
  promoApply: defineRoute({
    ...e.promoApply,
    summary: 'Apply for a promotion reviewed by staff (remark up to 140 characters)',
    tag,
    body: s.promoApplyBody,
    value: s.promoApplyValue,
  }),
  promoBonuses: defineRoute({
    ...e.promoBonuses,
    summary: 'My bonuses: wagered, remaining, weights, expiry, what I can withdraw now',
    tag,
    value: s.promoBonusesValue,
  }),
  promoForfeit: defineRoute({
    ...e.promoForfeit,
    summary: 'Give up the active bonus',
    tag,
    value: s.promoForfeitValue,
  }),
  promoRewards: defineRoute({
    ...e.promoRewards,
    summary: 'Reward centre: everything claimable, with the badge count',
    tag,
    value: s.promoRewardsValue,
  }),
  promoReferral: defineRoute({
    ...e.promoReferral,
    summary: 'Invite friends: my code and link, totals, friends with their status',
    tag,
    value: s.promoReferralValue,
  }),
  promoReferralClaim: defineRoute({
    ...e.promoReferralClaim,
    summary: 'Claim the reward of a qualified friend (bonus money, once per friend)',
    tag,
    body: s.promoReferralClaimBody,
    value: s.promoClaimValue,
  }),
};

const boTag = 'bo-promotions';

export const promotionsBoRoutes = {
  boPromoRules: defineRoute({
    ...e.boPromoRules,
    summary: 'Promotion designer: every version of a merchant’s promotions',
    tag: boTag,
    query: s.boPromoRulesQuery,
    value: s.boPromoRulesValue,
  }),
  boPromoRuleSave: defineRoute({
    ...e.boPromoRuleSave,
    summary: 'Save a promotion as a new version (in force at once; audited)',
    tag: boTag,
    body: s.boPromoRuleBody,
    value: s.boPromoRuleSaveValue,
  }),
  boPromoApplications: defineRoute({
    ...e.boPromoApplications,
    summary: 'Application review queue',
    tag: boTag,
    query: s.boPromoApplicationsQuery,
    value: s.boPromoApplicationsValue,
  }),
  boPromoDecide: defineRoute({
    ...e.boPromoDecide,
    summary: 'Approve (grants the bonus) or reject an application (audited)',
    tag: boTag,
    body: s.boPromoDecideBody,
    value: s.boPromoDecideValue,
  }),
  boPromoBonuses: defineRoute({
    ...e.boPromoBonuses,
    summary: 'Granted bonuses: by member, status, merchant',
    tag: boTag,
    query: s.boPromoBonusesQuery,
    value: s.boPromoBonusesValue,
  }),
  boPromoBonusesCsv: defineRoute({
    ...e.boPromoBonusesCsv,
    summary: 'Granted bonuses as CSV',
    tag: boTag,
    query: s.boPromoBonusesQuery.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boReferralReport: defineRoute({
    ...e.boReferralReport,
    summary: 'Referral report: each invited friend with their referrer, standing, flags, decision, reward',
    tag: boTag,
    query: s.boReferralQuery,
    value: s.boReferralValue,
  }),
  boReferralReportCsv: defineRoute({
    ...e.boReferralReportCsv,
    summary: 'Referral report as CSV',
    tag: boTag,
    query: s.boReferralQuery.omit({ page: true, pageSize: true }),
    value: z.string(),
  }),
  boReferralDecide: defineRoute({
    ...e.boReferralDecide,
    summary: 'Approve (paid once through the grant) or reject (never paid) a friend under review (audited)',
    tag: boTag,
    body: s.boReferralDecideBody,
    value: s.boReferralDecideValue,
  }),
};
