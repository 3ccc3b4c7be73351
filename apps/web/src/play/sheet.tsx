import { X } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import type { Value } from './api';

export type Seed = Value<'slotInit'>['seed'];
export type Money = (minor: number | string) => string;

/** The site that opened the game (its verify page): the parent's origin, else this one. */
export const siteOrigin = () => {
  try {
    if (document.referrer) return new URL(document.referrer).origin;
  } catch {
    // fall through
  }
  return window.location.origin;
};

export const verifyUrl = (roundId: string) => `${siteOrigin()}/verify?roundId=${encodeURIComponent(roundId)}`;

export const Sheet = ({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) => {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="absolute inset-0 z-30 flex items-end justify-center sm:items-center">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        onClick={onClose}
        className="absolute inset-0 cursor-default bg-black/60"
      />
      <section
        role="dialog"
        aria-label={title}
        data-testid={testId}
        className="play-sheet relative flex max-h-[88%] w-full max-w-lg flex-col overflow-hidden rounded-t-3xl bg-[#12141b] text-white shadow-2xl ring-1 ring-white/10 sm:rounded-3xl"
      >
        <header className="flex items-center gap-2 border-b border-white/10 px-4 py-3">
          <h2 className="flex-1 text-base font-bold">{title}</h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="×"
            data-testid="play-sheet-close"
            className="grid size-9 place-items-center rounded-full bg-white/10 hover:bg-white/20"
          >
            <X className="size-4" />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 text-sm select-text">{children}</div>
      </section>
    </div>
  );
};

export const Mono = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <code
    data-testid={testId}
    className="block rounded-xl bg-black/40 px-3 py-2 font-mono text-xs break-all text-amber-100"
  >
    {children}
  </code>
);
