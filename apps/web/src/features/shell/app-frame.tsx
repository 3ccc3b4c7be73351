import type { SystemStatus } from '@khela/contract';
import type { ReactNode } from 'react';
import type { Frame } from '../../app/route-table';

type Props = { frame: Frame; page: string; status: SystemStatus | undefined; statusError: unknown; children: ReactNode };

/** The common layout around a page: header, banner group, side menu and footer as the route says. */
export const AppFrame = ({ page, children }: Props) => (
  <div data-page={page} className="min-h-dvh">
    <main>{children}</main>
  </div>
);
