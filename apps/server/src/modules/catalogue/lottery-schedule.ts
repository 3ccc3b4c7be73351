import type { LotteryGroup } from '@khela/contract';
import type { Localized } from '../../db/schema';

/** A lottery's draw schedule (table `lottery_schedule`). */
export type Schedule = {
  menuTag: LotteryGroup | string;
  /** Weekday numbers, 1 = Sunday .. 7 = Saturday. */
  drawDays: number[];
  firstDrawMinute: number;
  lastDrawMinute: number;
  /** null: one draw a day, at firstDrawMinute. */
  intervalMinutes: number | null;
  lockSeconds: number;
  utcOffsetMinutes: number;
  remark: Localized;
};

/** The open issue of a lottery: the next draw after `now` and the bets it takes. */
export type OpenIssue = { numero: string; drawAt: Date; remainTime: number; lockTime: number };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The draw minutes of one day: the single daily draw, or first..last every interval. */
export const drawMinutes = (s: Pick<Schedule, 'firstDrawMinute' | 'lastDrawMinute' | 'intervalMinutes'>) => {
  if (!s.intervalMinutes) return [s.firstDrawMinute];
  const minutes: number[] = [];
  for (let m = s.firstDrawMinute; m <= s.lastDrawMinute; m += s.intervalMinutes) minutes.push(m);
  return minutes;
};

/**
 * The next draw strictly after `now` on one of the schedule's weekdays, in the lottery's local
 * time: its issue number (`YYYYMMDD` of the draw's local date, plus `-NNNN`, the draw's number
 * in that day, when there are several a day), the seconds until it, and the lock seconds.
 */
export const openIssue = (s: Schedule, now: Date): OpenIssue => {
  const offsetMs = s.utcOffsetMinutes * MINUTE_MS;
  const localNow = now.getTime() + offsetMs;
  const localMidnight = Math.floor(localNow / DAY_MS) * DAY_MS;
  const minutes = drawMinutes(s);
  for (let day = 0; day <= 7; day++) {
    const midnight = localMidnight + day * DAY_MS;
    const local = new Date(midnight);
    if (!s.drawDays.includes(local.getUTCDay() + 1)) continue;
    for (const [index, minute] of minutes.entries()) {
      const drawLocal = midnight + minute * MINUTE_MS;
      if (drawLocal <= localNow) continue;
      const date = `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1, 2)}${pad(local.getUTCDate(), 2)}`;
      const drawAt = new Date(drawLocal - offsetMs);
      return {
        numero: minutes.length > 1 ? `${date}-${pad(index + 1, 4)}` : date,
        drawAt,
        remainTime: Math.ceil((drawAt.getTime() - now.getTime()) / 1000),
        lockTime: s.lockSeconds,
      };
    }
  }
  // Unreachable with at least one weekday: every week has a draw.
  throw new Error('lottery schedule without draw days');
};

type Template = Omit<Schedule, 'remark'> & { remark: Localized };

const daily = (
  menuTag: LotteryGroup,
  minute: number,
  drawDays: number[],
  lockSeconds: number,
  utcOffsetMinutes: number,
  remark: Localized,
): Template => ({
  menuTag,
  drawDays,
  firstDrawMinute: minute,
  lastDrawMinute: minute,
  intervalMinutes: null,
  lockSeconds,
  utcOffsetMinutes,
  remark,
});

const every = (
  menuTag: LotteryGroup,
  interval: number,
  first: number,
  last: number,
  lockSeconds: number,
  remark: Localized,
): Template => ({
  menuTag,
  drawDays: ALL_DAYS,
  firstDrawMinute: first,
  lastDrawMinute: last,
  intervalMinutes: interval,
  lockSeconds,
  utcOffsetMinutes: BANGLADESH,
  remark,
});

const VIETNAM = 7 * 60;
const BANGLADESH = 6 * 60;

/**
 * Default schedules by game code: Vietnamese regional draws daily in Vietnamese time, lotto on
 * three weekdays each, keno and quick games all day long. Real draw rules of such games, so a
 * catalogue's lottery has a believable timetable until an operator sets its own.
 */
const TEMPLATES: Record<string, Template> = {
  VNN: daily('VN', 18 * 60 + 15, ALL_DAYS, 15 * 60, VIETNAM, {
    en: 'Northern results, 27 prizes',
    bn: 'উত্তরের ফলাফল, ২৭টি পুরস্কার',
    hi: 'उत्तरी परिणाम, 27 पुरस्कार',
  }),
  VNS: daily('VN', 16 * 60 + 15, ALL_DAYS, 15 * 60, VIETNAM, {
    en: 'Southern results, 18 prizes',
    bn: 'দক্ষিণের ফলাফল, ১৮টি পুরস্কার',
    hi: 'दक्षिणी परिणाम, 18 पुरस्कार',
  }),
  VNC: daily('VN', 17 * 60 + 15, ALL_DAYS, 15 * 60, VIETNAM, {
    en: 'Central results, 18 prizes',
    bn: 'মধ্যাঞ্চলের ফলাফল, ১৮টি পুরস্কার',
    hi: 'मध्य परिणाम, 18 पुरस्कार',
  }),
  KENO1: every('KENO', 1, 0, 1439, 10, {
    en: '20 numbers of 80, every minute',
    bn: '৮০টির মধ্যে ২০টি সংখ্যা, প্রতি মিনিটে',
    hi: '80 में से 20 संख्याएँ, हर मिनट',
  }),
  KENO5: every('KENO', 5, 0, 1435, 30, {
    en: '20 numbers of 80, every 5 minutes',
    bn: '৮০টির মধ্যে ২০টি সংখ্যা, প্রতি ৫ মিনিটে',
    hi: '80 में से 20 संख्याएँ, हर 5 मिनट',
  }),
  L545: daily('LOTTO', 18 * 60, [3, 5, 7], 30 * 60, BANGLADESH, {
    en: '5 numbers of 45, Tue Thu Sat',
    bn: '৪৫টির মধ্যে ৫টি সংখ্যা, মঙ্গল বৃহস্পতি শনি',
    hi: '45 में से 5 संख्याएँ, मंगल गुरु शनि',
  }),
  L655: daily('LOTTO', 18 * 60 + 30, [1, 4, 6], 30 * 60, BANGLADESH, {
    en: '6 numbers of 55, Sun Wed Fri',
    bn: '৫৫টির মধ্যে ৬টি সংখ্যা, রবি বুধ শুক্র',
    hi: '55 में से 6 संख्याएँ, रवि बुध शुक्र',
  }),
  Q3D: every('DIGITS', 3, 0, 1437, 15, {
    en: 'Three digits, every 3 minutes',
    bn: 'তিন অঙ্ক, প্রতি ৩ মিনিটে',
    hi: 'तीन अंक, हर 3 मिनट',
  }),
  F5D: every('DIGITS', 5, 0, 1435, 30, {
    en: 'Five digits, every 5 minutes',
    bn: 'পাঁচ অঙ্ক, প্রতি ৫ মিনিটে',
    hi: 'पाँच अंक, हर 5 मिनट',
  }),
  P4: daily('DIGITS', 19 * 60, [2, 3, 4, 5, 6, 7], 30 * 60, BANGLADESH, {
    en: 'Four digits, Monday to Saturday',
    bn: 'চার অঙ্ক, সোমবার থেকে শনিবার',
    hi: 'चार अंक, सोमवार से शनिवार',
  }),
  R10: every('RACING', 5, 9 * 60, 23 * 60 + 55, 30, {
    en: '10 racers, every 5 minutes from 09:00',
    bn: '১০ জন রেসার, ০৯:০০ থেকে প্রতি ৫ মিনিটে',
    hi: '10 रेसर, 09:00 से हर 5 मिनट',
  }),
  LWD: every('WHEEL', 10, 8 * 60, 23 * 60 + 50, 30, {
    en: 'Wheel of 36, every 10 minutes from 08:00',
    bn: '৩৬ ঘরের চাকা, ০৮:০০ থেকে প্রতি ১০ মিনিটে',
    hi: '36 खानों का चक्र, 08:00 से हर 10 मिनट',
  }),
};

/** A small stable hash of a text (the same code always gets the same schedule). */
const hashOf = (text: string) => {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
};

/**
 * The default schedule of a lottery game: its code's template (each vendor's daily draws a few
 * minutes apart, so two vendors' lotteries of one code do not close together); an unknown code
 * draws every 10 minutes in a group of its own kind (keno names go to KENO).
 */
export const defaultSchedule = (gameId: string, vendor: string, name: string): Schedule => {
  const template = TEMPLATES[gameId.toUpperCase()];
  const shift = (hashOf(vendor) % 4) * 5;
  if (template) {
    if (template.intervalMinutes) return { ...template };
    const minute = Math.min(template.firstDrawMinute + shift, 1439);
    return { ...template, firstDrawMinute: minute, lastDrawMinute: minute };
  }
  const keno = /keno/i.test(name) || /keno/i.test(gameId);
  return every(keno ? 'KENO' : 'DIGITS', 10, shift, 1430, 30, {});
};
