import { createContext, useContext } from 'react';
import { cx } from '../ui/cx';

/**
 * How the kit's controls look: `sunken` in the sign-in modals and pages (on the modal's surface),
 * `raised` on the member centre's pages (on its cards).
 */
export type FormLook = 'sunken' | 'raised';

export const FormLookContext = createContext<FormLook>('raised');
export const useFormLook = () => useContext(FormLookContext);

export const inputClass = (look: FormLook, invalid: boolean) =>
  cx(
    'h-11 w-full min-w-0 rounded-xl px-3.5 text-[0.9375rem] text-fg ring-1 transition outline-none placeholder:text-muted/80',
    look === 'sunken'
      ? 'bg-surface-2 focus:bg-raised focus:ring-2'
      : 'bg-raised focus:ring-2 disabled:opacity-60',
    invalid ? 'ring-red-500/70 focus:ring-red-500' : 'ring-line hover:ring-brand/40 focus:ring-brand',
  );
