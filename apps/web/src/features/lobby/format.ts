import { formatNumber } from '../../shared/format/locale';

/** A number in the page language's digits and grouping (১০,০০০ in Bangla): the shared formatter. */
export const formatCount = (value: number, language: string) => formatNumber(value, language);

/** Keys for a row of loading placeholders. */
export const placeholderKeys = (count: number) => Array.from({ length: count }, (_, n) => `placeholder-${n}`);
