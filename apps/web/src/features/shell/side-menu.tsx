import type { CustomerService, SystemStatus } from '@khela/contract';
import {
  CircleHelp,
  Coins,
  Crown,
  Gift,
  Headset,
  House,
  type LucideIcon,
  MessageCircle,
  Rocket,
  Send,
  Smartphone,
  X,
} from 'lucide-react';
import { type ComponentType, type SVGProps, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { flagsOf, useSystemStatus } from '../../shared/state/site';
import { useSupportUnread } from '../../shared/state/support';
import { openCustomerService, preloadCsDecoder } from '../../shared/ui/customer-service';
import { cx } from '../../shared/ui/cx';
import { openLiveChat } from '../../shared/ui/live-chat';
import { useModal } from '../../shared/ui/modal-host';

type IconComponent = LucideIcon | ComponentType<SVGProps<SVGSVGElement>>;

const FacebookGlyph = (props: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
    <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21h3.1z" />
  </svg>
);

/** Icon and colour of each customer-service channel. */
const SERVICE_LOOK: Record<string, { icon: IconComponent; className: string }> = {
  LIVECHAT: { icon: Headset, className: 'bg-gradient-to-br from-brand to-brand-2 text-brand-fg' },
  FACEBOOK: { icon: FacebookGlyph, className: 'bg-[#1877f2] text-white' },
  TELEGRAM: { icon: Send, className: 'bg-[#229ed9] text-white' },
  WHATSAPP: { icon: MessageCircle, className: 'bg-[#25d366] text-white' },
};
const fallbackLook = { icon: MessageCircle, className: 'bg-slate-600 text-white' };

/** The right bar and the floating promotion button show only with the rebate module on and service entries present. */
export const showsRightBar = (status: SystemStatus | undefined) =>
  flagsOf(status).REBATE3 === true && (status?.info.customerService.length ?? 0) > 0;

type QuickLink = { key: string; to: string; icon: LucideIcon; end?: boolean; only?: 'dock' | 'rail' };

const QUICK_LINKS: QuickLink[] = [
  { key: 'home', to: '/', icon: House, end: true, only: 'dock' },
  { key: 'promotions', to: '/promotions', icon: Gift },
  { key: 'vip', to: '/vip', icon: Crown },
  { key: 'pointMall', to: '/pointMall', icon: Coins, only: 'rail' },
  { key: 'download', to: '/download', icon: Smartphone },
  { key: 'help', to: '/help', icon: CircleHelp },
];

const itemClass =
  'flex w-full flex-col items-center justify-center gap-1 rounded-2xl px-1 py-1.5 text-[0.625rem] leading-tight font-medium transition rail:w-16 rail:py-2 rail:text-[0.6875rem]';
const iconWrapClass = 'grid size-7 place-items-center rounded-xl transition rail:size-9';

/**
 * Quick links: a bottom dock on phones and narrower screens, a rail at the left edge on wide
 * ones. Its last entry is not built yet and says so in the 'updating' modal.
 */
const LeftBar = () => {
  const { t } = useTranslation('shell');
  const modal = useModal();
  return (
    <nav
      data-testid="left-bar"
      aria-label={t('sideMenu.quickLinks')}
      className={cx(
        'fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-xl',
        'rail:inset-x-auto rail:bottom-auto rail:left-4 rail:top-1/2 rail:-translate-y-1/2 rail:rounded-3xl rail:border rail:p-1.5 rail:pb-1.5 rail:shadow-card',
      )}
    >
      <ul className="mx-auto flex max-w-lg items-stretch justify-around px-1 py-1 rail:flex-col rail:gap-0.5 rail:p-0">
        {QUICK_LINKS.map(({ key, to, icon: Icon, end, only }) => (
          <li
            key={key}
            className={cx(
              'flex flex-1',
              only === 'dock' && 'rail:hidden',
              only === 'rail' && 'hidden rail:flex',
            )}
          >
            <NavLink
              to={to}
              end={end ?? false}
              className={({ isActive }) =>
                cx(itemClass, isActive ? 'text-brand' : 'text-muted hover:text-fg')
              }
            >
              {({ isActive }) => (
                <>
                  <span className={cx(iconWrapClass, isActive ? 'bg-brand/15' : 'hover:bg-surface-2')}>
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="max-w-full truncate">{t(`sideMenu.${key}`)}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
        <li className="flex flex-1">
          <button
            type="button"
            data-testid="left-bar-updating"
            onClick={() => modal.open('updating', {})}
            className={cx(itemClass, 'text-muted hover:text-fg')}
          >
            <span className={cx(iconWrapClass, 'bg-amber-500/12 text-amber-500')}>
              <Rocket aria-hidden="true" className="size-5" />
            </span>
            <span className="max-w-full truncate">{t('sideMenu.updating')}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
};

/**
 * Live chat, Facebook and Telegram: each opens its decoded link in the 440 x 750 service window.
 * Wide screens show them as a rail; narrower ones fold them behind one service button.
 */
const RightBar = ({ entries }: { entries: CustomerService[] }) => {
  const { t } = useTranslation('shell');
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const navigate = useNavigate();
  const status = useSystemStatus().data;
  const unread = useSupportUnread();
  return (
    <aside
      data-testid="right-bar"
      aria-label={t('sideMenu.service')}
      className={cx(
        'fixed right-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-40 flex flex-col items-end gap-2',
        'rail:top-1/2 rail:right-4 rail:bottom-auto rail:-translate-y-1/2 rail:rounded-3xl rail:border rail:border-line rail:bg-surface/90 rail:p-1.5 rail:shadow-card rail:backdrop-blur-xl',
      )}
    >
      <ul id={listId} className={cx('flex-col gap-2 rail:flex rail:gap-0.5', isOpen ? 'flex' : 'hidden')}>
        {entries.map((entry) => {
          const look = SERVICE_LOOK[entry.csType] ?? fallbackLook;
          const Icon = look.icon;
          const label = t(`cs.${entry.csType}`, { defaultValue: entry.title });
          return (
            <li key={`${entry.csType}-${entry.path}`}>
              <button
                type="button"
                data-testid="cs-entry"
                data-cs-type={entry.csType}
                aria-label={label}
                title={label}
                onPointerEnter={() => void preloadCsDecoder()}
                onFocus={() => void preloadCsDecoder()}
                onClick={() => {
                  // Live chat is the support chat (issue 24), or the merchant's external chat product.
                  if (entry.csType === 'LIVECHAT') openLiveChat(status, (to) => void navigate(to));
                  else openCustomerService(entry);
                  setOpen(false);
                }}
                className="group flex flex-col items-center gap-1 rounded-2xl transition rail:w-16 rail:py-2 rail:hover:bg-surface-2"
              >
                <span
                  className={cx(
                    'relative grid size-11 place-items-center rounded-full shadow-lg ring-2 ring-surface transition group-hover:scale-105 rail:size-9 rail:shadow-none rail:ring-0',
                    look.className,
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {entry.csType === 'LIVECHAT' && unread > 0 ? (
                    <span
                      data-testid="support-unread"
                      className="absolute -top-1 -right-1 grid min-w-4 place-items-center rounded-full bg-red-600 px-1 text-[0.625rem] font-bold text-white"
                    >
                      {unread}
                    </span>
                  ) : null}
                </span>
                <span className="hidden max-w-full truncate text-[0.6875rem] font-medium text-muted rail:block">
                  {label}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-label={t('sideMenu.service')}
        onPointerEnter={() => void preloadCsDecoder()}
        onClick={() => setOpen((open) => !open)}
        className="grid size-12 place-items-center rounded-full bg-surface text-fg shadow-lg ring-1 ring-line transition hover:text-brand rail:hidden"
      >
        {isOpen ? (
          <X aria-hidden="true" className="size-5" />
        ) : (
          <Headset aria-hidden="true" className="size-5" />
        )}
      </button>
    </aside>
  );
};

/** The floating promotion button. */
const PromoFloat = () => {
  const { t } = useTranslation('shell');
  return (
    <NavLink
      to="/promotions"
      data-testid="promo-float"
      aria-label={t('sideMenu.promoFloat')}
      title={t('sideMenu.promoFloat')}
      className="float-pulse fixed right-3 bottom-[calc(8.5rem+env(safe-area-inset-bottom))] z-40 flex flex-col items-center rail:right-6 rail:bottom-8"
    >
      <span className="grid size-12 place-items-center rounded-full bg-gradient-to-br rail:size-14 from-brand to-brand-2 text-brand-fg shadow-[0_10px_30px_-8px_var(--brand)] ring-4 ring-surface">
        <Gift aria-hidden="true" className="size-6 rail:size-7" />
      </span>
      <span className="-mt-2.5 rounded-full bg-rose-500 px-2 py-0.5 text-[0.625rem] font-bold text-white shadow">
        {t('sideMenu.promoBadge')}
      </span>
    </NavLink>
  );
};

/** Side widgets of pages whose frame has a side menu (spec §2 "Side widgets and footer"). */
export const SideMenu = ({ status }: { status: SystemStatus | undefined }) => {
  const hasRightBar = showsRightBar(status);
  return (
    <div data-testid="side-menu" className="contents">
      <LeftBar />
      {hasRightBar && status ? <RightBar entries={status.info.customerService} /> : null}
      {hasRightBar ? <PromoFloat /> : null}
    </div>
  );
};
