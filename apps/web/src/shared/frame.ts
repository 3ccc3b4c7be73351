import type { BannerGroup } from '@khela/contract/browser';

/** How a page is framed (the route table gives each page one; the shell draws it). */
export type Frame = {
  /** full: header with navigation; noNav: header without navigation; none: no header. */
  header: 'full' | 'noNav' | 'none';
  banner: BannerGroup | null;
  footer: boolean;
  sideMenu: boolean;
};
