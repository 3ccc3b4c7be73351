import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { PageTitle } from '../../shared/ui/controls';
import { cx } from '../../shared/ui/cx';
import { AnnouncementsTab } from './announcements';
import { HelpTab } from './help';

export const CONTENT_TABS = ['banners', 'notices', 'popups', 'promotions', 'help'] as const;
type Tab = (typeof CONTENT_TABS)[number];
export const KIND_OF_TAB = { banners: 'B', notices: 'PL', popups: 'PU', promotions: 'PR' } as const;

/** Banners, scrolling announcements, popups, promotions and help articles of the chosen merchant. */
export const ContentPage = () => {
  const { t } = useTranslation('content');
  const param = useParams().tab as Tab;
  const tab: Tab = CONTENT_TABS.includes(param) ? param : 'banners';
  return (
    <div data-testid="content-page">
      <PageTitle title={t('title')} />
      <nav className="mb-4 flex gap-1 overflow-x-auto border-line border-b" aria-label={t('title')}>
        {CONTENT_TABS.map((key) => (
          <NavLink
            key={key}
            to={`/content/${key}`}
            data-testid={`content-tab-${key}`}
            className={cx(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm',
              key === tab
                ? 'border-accent font-medium text-accent'
                : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {t(`tab.${key}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'help' ? <HelpTab /> : <AnnouncementsTab key={tab} kind={KIND_OF_TAB[tab]} />}
    </div>
  );
};
