import {
  type ComponentType,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { Spinner } from './spinner';

/**
 * The modals the app can open, by name, with the props each one takes. A feature adds its own by
 * augmenting this interface:
 *
 *   declare module '../../shared/ui/modal-host' {
 *     interface ModalRegistry { notice: { items: Notice[]; index: number } }
 *   }
 *
 * so `open('notice', …)` is checked, and `app/` must supply a component for every name.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by module augmentation in each feature
export interface ModalRegistry {}

export type ModalName = keyof ModalRegistry;
export type ModalComponentProps<K extends ModalName> = ModalRegistry[K] & { close: () => void };
export type ModalComponents = { [K in ModalName]: ComponentType<ModalComponentProps<K>> };

export type OpenOptions = {
  /** Runs once when this modal closes, whatever closed it (button, Escape, cover). */
  onClose?: () => void;
};

export type ModalApi = {
  open: <K extends ModalName>(name: K, props: ModalRegistry[K], options?: OpenOptions) => number;
  /** Closes the modal with this id, or the top one. */
  close: (id?: number) => void;
};

/** Open and close transition (spec §9: modal transition 0.4 s). */
export const MODAL_TRANSITION_MS = 400;

type Entry = { id: number; name: ModalName; props: object; onClose?: () => void; closing: boolean };

const ModalContext = createContext<ModalApi | null>(null);
const LayerContext = createContext<{ titleId: string } | null>(null);

export const useModal = (): ModalApi => {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal needs <ModalHost> above it');
  return api;
};

/** The id that a modal's heading carries, so the dialog is labelled by it. */
export const useModalTitleId = () => useContext(LayerContext)?.titleId;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusablesIn = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));

/** Moves focus into a dialog: its `data-autofocus` element, else its first control, else itself. */
export const focusInitial = (dialog: HTMLElement) => {
  const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(dialog)[0] ?? dialog;
  target.focus({ preventScroll: true });
};

type LayerProps = {
  entry: Entry;
  isTop: boolean;
  component: ComponentType<{ close: () => void }>;
  onClose: () => void;
};

const ModalLayer = ({ entry, isTop, component: Component, onClose }: LayerProps) => {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnCover = useRef(false);
  const [entered, setEntered] = useState(false);

  // Lay out the hidden state once, then switch to the shown state so the transition runs.
  useLayoutEffect(() => {
    void dialogRef.current?.offsetHeight;
    setEntered(true);
  }, []);

  // Focus moves in on open and back to where it was after close (in the same commit as removal).
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialogRef.current) focusInitial(dialogRef.current);
    return () => {
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);

  // Focus that escapes the top dialog (a click behind it, a screen-reader jump) is brought back.
  useEffect(() => {
    if (!isTop || entry.closing) return;
    const handleFocusIn = (event: FocusEvent) => {
      const dialog = dialogRef.current;
      if (dialog && event.target instanceof Node && !dialog.contains(event.target)) focusInitial(dialog);
    };
    document.addEventListener('focusin', handleFocusIn);
    return () => document.removeEventListener('focusin', handleFocusIn);
  }, [isTop, entry.closing]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusablesIn(dialogRef.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click that starts and ends on the cover (not a drag out of the panel) closes the modal.
  const handleCoverDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnCover.current = event.target === event.currentTarget;
  };
  const handleCoverClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressStartedOnCover.current && event.target === event.currentTarget) onClose();
    pressStartedOnCover.current = false;
  };

  const shown = entered && !entry.closing;
  const layer = useMemo(() => ({ titleId }), [titleId]);

  return (
    <div className={cx('fixed inset-0 z-[100]', entry.closing && 'pointer-events-none')}>
      <div
        aria-hidden="true"
        className={cx(
          'absolute inset-0 bg-[var(--cover)] backdrop-blur-[3px] transition-opacity duration-[400ms]',
          shown ? 'opacity-100' : 'opacity-0',
        )}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; keyboards close with Escape */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard way to close */}
      <div
        data-testid="modal-cover"
        className="absolute inset-0 flex items-end justify-center overflow-y-auto sm:items-center sm:p-6"
        onMouseDown={handleCoverDown}
        onClick={handleCoverClick}
      >
        <div
          ref={dialogRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          onKeyDown={handleKeyDown}
          className={cx(
            'relative w-full outline-none transition duration-[400ms] ease-[cubic-bezier(.2,.8,.2,1)] sm:w-auto',
            shown
              ? 'translate-y-0 opacity-100 sm:scale-100'
              : 'translate-y-8 opacity-0 sm:translate-y-3 sm:scale-95',
          )}
        >
          <LayerContext.Provider value={layer}>
            <Suspense
              fallback={
                <div className="flex h-40 items-center justify-center rounded-t-3xl bg-raised sm:w-96 sm:rounded-3xl">
                  <Spinner />
                </div>
              }
            >
              <Component {...entry.props} close={onClose} />
            </Suspense>
          </LayerContext.Provider>
        </div>
      </div>
    </div>
  );
};

/** Locks page scroll while a modal is open, keeping the scrollbar's room so nothing shifts. */
const useScrollLock = (locked: boolean) => {
  useEffect(() => {
    if (!locked) return;
    const { body } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const gap = window.innerWidth - document.documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (gap > 0) body.style.paddingRight = `${gap}px`;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    return () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      root?.removeAttribute('inert');
    };
  }, [locked]);
};

/**
 * The one modal host: a stack of open modals drawn over the page in a portal. Escape closes the
 * top one, a click on the cover closes it, focus is trapped inside and page scroll is locked.
 */
export const ModalHost = ({ components, children }: { components: ModalComponents; children: ReactNode }) => {
  const [stack, setStack] = useState<Entry[]>([]);
  const stackRef = useRef<Entry[]>([]);
  stackRef.current = stack;
  const nextId = useRef(1);
  const closing = useRef(new Set<number>());
  // Close transitions still pending when the host unmounts are dropped (no state set after unmount).
  const closeTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = closeTimers.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const open = useCallback<ModalApi['open']>((name, props, options) => {
    const id = nextId.current++;
    const entry: Entry = { id, name, props: props as object, closing: false };
    if (options?.onClose) entry.onClose = options.onClose;
    setStack((current) => [...current, entry]);
    return id;
  }, []);

  const close = useCallback<ModalApi['close']>((id) => {
    const live = stackRef.current.filter((entry) => !closing.current.has(entry.id));
    const target = id === undefined ? live.at(-1) : live.find((entry) => entry.id === id);
    if (!target) return;
    closing.current.add(target.id);
    target.onClose?.();
    setStack((current) =>
      current.map((entry) => (entry.id === target.id ? { ...entry, closing: true } : entry)),
    );
    const timer = setTimeout(() => {
      closeTimers.current.delete(timer);
      closing.current.delete(target.id);
      setStack((current) => current.filter((entry) => entry.id !== target.id));
    }, MODAL_TRANSITION_MS);
    closeTimers.current.add(timer);
  }, []);

  const hasOpen = stack.length > 0;
  useScrollLock(hasOpen);

  useEffect(() => {
    if (!hasOpen) return;
    const handleKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [hasOpen, close]);

  const api = useMemo(() => ({ open, close }), [open, close]);
  const topId = stack.findLast((entry) => !entry.closing)?.id;

  return (
    <ModalContext.Provider value={api}>
      {children}
      {hasOpen &&
        createPortal(
          stack.map((entry) => (
            <ModalLayer
              key={entry.id}
              entry={entry}
              isTop={entry.id === topId}
              component={components[entry.name] as ComponentType<{ close: () => void }>}
              onClose={() => close(entry.id)}
            />
          )),
          document.body,
        )}
    </ModalContext.Provider>
  );
};
