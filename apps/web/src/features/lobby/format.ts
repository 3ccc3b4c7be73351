/** A number in the page language's digits and grouping (১০,০০০ in Bangla). */
export const formatCount = (value: number, language: string) => {
  try {
    return new Intl.NumberFormat(language).format(value);
  } catch {
    return String(value);
  }
};

/** Keys for a row of loading placeholders. */
export const placeholderKeys = (count: number) => Array.from({ length: count }, (_, n) => `placeholder-${n}`);
