import type { Localized } from '../schema';

export type HelpSeed = { tag: string; title: Localized; content: Localized; children?: HelpSeed[] };

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');
const ol = (...items: string[]) => `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;

/** Help-centre articles of the demo brand (HTML, sanitised again when shown). */
export const HELP_ARTICLES: HelpSeed[] = [
  {
    tag: 'aboutus',
    title: { bn: 'আমাদের সম্পর্কে', en: 'About us', hi: 'हमारे बारे में' },
    content: {
      bn: p(
        'খেলা একটি অনলাইন গেমিং প্ল্যাটফর্ম: স্লট, লাইভ ক্যাসিনো, ফিশিং, লটারি, স্পোর্টস এবং আরও অনেক কিছু।',
        'আমরা মাল্টা, ব্রিটিশ ভার্জিন দ্বীপপুঞ্জ এবং ফিলিপাইনের লাইসেন্সের অধীনে পরিচালিত।',
      ),
      en: p(
        'Khela is an online gaming platform: slots, live casino, fishing, lottery, sports and more.',
        'We operate under licences from Malta, the British Virgin Islands and the Philippines.',
      ),
      hi: p(
        'खेला एक ऑनलाइन गेमिंग प्लेटफ़ॉर्म है: स्लॉट, लाइव कैसीनो, फ़िशिंग, लॉटरी, खेल और बहुत कुछ।',
        'हम माल्टा, ब्रिटिश वर्जिन द्वीप समूह और फ़िलीपींस के लाइसेंस के तहत काम करते हैं।',
      ),
    },
  },
  {
    tag: 'deposit',
    title: { bn: 'জমা', en: 'Deposit', hi: 'जमा' },
    content: {
      bn: ol(
        'সদস্য কেন্দ্রে "জমা বাড়ান" খুলুন।',
        'একটি চ্যানেল বেছে নিন (বিকাশ, নগদ, রকেট বা ব্যাংক)।',
        'পরিমাণ এবং লেনদেন নম্বর (TrxID) লিখে জমা দিন।',
      ),
      en: ol(
        'Open "Deposit" in the member centre.',
        'Choose a channel (bKash, Nagad, Rocket, UPI or bank transfer).',
        'Enter the amount and the payment reference (TrxID/UTR) and submit.',
      ),
      hi: ol(
        'सदस्य केंद्र में "जमा" खोलें।',
        'एक चैनल चुनें (UPI या बैंक ट्रांसफ़र)।',
        'राशि और भुगतान संदर्भ (UTR) दर्ज करें और जमा करें।',
      ),
    },
  },
  {
    tag: 'withdraw',
    title: { bn: 'উত্তোলন', en: 'Withdraw', hi: 'निकासी' },
    content: {
      bn: ol(
        'একটি পেমেন্ট অ্যাকাউন্ট যুক্ত করুন।',
        'পেমেন্ট পাসওয়ার্ড সেট করুন।',
        'পরিমাণ লিখুন এবং পেমেন্ট পাসওয়ার্ড দিয়ে নিশ্চিত করুন।',
      ),
      en: ol(
        'Bind a payout account.',
        'Set your payment password.',
        'Enter the amount and confirm with your payment password.',
      ),
      hi: ol('एक भुगतान खाता जोड़ें।', 'अपना भुगतान पासवर्ड सेट करें।', 'राशि दर्ज करें और भुगतान पासवर्ड से पुष्टि करें।'),
    },
  },
  {
    tag: 'game',
    title: { bn: 'গেম', en: 'Games', hi: 'गेम' },
    content: {
      bn: p(
        'প্রতিটি গেমের ফলাফল একটি যাচাইযোগ্য ন্যায্য র‍্যান্ডম জেনারেটর থেকে আসে।',
        'খেলার আগে লগইন করুন; প্রিয় গেমগুলি সংরক্ষণ করতে তারকা চিহ্নে চাপুন।',
      ),
      en: p(
        'Every game result comes from a provably fair random generator.',
        'Log in before you play; tap the star to keep a game in your saved list.',
      ),
      hi: p(
        'हर गेम का परिणाम एक सत्यापन-योग्य निष्पक्ष रैंडम जनरेटर से आता है।',
        'खेलने से पहले लॉग इन करें; किसी गेम को सहेजने के लिए तारे पर टैप करें।',
      ),
    },
  },
  {
    tag: 'faqs',
    title: { bn: 'সাধারণ প্রশ্ন', en: 'FAQs', hi: 'सामान्य प्रश्न' },
    content: {
      bn: p('সবচেয়ে বেশি জিজ্ঞাসিত প্রশ্নের উত্তর।'),
      en: p('Answers to the questions we are asked most.'),
      hi: p('सबसे अधिक पूछे जाने वाले प्रश्नों के उत्तर।'),
    },
    children: [
      {
        tag: 'faq-password',
        title: { bn: 'পাসওয়ার্ড ভুলে গেছি?', en: 'Forgot your password?', hi: 'पासवर्ड भूल गए?' },
        content: {
          bn: p('লগইন উইন্ডোতে "পাসওয়ার্ড ভুলে গেছেন" চাপুন এবং ইমেল বা মোবাইল দিয়ে রিসেট করুন।'),
          en: p('Tap "Forgot password" in the login window and reset it by email or mobile number.'),
          hi: p('लॉगिन विंडो में "पासवर्ड भूल गए" पर टैप करें और ईमेल या मोबाइल से रीसेट करें।'),
        },
      },
      {
        tag: 'faq-withdraw-time',
        title: {
          bn: 'উত্তোলনে কত সময় লাগে?',
          en: 'How long does a withdrawal take?',
          hi: 'निकासी में कितना समय लगता है?',
        },
        content: {
          bn: p('সাধারণত ৩০ মিনিটের মধ্যে। অবস্থা সদস্য কেন্দ্রে দেখা যায়।'),
          en: p('Usually within 30 minutes. You can follow its status in the member centre.'),
          hi: p('आमतौर पर 30 मिनट के भीतर। आप सदस्य केंद्र में इसकी स्थिति देख सकते हैं।'),
        },
      },
    ],
  },
  {
    tag: 'terms',
    title: { bn: 'ব্যবহারের শর্তাবলী', en: 'Terms of use', hi: 'उपयोग की शर्तें' },
    content: {
      bn: ol(
        'নিবন্ধনের জন্য আপনার বয়স অন্তত ১৮ বছর হতে হবে।',
        'প্রতি ব্যক্তির একটি মাত্র অ্যাকাউন্ট থাকতে পারে।',
        'বোনাসের অপব্যবহার করলে অ্যাকাউন্ট বন্ধ হতে পারে।',
        'দায়িত্বশীলভাবে খেলুন; প্রয়োজনে গ্রাহক সেবার সাথে যোগাযোগ করুন।',
      ),
      en: ol(
        'You must be at least 18 years old to register.',
        'One account per person.',
        'Abuse of bonuses may lead to the account being closed.',
        'Play responsibly; contact customer service whenever you need help.',
      ),
      hi: ol(
        'पंजीकरण के लिए आपकी आयु कम से कम 18 वर्ष होनी चाहिए।',
        'प्रति व्यक्ति केवल एक खाता।',
        'बोनस के दुरुपयोग पर खाता बंद किया जा सकता है।',
        'ज़िम्मेदारी से खेलें; ज़रूरत हो तो ग्राहक सेवा से संपर्क करें।',
      ),
    },
  },
];
