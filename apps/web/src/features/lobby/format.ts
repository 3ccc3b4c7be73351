/** One formatter per language: building an `Intl.NumberFormat` costs far more than using one. */
const formatters = new Map<string, Intl.NumberFormat | null>();

/** A number in the page language's digits and grouping (১০,০০০ in Bangla). */
export const formatCount = (value: number, language: string) => {
  let formatter = formatters.get(language);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(language);
    } catch {
      formatter = null;
    }
    formatters.set(language, formatter);
  }
  return formatter ? formatter.format(value) : String(value);
};

/** Keys for a row of loading placeholders. */
export const placeholderKeys = (count: number) => Array.from({ length: count }, (_, n) => `placeholder-${n}`);
