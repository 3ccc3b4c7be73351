import type { GameType } from '@khela/contract';
import { Gamepad2, LayoutGrid, Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModalComponentProps } from '../../shared/ui/modal-host';
import { ModalPanel } from '../../shared/ui/modal-panel';
import { EmptyState, GameGrid } from './game-grid';
import { Pager } from './pager';
import { useGameList } from './queries';
import { SEARCH_DEBOUNCE_MS } from './search-timing';

declare module '../../shared/ui/modal-host' {
  interface ModalRegistry {
    /** The popup list of one vendor's games (a card whose launch object has isGame VASSALAGE). */
    vendorGames: { vendor: string; gameType: GameType; title: string };
  }
}

export const VendorGamesModal = ({ vendor, gameType, title, close }: ModalComponentProps<'vendorGames'>) => {
  const { t } = useTranslation('lobby');
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [pageNo, setPageNo] = useState(1);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setName(text.trim());
      setPageNo(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const list = useGameList({ gameType, vassalage: vendor, gameName: name, pageNo });
  const served = list.data;
  const names = useMemo(() => new Map([[vendor, title]]), [vendor, title]);

  return (
    <ModalPanel
      testId="vendor-games-modal"
      size="lg"
      title={title}
      icon={
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand/12 text-brand">
          <LayoutGrid aria-hidden="true" className="size-5" />
        </span>
      }
      onClose={close}
    >
      <div className="space-y-4 pt-1">
        <label className="relative block">
          <span className="sr-only">{t('filter.search')}</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted"
          />
          <input
            type="search"
            data-testid="vendor-games-search"
            value={text}
            maxLength={60}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('filter.searchPlaceholder')}
            className="h-11 w-full rounded-full bg-surface-2 pr-4 pl-10 text-sm ring-1 ring-line outline-none placeholder:text-muted focus:ring-2 focus:ring-brand"
          />
        </label>
        <GameGrid
          games={served?.games}
          loading={list.isFetching}
          vendorNames={names}
          empty={<EmptyState icon={<Gamepad2 className="size-6" />} title={t('empty.all')} />}
        />
        <Pager page={served?.pageNo ?? pageNo} totalPages={served?.totalPages ?? 1} onPage={setPageNo} />
      </div>
    </ModalPanel>
  );
};
