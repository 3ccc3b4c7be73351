/** A `datetime-local` input's text for an instant (local time), and back; null is empty. */
export const toLocalInput = (ms: number | null) => {
  if (ms === null) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
export const fromLocalInput = (text: string) => (text ? new Date(text).getTime() : null);
