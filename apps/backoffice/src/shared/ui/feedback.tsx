import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n';
import { Button } from './controls';
import { cx } from './cx';

type Toast = { id: number; kind: 'ok' | 'error'; text: string };
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a short message at the corner; errors stay longer. */
export const toast = (kind: Toast['kind'], text: string) => {
  const id = nextId++;
  toasts = [...toasts, { id, kind, text }];
  emit();
  setTimeout(
    () => {
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    },
    kind === 'error' ? 8000 : 4000,
  );
};

export const Toasts = () => {
  const list = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      {list.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${t.kind}`}
          className={cx(
            'pointer-events-auto max-w-md rounded-md px-4 py-2 text-sm text-white shadow-lg',
            t.kind === 'ok' ? 'bg-ok' : 'bg-danger',
          )}
        >
          {t.text}
        </div>
      ))}
    </div>
  );
};

type ConfirmRequest = { text: string; confirmLabel: string; danger: boolean; resolve: (ok: boolean) => void };
let pending: ConfirmRequest | null = null;
const confirmListeners = new Set<() => void>();

/** Asks before a destructive action; resolves true when the operator confirms. */
export const confirmAction = (text: string, confirmLabel: string, danger = true) =>
  new Promise<boolean>((resolve) => {
    pending?.resolve(false);
    pending = { text, confirmLabel, danger, resolve };
    for (const listener of confirmListeners) listener();
  });

export const ConfirmHost = () => {
  const { t } = useTranslation();
  const request = useSyncExternalStore(
    (listener) => {
      confirmListeners.add(listener);
      return () => confirmListeners.delete(listener);
    },
    () => pending,
    () => pending,
  );
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) dialog.showModal();
    if (!request && dialog.open) dialog.close();
  }, [request]);
  const answer = (ok: boolean) => {
    const current = pending;
    pending = null;
    for (const listener of confirmListeners) listener();
    current?.resolve(ok);
  };
  return (
    <dialog
      ref={ref}
      data-testid="confirm-dialog"
      onCancel={(event) => {
        event.preventDefault();
        answer(false);
      }}
      className="m-auto w-[min(92vw,28rem)] rounded-lg border border-line bg-surface p-5 text-fg backdrop:bg-[var(--cover)]"
    >
      {request && (
        <>
          <p className="mb-4 text-sm">{request.text}</p>
          <div className="flex justify-end gap-2">
            <Button onClick={() => answer(false)} data-testid="confirm-cancel">
              {t('cancel')}
            </Button>
            <Button
              variant={request.danger ? 'danger' : 'primary'}
              onClick={() => answer(true)}
              data-testid="confirm-ok"
            >
              {request.confirmLabel}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
};

/**
 * A server action with the house rules: success and refusal toasts (the refusal translated from
 * its `errorCode`), the listed queries refetched afterwards, `isPending` for disabling buttons.
 */
export const useAction = <TVars, TData>(
  fn: MutationFunction<TData, TVars>,
  options: {
    success?: string | ((data: TData) => string);
    invalidate?: readonly (readonly unknown[])[];
    onSuccess?: (data: TData, vars: TVars) => void;
  } = {},
) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (data, vars) => {
      for (const key of options.invalidate ?? []) await client.invalidateQueries({ queryKey: key });
      const text = typeof options.success === 'function' ? options.success(data) : options.success;
      if (text) toast('ok', text);
      options.onSuccess?.(data, vars);
    },
    onError: (error) => toast('error', errorText(error)),
  });
};

/** Keeps a value in local state, resetting whenever the source changes (edit forms over a query). */
export const useDraft = <T,>(source: T | undefined) => {
  const [draft, setDraft] = useState<T | undefined>(source);
  const [seen, setSeen] = useState(source);
  if (seen !== source) {
    setSeen(source);
    setDraft(source);
  }
  return [draft, setDraft] as const;
};
