import { CircleAlert, Info, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../shared/i18n';
import { cx } from '../../shared/ui/cx';

/** A short message over the lobby (a game that opens soon, a refused favourite). */
type Toast = { id: number; message: string; tone: 'info' | 'warning' };

const TOAST_MS = 3600;
let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = (toast: Toast | null) => {
  current = toast;
  for (const listener of listeners) listener();
};

export const showToast = (message: string, tone: Toast['tone'] = 'info') =>
  emit({ id: nextId++, message, tone });
export const dismissToast = () => emit(null);

/**
 * A refusal as a warning toast, in the page language. The `errors` texts load when the first one
 * is shown, so no game card waits for them before it can paint.
 */
export const showErrorToast = async (key: string) => {
  await i18next.loadNamespaces('errors');
  showToast(i18next.t(`errors:${key}`, { defaultValue: i18next.t('errors:error.system.error') }), 'warning');
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const Toaster = () => {
  const { t } = useTranslation('common');
  const toast = useSyncExternalStore(subscribe, () => current);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => {
      if (current?.id === toast.id) dismissToast();
    }, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  useEffect(() => () => dismissToast(), []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-[120] flex justify-center px-4 rail:bottom-8"
    >
      {toast ? (
        <div
          key={toast.id}
          data-testid="lobby-toast"
          data-tone={toast.tone}
          className={cx(
            'pointer-events-auto flex max-w-md transition duration-300 starting:translate-y-2 starting:opacity-0 items-start gap-3 rounded-2xl px-4 py-3 text-sm font-medium shadow-2xl ring-1 backdrop-blur-xl',
            toast.tone === 'warning'
              ? 'bg-amber-50/95 text-amber-900 ring-amber-300 dark:bg-amber-950/90 dark:text-amber-100 dark:ring-amber-800'
              : 'bg-[#14161f]/95 text-white ring-white/10',
          )}
        >
          {toast.tone === 'warning' ? (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
          )}
          <span className="min-w-0 flex-1 leading-snug">{toast.message}</span>
          <button
            type="button"
            onClick={dismissToast}
            aria-label={t('close')}
            className="-mr-1 grid size-6 shrink-0 place-items-center rounded-full opacity-70 transition hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
};
