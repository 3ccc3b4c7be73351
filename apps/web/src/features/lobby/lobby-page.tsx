import type { ReactNode } from 'react';
import { RecentGamesPanel } from './recent-panel';
import { Toaster } from './toast';

/** A lobby page body: the page, the recent-games panel (members only) and the lobby's messages. */
export const LobbyPage = ({
  page,
  children,
  recent = true,
}: {
  page: string;
  children: ReactNode;
  recent?: boolean;
}) => (
  <div data-testid={`page-${page}`} className="flex flex-1 flex-col">
    {children}
    {recent ? <RecentGamesPanel /> : null}
    <Toaster />
  </div>
);
