import { z } from 'zod';
import { defineRoute } from '../core/route';
import { siteEndpoints } from './endpoints';
import {
  announcementsValue,
  domainRouteItem,
  helpArticle,
  language,
  registerRules,
  systemStatusValue,
  whitelabelNode,
} from './schemas';

const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;

export const siteRoutes = {
  systemStatus: defineRoute({
    ...siteEndpoints.systemStatus,
    tag: 'system',
    summary: 'Permission: brand, flags, rules, resources, service entries, location, maintenance, region',
    query: z.object({ url: z.string().max(255).optional() }),
    value: systemStatusValue,
  }),
  whitelabel: defineRoute({
    ...siteEndpoints.whitelabel,
    tag: 'system',
    summary: 'Whitelabel module tree',
    value: z.array(whitelabelNode),
  }),
  registerSettings: defineRoute({
    ...siteEndpoints.registerSettings,
    tag: 'system',
    summary: 'Registration field rules',
    value: registerRules,
  }),
  domainRoute: defineRoute({
    ...siteEndpoints.domainRoute,
    tag: 'system',
    summary: 'Domain list for a device (0 desktop, 3 mobile)',
    query: z.object({ device: z.enum(['0', '3']) }),
    value: z.object({ domainList: z.array(domainRouteItem) }),
  }),
  helpCenter: defineRoute({
    ...siteEndpoints.helpCenter,
    tag: 'system',
    summary: 'Help-centre articles in a language',
    query: z.object({ lang: language.optional(), device: z.literal('WEB').optional() }),
    value: z.array(helpArticle),
  }),
  announcements: defineRoute({
    ...siteEndpoints.announcements,
    tag: 'content',
    summary: 'Banners (B), player notices (PL), popups (PU) and promotions (PR)',
    query: z.object({
      types: z
        .string()
        .max(40)
        .regex(new RegExp(`^(${ANNOUNCEMENT_TYPES.join('|')})(,(${ANNOUNCEMENT_TYPES.join('|')}))*$`))
        .default('B,PL,PU,PR'),
      platform: z.enum(['W', 'M']).default('W'),
      execution: z.enum(['B', 'A', 'F']).default('B'),
    }),
    value: announcementsValue,
  }),
};
