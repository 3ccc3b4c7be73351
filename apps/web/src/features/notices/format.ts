/** A notice's date and time in the page language (Bangla digits in bn, Devanagari-locale in hi). */
export const formatNoticeDate = (epochMs: number, language: string) => {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
  } catch {
    return new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ');
  }
};
