import { GAME_PAGE_SIZE, type Language } from '@khela/contract';
import type { Localized } from '../../db/schema';

/** "0.10" → "0.1", "1.00" → "1": the lobby's min-bet options are written without trailing zeros. */
export const formatDecimal = (text: string) =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

export const pick = (text: Localized, language: Language) =>
  text[language] ?? text.en ?? Object.values(text)[0] ?? '';

export const mediaPath = (mediaId: string | null, url: string | null) =>
  mediaId ? `/media/${mediaId}` : url;

/** A winner's account name as the board shows it: "de***01". */
export const maskName = (name: string) => {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
};

/** Clamps a page request: size to 1..max (default 15), page to 1..totalPages (1 when empty). */
export const clampPage = (
  count: number,
  pageNo: number | undefined,
  pageSize: number | undefined,
  max: number,
) => {
  const size = Math.min(Math.max(pageSize ?? GAME_PAGE_SIZE, 1), max);
  const totalPages = Math.ceil(count / size);
  const page = Math.min(Math.max(pageNo ?? 1, 1), Math.max(totalPages, 1));
  return { size, totalPages, page, offset: (page - 1) * size };
};
