import { BANNER_GROUPS } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB, Localized } from '../schema';
import { drawBanner } from './banner-art';
import { HELP_ARTICLES } from './help-articles';

const t = (bn: string, en: string, hi: string): string => JSON.stringify({ bn, en, hi } satisfies Localized);

/** Where a banner of each group leads when tapped (a route inside the site). */
const BANNER_LINKS: Record<string, string> = {
  w_home: '/promotions',
  w_rng: '/rng',
  w_live: '/live',
  w_fish: '/fish',
  w_pvp: '/pvp',
  w_sports: '/sports',
  w_esports: '/esports',
  w_lott: '/lottery',
  w_cockfight: '/cockfight',
  w_promotion: '/promotions',
  w_shop: '/pointMall',
  w_help: '/help',
  w_reg: '/register',
};

/** Rich text of a promotion in one language: a lead paragraph and its rules. */
const promoHtml = (lead: string, rules: string[]) =>
  `<p>${lead}</p><ul>${rules.map((rule) => `<li>${rule}</li>`).join('')}</ul>`;

/**
 * The demo promotions (kind PR): a category each (API-FACTS §2.5), a cover from the generated
 * art, start and end dates, and rules as rich text in three languages. Taking part is a later
 * issue: the texts describe the offer, nothing on the site claims it.
 */
const DEMO_PROMOTIONS: {
  category: string;
  type: string;
  title: [string, string, string];
  content: [string, string, string];
  art: [string, number];
  start: Date;
  end: Date | null;
}[] = [
  {
    category: 'new_player',
    type: 'DEPOSIT_BONUS',
    title: ['প্রথম জমায় ১০০% বোনাস', '100% first deposit bonus', 'पहली जमा पर 100% बोनस'],
    content: [
      promoHtml('প্রথম জমার সমপরিমাণ বোনাস, সর্বোচ্চ <strong>১০,০০০</strong> পর্যন্ত।', [
        'নতুন অ্যাকাউন্টের প্রথম জমায় প্রযোজ্য।',
        'বোনাস তোলার আগে বোনাসের ২০ গুণ বাজি ধরতে হবে।',
      ]),
      promoHtml('A bonus equal to your first deposit, up to <strong>10,000</strong>.', [
        'For the first deposit of a new account.',
        'Wager the bonus 20 times before withdrawing it.',
      ]),
      promoHtml('पहली जमा के बराबर बोनस, अधिकतम <strong>10,000</strong> तक।', [
        'नए खाते की पहली जमा पर लागू।',
        'निकासी से पहले बोनस का 20 गुना दांव लगाएं।',
      ]),
    ],
    art: ['w_promotion', 0],
    start: new Date('2026-01-01T00:00:00Z'),
    end: null,
  },
  {
    category: 'rebate_promo',
    type: 'REBATE',
    title: ['স্লটে প্রতিদিন ১% রিবেট', 'Daily 1% rebate on slots', 'स्लॉट पर रोज़ 1% रिबेट'],
    content: [
      promoHtml('প্রতিদিনের স্লট বাজির উপর ১% ফেরত।', ['প্রতিদিন মধ্যরাতে হিসাব করা হয়।', 'সর্বনিম্ন বাজি নেই।']),
      promoHtml('Get 1% back on every day of slot play.', [
        'Worked out every day at midnight.',
        'No minimum stake.',
      ]),
      promoHtml('हर दिन के स्लॉट दांव पर 1% वापस।', ['हर दिन आधी रात को गणना।', 'कोई न्यूनतम दांव नहीं।']),
    ],
    art: ['w_promotion', 1],
    start: new Date('2026-01-01T00:00:00Z'),
    end: new Date('2030-12-31T12:00:00Z'),
  },
  {
    category: 'rng_promo',
    type: 'TOURNAMENT',
    title: ['সাপ্তাহিক স্লট টুর্নামেন্ট', 'Weekly slot tournament', 'साप्ताहिक स्लॉट टूर्नामेंट'],
    content: [
      promoHtml('সপ্তাহের সবচেয়ে বড় জয়ের তালিকার শীর্ষ ১০ জন পুরস্কার পান।', [
        'প্রতি সোমবার নতুন করে শুরু।',
        'যেকোনো স্লট গেম গণ্য হয়।',
      ]),
      promoHtml("The week's ten biggest slot wins share the prize pool.", [
        'Starts again every Monday.',
        'Every slot game counts.',
      ]),
      promoHtml('सप्ताह की दस सबसे बड़ी स्लॉट जीत इनाम बांटती हैं।', [
        'हर सोमवार फिर से शुरू।',
        'हर स्लॉट गेम गिना जाता है।',
      ]),
    ],
    art: ['w_rng', 0],
    start: new Date('2026-01-01T00:00:00Z'),
    end: new Date('2030-12-31T12:00:00Z'),
  },
  {
    category: 'live_promo',
    type: 'CASHBACK',
    title: ['লাইভ ক্যাসিনোতে ৫% ক্যাশব্যাক', '5% cashback on live casino', 'लाइव कैसीनो पर 5% कैशबैक'],
    content: [
      promoHtml('লাইভ টেবিলে সপ্তাহের নিট ক্ষতির ৫% ফেরত।', ['প্রতি সোমবার জমা হয়।']),
      promoHtml("5% of the week's net loss at live tables back.", ['Paid every Monday.']),
      promoHtml('लाइव टेबल पर सप्ताह के शुद्ध नुकसान का 5% वापस।', ['हर सोमवार जमा।']),
    ],
    art: ['w_live', 0],
    start: new Date('2026-01-01T00:00:00Z'),
    end: new Date('2030-12-31T12:00:00Z'),
  },
  {
    category: 'app_download',
    type: 'APP',
    title: ['অ্যাপে খেলুন', 'Play on the app', 'ऐप पर खेलें'],
    content: [
      promoHtml('অ্যাপ ইনস্টল করুন এবং এক ট্যাপে খেলা শুরু করুন।', ['ডাউনলোড পৃষ্ঠায় QR কোড স্ক্যান করুন।']),
      promoHtml('Install the app and start playing in one tap.', [
        'Scan the QR code on the <a href="/download">download page</a>.',
      ]),
      promoHtml('ऐप इंस्टॉल करें और एक टैप में खेलना शुरू करें।', ['डाउनलोड पेज पर QR कोड स्कैन करें।']),
    ],
    art: ['w_shop', 0],
    start: new Date('2026-01-01T00:00:00Z'),
    end: null,
  },
];

const BANNER_TITLES: [string, string, string][] = [
  ['স্বাগতম বোনাস ১০০%', 'Welcome bonus 100%', 'स्वागत बोनस 100%'],
  ['প্রতিদিন রিবেট', 'Daily rebate', 'रोज़ाना रिबेट'],
  ['বন্ধুকে আমন্ত্রণ জানান', 'Invite a friend', 'दोस्त को आमंत्रित करें'],
];

const NOTICES: [string, string, string][][] = [
  [
    [
      'খেলা-তে স্বাগতম! নতুন সদস্যদের জন্য বিশেষ অফার চলছে।',
      'Welcome to Khela! Special offers for new members are running now.',
      'खेला में आपका स्वागत है! नए सदस्यों के लिए विशेष ऑफ़र जारी हैं।',
    ],
    [
      'নতুন সদস্যরা প্রথম জমায় বোনাস পাবেন। বিস্তারিত প্রোমোশন পাতায়।',
      'New members get a bonus on their first deposit. Details on the promotions page.',
      'नए सदस्यों को पहली जमा पर बोनस मिलेगा। विवरण प्रमोशन पेज पर।',
    ],
  ],
  [
    [
      'রক্ষণাবেক্ষণ: প্রতি মঙ্গলবার রাত ২টা থেকে ৩টা।',
      'Maintenance: every Tuesday from 02:00 to 03:00.',
      'रखरखाव: हर मंगलवार रात 2 से 3 बजे तक।',
    ],
    [
      'এই সময়ে কিছু গেম সাময়িকভাবে বন্ধ থাকতে পারে।',
      'Some games may be briefly unavailable during this window.',
      'इस दौरान कुछ गेम थोड़े समय के लिए बंद रह सकते हैं।',
    ],
  ],
  [
    [
      'দায়িত্বশীলভাবে খেলুন। ১৮ বছরের কম বয়সীদের জন্য নয়।',
      'Play responsibly. Not for anyone under 18.',
      'ज़िम्मेदारी से खेलें। 18 वर्ष से कम उम्र वालों के लिए नहीं।',
    ],
    [
      'আপনার সীমা নির্ধারণ করুন এবং প্রয়োজনে বিরতি নিন।',
      'Set your limits and take a break when you need one.',
      'अपनी सीमा तय करें और ज़रूरत पड़ने पर विराम लें।',
    ],
  ],
];

/** Banners for all 13 groups, notices of kinds PL/PU/PR and the help centre, for every merchant. */
export const seedDemoContent = async (db: Kysely<DB>, merchantCodes: string[]) => {
  const art = BANNER_GROUPS.flatMap((group) => {
    const count = group === 'w_home' ? 3 : 2;
    return Array.from({ length: count }, (_, index) => ({ group, index, image: drawBanner(group, index) }));
  });
  await db
    .insertInto('media')
    .values(
      art.map(({ image }) => ({ id: image.id, mime: image.mime, bytes: image.bytes, sha256: image.sha256 })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  for (const merchant of merchantCodes) {
    await db
      .insertInto('announcement')
      .values(
        art.map(({ group, index, image }) => {
          const [bn, en, hi] = BANNER_TITLES[index % BANNER_TITLES.length]!;
          return {
            merchant_code: merchant,
            kind: 'B' as const,
            group_name: group,
            title: t(bn, en, hi),
            content: t('', '', ''),
            linkage_type: index === 2 ? ('NONE' as const) : ('ROUTE' as const),
            link: index === 2 ? null : BANNER_LINKS[group]!,
            media_id: image.id,
            sort: index,
          };
        }),
      )
      .execute();

    await db
      .insertInto('announcement')
      .values(
        NOTICES.map(([title, content], sort) => ({
          merchant_code: merchant,
          kind: 'PL' as const,
          title: t(...title!),
          content: t(...content!),
          sort,
        })),
      )
      .execute();

    await db
      .insertInto('announcement')
      .values([
        {
          merchant_code: merchant,
          kind: 'PU',
          execution: 'B',
          title: t('স্বাগতম বোনাস', 'Welcome bonus', 'स्वागत बोनस'),
          content: t(
            'আজই নিবন্ধন করুন এবং প্রথম জমায় ১০০% বোনাস নিন।',
            'Register today and get a 100% bonus on your first deposit.',
            'आज ही रजिस्टर करें और पहली जमा पर 100% बोनस पाएं।',
          ),
          sort: 0,
        },
        {
          merchant_code: merchant,
          kind: 'PU',
          execution: 'B',
          title: t('অ্যাপ ডাউনলোড করুন', 'Get the app', 'ऐप डाउनलोड करें'),
          content: t(
            'ফোনের জন্য আমাদের অ্যাপ ইনস্টল করুন: দ্রুত এবং সহজ।',
            'Install our app on your phone: faster and easier.',
            'अपने फ़ोन पर हमारा ऐप इंस्टॉल करें: तेज़ और आसान।',
          ),
          sort: 1,
        },
        {
          merchant_code: merchant,
          kind: 'PU',
          execution: 'A',
          title: t('আবার স্বাগতম', 'Welcome back', 'फिर से स्वागत है'),
          content: t('আজকের রিবেট অফার দেখুন।', "Have a look at today's rebate offers.", 'आज के रिबेट ऑफ़र देखें।'),
          sort: 0,
        },
        {
          merchant_code: merchant,
          kind: 'PU',
          execution: 'F',
          title: t('প্রথম লগইন', 'First login', 'पहला लॉगिन'),
          content: t(
            'অ্যাকাউন্ট সুরক্ষিত রাখতে আপনার মোবাইল নম্বর যাচাই করুন।',
            'Verify your mobile number to keep your account safe.',
            'अपना खाता सुरक्षित रखने के लिए मोबाइल नंबर सत्यापित करें।',
          ),
          sort: 0,
        },
      ])
      .execute();

    await db
      .insertInto('announcement')
      .values([
        ...DEMO_PROMOTIONS.map((promo, sort) => ({
          merchant_code: merchant,
          kind: 'PR' as const,
          category: promo.category,
          promotion_type: promo.type,
          title: t(...promo.title),
          content: t(...promo.content),
          media_id: art.filter((a) => a.group === promo.art[0])[promo.art[1]]!.image.id,
          start_at: promo.start,
          end_at: promo.end,
          sort,
        })),
      ])
      .execute();

    await insertHelp(db, merchant);
  }

  // Customer-service entries: live chat opens the help centre without header in the 440x750 window.
  for (const merchant of merchantCodes) {
    await db
      .updateTable('site_setting')
      .set({
        value: JSON.stringify([
          { csType: 'LIVECHAT', url: '/helpmc', title: 'Live chat', csPosition: 'RIGHT', key: 'kh3l4cs1' },
          {
            csType: 'FACEBOOK',
            url: 'https://www.facebook.com/khela.games',
            title: 'Facebook',
            csPosition: 'RIGHT',
            key: 'kh3l4fb2',
          },
          {
            csType: 'TELEGRAM',
            url: 'https://t.me/khela_support',
            title: 'Telegram',
            csPosition: 'RIGHT',
            key: 'kh3l4tg3',
          },
        ]),
      })
      .where('merchant_code', '=', merchant)
      .where('key', '=', 'customerService')
      .execute();
  }
};

const insertHelp = async (db: Kysely<DB>, merchant: string) => {
  for (const [sort, article] of HELP_ARTICLES.entries()) {
    const parent = await db
      .insertInto('help_article')
      .values({
        merchant_code: merchant,
        parent_id: null,
        tag: article.tag,
        title: JSON.stringify(article.title),
        content: JSON.stringify(article.content),
        bg_color: null,
        sort,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [childSort, child] of (article.children ?? []).entries()) {
      await db
        .insertInto('help_article')
        .values({
          merchant_code: merchant,
          parent_id: parent.id,
          tag: child.tag,
          title: JSON.stringify(child.title),
          content: JSON.stringify(child.content),
          bg_color: null,
          sort: childSort,
        })
        .execute();
    }
  }
};
