import type { Announcements, Banner, CustomerService, Notice, Popup, SystemStatus } from '@khela/contract';

const bd = {
  code: 'khelabd',
  name: 'Khela Bangladesh',
  country: 'BD',
  currency: 'BDT',
  currencySymbol: '৳',
  languages: ['bn', 'en'],
  defaultLanguage: 'bn',
  dialCode: '+880',
} satisfies SystemStatus['info']['merchant'];

const india = {
  code: 'khelain',
  name: 'Khela India',
  country: 'IN',
  currency: 'INR',
  currencySymbol: '₹',
  languages: ['en', 'hi'],
  defaultLanguage: 'en',
  dialCode: '+91',
} satisfies SystemStatus['info']['merchant'];

/**
 * Service entries as the server sends them: `hex(ChaCha20-Poly1305(url)) + key` (decoded: /helpmc
 * and an outside link; apps/server/src/modules/site/cs-path.ts).
 */
export const SERVICE_ENTRIES: CustomerService[] = [
  {
    csType: 'LIVECHAT',
    path: '1ea3703c95c53d200970158231f628f446c58d7555497bkh3l4cs1',
    title: 'Live chat',
    csPosition: 'RIGHT',
  },
  {
    csType: 'FACEBOOK',
    path: '40af0b68b56ba505c2f2811993fb6fb5da17475de16b2512c61edf652280331e3928d3c54b268279b6479f98bcdf8b1893a0e809kh3l4fb2',
    title: 'Facebook',
    csPosition: 'RIGHT',
  },
];

type StatusOptions = {
  flags?: Record<string, boolean>;
  customerService?: CustomerService[];
  status?: 0 | 1 | 2;
};

/** A status answer like the demo server's, with the flags a test needs switched on or off. */
export const makeStatus = ({
  flags = {},
  customerService = SERVICE_ENTRIES,
  status = 0,
}: StatusOptions = {}): SystemStatus => {
  const allFlags: Record<string, boolean> = {
    COMM3: true,
    REG3: true,
    DIRECTREG3: true,
    REBATE3: true,
    ...flags,
  };
  return {
    status,
    settingsVersion: 1,
    info: {
      brand: {
        name: 'Khela',
        platform: 'WEB',
        merchant: 'khelabd',
        lotteryType: 'SEA',
        device: 'WEB',
        chatHeaderColor: '#0f766e',
        primaryColor: '#2563eb',
        esportGames: [],
        cockfightGames: [],
        defaultCurrencySymbol: 'P',
        defaultLanguage: 'bn',
        supportLanguages: ['bn', 'en'],
        loginedToHomePage: false,
        licences: ['Malta Gaming Authority', 'British Virgin Islands FSC', 'PAGCOR Philippines'],
        marketing: { slotGameCount: 10000, zaloBonus: '131K' },
      },
      merchant: bd,
      merchants: [bd, india],
      whitelabel: Object.entries(allFlags).map(([modId, on]) => ({
        modId,
        enabled: on ? ('1' as const) : ('0' as const),
        childrenNodes: [],
      })),
      register: {},
      resources: [],
      customerService,
      domainRoute: [],
      mainDomain: 'http://localhost',
      analytics: { gtagId: null },
      imageCDNs: [],
      launchGameCDNs: [],
    },
    location: { ip: '103.4.145.1', country: 'BD' },
    maintenance: { enabled: false, title: '', endTime: null, info: '' },
    regionRestriction: { restricted: false, country: null, info: '' },
  };
};

export const banner = (bannerId: number, groupName: string, extra: Partial<Banner> = {}): Banner => ({
  bannerId,
  title: `Banner ${bannerId}`,
  url: `/media/banner-${bannerId}.svg`,
  groupName,
  linkageType: 'ROUTE',
  link: '/promotions',
  ...extra,
});

export const NOTICES: Notice[] = [
  { id: 11, title: 'First notice', content: 'First body', createdAt: Date.UTC(2026, 0, 1) },
  { id: 12, title: 'Second notice', content: 'Second body', createdAt: Date.UTC(2026, 0, 2) },
  { id: 13, title: 'Third notice', content: 'Third body', createdAt: Date.UTC(2026, 0, 3) },
];

export const POPUPS: Popup[] = [
  { id: 21, title: 'Welcome bonus', content: 'Register today', createdAt: 0, execution: 'B', imageUrl: null },
  { id: 22, title: 'Get the app', content: 'Install it', createdAt: 0, execution: 'B', imageUrl: null },
];

export const makeAnnouncements = (extra: Partial<Announcements> = {}): Announcements => ({
  banners: [
    banner(1, 'w_home'),
    banner(2, 'w_home', { linkageType: 'NONE', link: null }),
    banner(3, 'w_rng'),
  ],
  player: NOTICES,
  popup: POPUPS,
  promotion: [],
  ...extra,
});
