/** A withdrawal's time in the page language (date and time, short). */
export const formatStamp = (epochMs: number, language: string) => {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
  } catch {
    return new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ');
  }
};
