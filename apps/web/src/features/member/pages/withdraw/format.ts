import { formatDate } from '../../../../shared/format/locale';

/** A withdrawal's time in the page language (date and time, short). */
export const formatStamp = (epochMs: number, language: string) => formatDate(epochMs, language);
