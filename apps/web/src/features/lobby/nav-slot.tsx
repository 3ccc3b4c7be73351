import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazyChunk } from '../../shared/chunk';
import { type NavCode, navCategories } from './nav-order';
import { useGameVendors } from './use-game-vendors';

/*
 * The header's part of the catalogue, kept tiny because the header is in the home page's first
 * download: the category order from the vendor list (fetched once the browser is idle, or on the
 * first hover) and a slot that loads the vendor drop-down panel when it first opens.
 */

const NavDropdown = lazyChunk(() =>
  import('./nav-dropdown').then((module) => ({ default: module.NavDropdown })),
);

const IDLE_FALLBACK_MS = 2500;
let wantVendors = false;
const wanters = new Set<() => void>();
/** Starts the vendor-list fetch (first hover, or idle time after the first paint). */
const requestVendors = () => {
  if (wantVendors) return;
  wantVendors = true;
  for (const listener of wanters) listener();
};

const useVendorsWanted = () => {
  const [wanted, setWanted] = useState(wantVendors);
  useEffect(() => {
    if (wantVendors) {
      setWanted(true);
      return;
    }
    const listener = () => setWanted(true);
    wanters.add(listener);
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(requestVendors, { timeout: IDLE_FALLBACK_MS })
      : window.setTimeout(requestVendors, IDLE_FALLBACK_MS);
    return () => {
      wanters.delete(listener);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return wanted;
};

/**
 * The navigation's game categories: those with vendors, in the server's lane order (spec §2).
 * Until the vendor list is known, every category shows in the default order.
 */
export const useNavCodes = (): NavCode[] | null => {
  const wanted = useVendorsWanted();
  const lanes = useGameVendors(wanted).data;
  return lanes ? navCategories(lanes).map((category) => category.code) : null;
};

/** Orders and filters navigation items that carry a category code; other items keep their place. */
export const orderNavItems = <T extends { code?: NavCode | undefined }>(
  items: readonly T[],
  codes: NavCode[] | null,
) => {
  if (!codes) return [...items];
  const categories = codes
    .map((code) => items.find((item) => item.code === code))
    .filter((item): item is T => item !== undefined);
  const firstIndex = items.findIndex((item) => item.code !== undefined);
  const before = items.slice(0, Math.max(firstIndex, 0)).filter((item) => item.code === undefined);
  const after = items.slice(Math.max(firstIndex, 0)).filter((item) => item.code === undefined);
  return [...before, ...categories, ...after];
};

const canHover = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(hover: hover) and (min-width: 64rem)').matches;

/**
 * A navigation entry that shows its category's vendor drop-down on hover (desktop): the panel's
 * code and the vendor list load on the first hover.
 */
export const NavDropdownSlot = ({
  code,
  className,
  children,
}: {
  code: NavCode | undefined;
  className?: string;
  children: ReactNode;
}) => {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLLIElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  const cancelClose = useCallback(() => window.clearTimeout(closeTimer.current), []);
  const show = useCallback(() => {
    if (!code || !canHover()) return;
    cancelClose();
    requestVendors();
    setOpen(true);
  }, [code, cancelClose]);
  const hideSoon = useCallback(() => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpen(false), 160);
  }, [cancelClose]);
  const hideNow = useCallback(() => {
    cancelClose();
    setOpen(false);
  }, [cancelClose]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  return (
    <li
      ref={anchor}
      className={className}
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onFocus={show}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hideSoon();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hideNow();
      }}
      onClickCapture={hideNow}
    >
      {children}
      {open && code ? (
        <Suspense fallback={null}>
          <NavDropdown
            code={code}
            anchor={anchor}
            onEnter={cancelClose}
            onLeave={hideSoon}
            onPick={hideNow}
          />
        </Suspense>
      ) : null}
    </li>
  );
};
