import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { GameCategory } from './nav-items';

type CategoryCode = GameCategory['code'];

/**
 * What the shell shows from other features, handed in by app/ (`app/shell-parts.ts`; features
 * never import each other): the lobby's ordering of the header's game categories (only those with
 * vendors, in the server's lane order) and its vendor drop-down on each entry, the lobby's vendor
 * links in the footer, and the account feature's logged-in menu.
 */
export type ShellParts = {
  /** Orders and filters the navigation items that carry a category code (a hook: called every render). */
  useNavOrder: <T extends { code?: CategoryCode | undefined }>(items: readonly T[]) => T[];
  /** One navigation entry (`<li>`) with its category's drop-down. */
  NavEntry: ComponentType<{ code: CategoryCode | undefined; className?: string; children: ReactNode }>;
  FooterVendors: ComponentType;
  AccountMenu: ComponentType;
};

/** Without app/'s parts: every category in the default order, plain entries, no vendors, no menu. */
const PLAIN: ShellParts = {
  useNavOrder: (items) => [...items],
  NavEntry: ({ className, children }) => <li className={className}>{children}</li>,
  FooterVendors: () => null,
  AccountMenu: () => null,
};

const ShellPartsContext = createContext<ShellParts>(PLAIN);

export const ShellPartsProvider = ({ parts, children }: { parts: ShellParts; children: ReactNode }) => (
  <ShellPartsContext.Provider value={parts}>{children}</ShellPartsContext.Provider>
);

export const useShellParts = () => useContext(ShellPartsContext);
