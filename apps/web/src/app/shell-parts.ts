import { NavDropdownSlot, orderNavItems, useNavCodes } from '../features/lobby/nav-slot';
import type { ShellParts } from '../features/shell/parts';
import { lazyChunk } from '../shared/chunk';

/**
 * The parts of other features the shell shows (app/ composes features): the lobby's category
 * order and vendor drop-downs in the header (in the first download, as before), its vendor links
 * in the footer and the account menu (each its own chunk, loaded when shown).
 */
export const shellParts: ShellParts = {
  useNavOrder: (items) => orderNavItems(items, useNavCodes()),
  NavEntry: NavDropdownSlot,
  FooterVendors: lazyChunk(() =>
    import('../features/lobby/footer-vendors').then((module) => ({ default: module.FooterVendors })),
  ),
  // The logged-in header part loads only once someone is signed in (keeps the home page small).
  AccountMenu: lazyChunk(() =>
    import('../features/account/account-menu').then((module) => ({ default: module.AccountMenu })),
  ),
};
