import { MOD_IDS, type RegisterRule, type WhitelabelNode } from '@khela/contract';
import type { Settings } from '../../modules/site';

/** Flags that start off in the demo brand: the second-factor steps a fresh install cannot serve. */
/** HUMANVERIF3 stays off until the web app solves the proof-of-work challenge before these calls. */
const OFF_BY_DEFAULT = new Set<string>(['GEETEST3', 'LOGINIPVERF3', 'CAPTCHA3', 'HUMANVERIF3']);

/** Children of a module: turning the parent off turns these off too. */
const CHILDREN: Record<string, string[]> = {
  REG3: ['USERNAMEREG3', 'MOBILENUMREG3', 'MOBILENUMPASSREG3', 'REGMOBVERF3', 'DIRECTREG3'],
  GAMELO3: ['GAMELOHOT3', 'GAMELOFAV3', 'GAMELOREC3'],
  AGENTPOLICY3: ['SIGNCONDIV3', 'DAILYSALCONT3', 'HOURSAL3', 'RTSALARY3'],
};

export const defaultWhitelabel = (): WhitelabelNode[] => {
  const childCodes = new Set(Object.values(CHILDREN).flat());
  const node = (modId: string): WhitelabelNode => ({
    modId,
    enabled: OFF_BY_DEFAULT.has(modId) ? '0' : '1',
    childrenNodes: (CHILDREN[modId] ?? []).map(node),
  });
  return MOD_IDS.filter((id) => !childCodes.has(id)).map(node);
};

const rule = (
  patternId: number,
  acceptedPattern: string,
  min: number,
  max: number,
  over: Partial<RegisterRule> = {},
) => ({
  enabled: false,
  required: false,
  acceptedPattern,
  patternId,
  minLength: min,
  maxLength: max,
  ...over,
});

/** Register field rules (API-FACTS §3.2): which optional fields show, and how each is checked. */
export const defaultRegisterRules = (): Settings['register'] => ({
  username: rule(1, '^[a-zA-Z][a-zA-Z0-9]*$', 6, 12, { enabled: true, required: true }),
  password: rule(4, '^[a-zA-Z0-9]*$', 6, 12, { enabled: true, required: true }),
  payeeName: rule(8, '^[a-zA-Z ]*$', 2, 40, { enabled: true }),
  paymentPassword: rule(6, '^[0-9]*$', 6, 6),
  qqNum: rule(6, '^[0-9]*$', 5, 12),
  line: rule(9, '^\\S*$', 3, 30),
  whatsapp: rule(6, '^[0-9]*$', 8, 15, { enabled: true }),
  facebook: rule(9, '^\\S*$', 3, 50),
  wechat: rule(9, '^\\S*$', 3, 30),
  idNumber: rule(4, '^[a-zA-Z0-9]*$', 6, 20),
  email: rule(3, '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 6, 60, { enabled: true }),
  mobileNum: rule(6, '^[0-9]*$', 8, 11, { enabled: true, required: true }),
  recommenderId: rule(4, '^[a-zA-Z0-9]*$', 4, 12),
  affiliateCode: rule(4, '^[a-zA-Z0-9]*$', 4, 12, { enabled: true }),
  captcha: rule(6, '^[0-9]*$', 4, 4),
});

export type MerchantSeed = {
  code: string;
  name: string;
  country: string;
  currency: string;
  currencySymbol: string;
  languages: ('bn' | 'en' | 'hi')[];
  defaultLanguage: 'bn' | 'en' | 'hi';
  dialCode: string;
};

/** The two demo merchants: Bangladesh (BDT; BN, EN) first, because the brand's default language is BN. */
export const MERCHANTS: MerchantSeed[] = [
  {
    code: 'khelabd',
    name: 'Khela Bangladesh',
    country: 'BD',
    currency: 'BDT',
    currencySymbol: '৳',
    languages: ['bn', 'en'],
    defaultLanguage: 'bn',
    dialCode: '+880',
  },
  {
    code: 'khelain',
    name: 'Khela India',
    country: 'IN',
    currency: 'INR',
    currencySymbol: '₹',
    languages: ['en', 'hi'],
    defaultLanguage: 'en',
    dialCode: '+91',
  },
];

export const baseSettings = (merchant: MerchantSeed, brandMerchant: string, publicUrl: string): Settings => ({
  brand: {
    name: 'Khela',
    platform: 'WEB',
    merchant: brandMerchant,
    lotteryType: 'SEA',
    device: 'WEB',
    chatHeaderColor: '#0f766e',
    primaryColor: '#f59e0b',
    esportGames: [],
    cockfightGames: [],
    defaultCurrencySymbol: 'P',
    defaultLanguage: merchant.defaultLanguage,
    supportLanguages: merchant.languages,
    loginedToHomePage: false,
    licences: [
      'Malta Gaming Authority',
      'British Virgin Islands Financial Services Commission',
      'PAGCOR Philippines',
    ],
    marketing: { slotGameCount: 10000, zaloBonus: '131K' },
  },
  whitelabel: defaultWhitelabel(),
  register: defaultRegisterRules(),
  resources: [
    {
      resourceType: 'Android',
      url: `${publicUrl}/download?os=android`,
      qrCodeUrl: null,
      labelNameEn: 'Android app',
    },
    { resourceType: 'iOS', url: `${publicUrl}/download?os=ios`, qrCodeUrl: null, labelNameEn: 'iPhone app' },
    {
      resourceType: 'WHATSAPP',
      url: 'https://wa.me/8801700000000',
      qrCodeUrl: null,
      labelNameEn: 'WhatsApp',
    },
    { resourceType: 'TELEGRAM', url: 'https://t.me/khela_support', qrCodeUrl: null, labelNameEn: 'Telegram' },
    {
      resourceType: 'FACEBOOK',
      url: 'https://www.facebook.com/khela.games',
      qrCodeUrl: null,
      labelNameEn: 'Facebook',
    },
  ],
  customerService: [],
  domainRoute: {
    '0': [{ domainName: publicUrl, speed: 1 }],
    '3': [{ domainName: publicUrl, speed: 1 }],
  },
  maintenance: { enabled: false, title: '', endTime: null, info: '' },
  region: { blockedCountries: [], info: '' },
  cdn: { imageCDNs: [''], launchGameCDNs: [''] },
  analytics: { gtagId: null },
  mainDomain: publicUrl,
});
