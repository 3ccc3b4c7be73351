/** The security centre's framed block and result notes (the member centre's look, in shared/ui). */
export { Note, Panel as Section } from '../../shared/ui/panel';

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Minor units as a decimal amount with 2 places. */
export const decimalOf = (minor: string | null) => {
  if (minor === null || !/^-?[0-9]+$/.test(minor)) return '—';
  const n = BigInt(minor);
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

export const PROTECTION_KEY = ['protection'] as const;
