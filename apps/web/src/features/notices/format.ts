import { formatDate } from '../../shared/format/locale';

/** A notice's date and time in the page language (Bangla digits in bn, Devanagari-locale in hi). */
export const formatNoticeDate = (epochMs: number, language: string) => formatDate(epochMs, language);
