import type { Language } from '@khela/contract';

/** Texts of the SMS and mail the identity calls send, in the caller's language. */

export const smsCodeText = (language: Language, brand: string, code: string, minutes: number) => {
  switch (language) {
    case 'bn':
      return `${brand}: আপনার যাচাইকরণ কোড ${code}। এটি ${minutes} মিনিট পর্যন্ত বৈধ। কোডটি কাউকে জানাবেন না।`;
    case 'hi':
      return `${brand}: आपका सत्यापन कोड ${code} है। यह ${minutes} मिनट तक मान्य है। इसे किसी के साथ साझा न करें।`;
    default:
      return `${brand}: your verification code is ${code}. It is valid for ${minutes} minutes. Never share it.`;
  }
};

export const temporaryPasswordMail = (
  language: Language,
  brand: string,
  username: string,
  password: string,
): { subject: string; text: string } => {
  switch (language) {
    case 'bn':
      return {
        subject: `${brand}: আপনার অস্থায়ী পাসওয়ার্ড`,
        text: [
          `প্রিয় ${username},`,
          '',
          `আপনার অস্থায়ী পাসওয়ার্ড: ${password}`,
          '',
          'এই পাসওয়ার্ড দিয়ে লগ ইন করুন; লগ ইনের পরেই আপনাকে নতুন পাসওয়ার্ড বেছে নিতে হবে।',
          'আপনি এটি না চেয়ে থাকলে, লগ ইন করে পাসওয়ার্ড পরিবর্তন করুন অথবা গ্রাহক সেবায় যোগাযোগ করুন।',
        ].join('\n'),
      };
    case 'hi':
      return {
        subject: `${brand}: आपका अस्थायी पासवर्ड`,
        text: [
          `प्रिय ${username},`,
          '',
          `आपका अस्थायी पासवर्ड: ${password}`,
          '',
          'इस पासवर्ड से लॉग इन करें; लॉग इन के तुरंत बाद आपको नया पासवर्ड चुनना होगा।',
          'अगर आपने यह नहीं माँगा था, तो लॉग इन करके पासवर्ड बदलें या ग्राहक सेवा से संपर्क करें।',
        ].join('\n'),
      };
    default:
      return {
        subject: `${brand}: your temporary password`,
        text: [
          `Dear ${username},`,
          '',
          `Your temporary password: ${password}`,
          '',
          'Sign in with it; right after signing in you will choose a new password.',
          'If you did not ask for this, sign in and change your password, or contact customer service.',
        ].join('\n'),
      };
  }
};

/** The mail with the code of a login from a new IP (LOGINIPVERF3). */
export const loginCodeMail = (
  language: Language,
  brand: string,
  code: string,
  minutes: number,
): { subject: string; text: string } => {
  switch (language) {
    case 'bn':
      return {
        subject: `${brand}: নতুন ডিভাইস থেকে লগ ইন`,
        text: `নতুন একটি নেটওয়ার্ক থেকে আপনার অ্যাকাউন্টে লগ ইনের চেষ্টা হয়েছে। কোড: ${code} (${minutes} মিনিট বৈধ)। আপনি না হলে পাসওয়ার্ড পরিবর্তন করুন।`,
      };
    case 'hi':
      return {
        subject: `${brand}: नए नेटवर्क से लॉग इन`,
        text: `एक नए नेटवर्क से आपके खाते में लॉग इन की कोशिश हुई। कोड: ${code} (${minutes} मिनट तक मान्य)। अगर यह आप नहीं थे, तो पासवर्ड बदलें।`,
      };
    default:
      return {
        subject: `${brand}: sign-in from a new network`,
        text: `Someone is signing in to your account from a new network. Code: ${code} (valid for ${minutes} minutes). If this was not you, change your password.`,
      };
  }
};
