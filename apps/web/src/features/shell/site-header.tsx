import type { SystemStatus } from '@khela/contract';
import { Menu, X } from 'lucide-react';
import { type MouseEvent, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { acknowledgeExpired, restoreRememberedSession, useSessionState } from '../../shared/state/session';
import { flagsOf } from '../../shared/state/site';
import { BrandLogo } from '../../shared/ui/brand-logo';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { useModal } from '../../shared/ui/modal-host';
import { LanguageSelect, MerchantSelect, ThemeToggle } from './header-settings';
import { NAV_ITEMS } from './nav-items';
import { useShellParts } from './parts';

/** A plain click opens the modal; a modified click (new tab) follows the link to the page. */
const opensModal = (event: MouseEvent) =>
  !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);

type Props = { status: SystemStatus | undefined; showNav: boolean };

/**
 * The site header (logged-out state). Phones: menu button, logo, login/register; the navigation
 * and the language, country and theme settings fold out below. Desktop: logo, settings and
 * login/register over a full-width navigation row. Each control exists once in the DOM.
 */
export const SiteHeader = ({ status, showNav }: Props) => {
  const { t } = useTranslation('shell');
  const [isMenuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const menuId = useId();
  const canRegister = flagsOf(status).DIRECTREG3 === true;
  const modal = useModal();
  const { token, expired } = useSessionState();
  const { useNavOrder, NavEntry, AccountMenu } = useShellParts();
  const navItems = useNavOrder(NAV_ITEMS);

  // A remembered login (24 h) signs the visitor back in; a dropped session asks for a login once.
  useEffect(() => {
    void restoreRememberedSession();
  }, []);
  useEffect(() => {
    if (!expired) return;
    acknowledgeExpired();
    modal.open('login', {});
  }, [expired, modal]);

  // A tap on a link (or any navigation) folds the phone menu away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!isMenuOpen) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [isMenuOpen]);

  return (
    <header
      data-testid="site-header"
      className="sticky top-0 z-50 border-b border-line bg-surface/85 shadow-[0_1px_0_0_var(--border)] backdrop-blur-xl"
    >
      <div className="site-header-grid mx-auto max-w-[1200px] px-3 sm:px-4 lg:px-6">
        <button
          type="button"
          className="area-toggle grid size-10 place-items-center rounded-full text-fg transition hover:bg-surface-2 lg:hidden"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          aria-label={t(isMenuOpen ? 'header.closeMenu' : 'header.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {isMenuOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </button>

        <Link
          to="/"
          className="area-logo justify-self-start rounded-lg py-2.5"
          aria-label={t('header.homeLink')}
        >
          <BrandLogo name={status?.info.brand.name ?? 'Khela'} />
        </Link>

        <div className="area-auth flex items-center gap-2 py-2.5">
          {token ? (
            <Suspense fallback={<span className="h-9 w-28 animate-pulse rounded-full bg-surface-2" />}>
              <AccountMenu />
            </Suspense>
          ) : (
            <>
              <Link
                to="/login"
                data-testid="btn-login"
                onClick={(event) => {
                  if (!opensModal(event)) return;
                  event.preventDefault();
                  modal.open('login', {});
                }}
                className={buttonClass('secondary', 'sm', 'sm:h-9 sm:px-4')}
              >
                {t('header.login')}
              </Link>
              {canRegister ? (
                <Link
                  to="/register"
                  data-testid="btn-register"
                  onClick={(event) => {
                    if (!opensModal(event)) return;
                    event.preventDefault();
                    modal.open('register', {});
                  }}
                  className={buttonClass('primary', 'sm', 'sm:h-9 sm:px-4')}
                >
                  {t('header.register')}
                </Link>
              ) : null}
            </>
          )}
        </div>

        {showNav ? (
          <nav
            id={menuId}
            data-testid="main-nav"
            aria-label={t('header.navigation')}
            className={cx(
              'area-nav -mx-3 border-t border-line px-3 sm:-mx-4 sm:px-4 lg:mx-0 lg:block lg:px-0',
              isMenuOpen ? 'block' : 'hidden',
            )}
          >
            <ul className="grid grid-cols-4 gap-1.5 py-3 sm:grid-cols-6 lg:scrollbar-none lg:flex lg:gap-0.5 lg:overflow-x-auto lg:py-0">
              {navItems.map(({ key, to, icon: Icon, end, code }) => (
                <NavEntry key={key} code={code} className="lg:shrink-0">
                  <NavLink
                    to={to}
                    end={end ?? false}
                    className={({ isActive }) =>
                      cx(
                        'group relative flex h-full flex-col items-center justify-center gap-1.5 rounded-2xl px-1 py-2.5 text-center text-xs font-medium transition',
                        'lg:h-12 lg:flex-row lg:gap-1.5 lg:rounded-none lg:px-2.5 lg:py-0 lg:text-sm',
                        isActive
                          ? 'bg-brand/12 text-brand lg:bg-transparent'
                          : 'text-fg/80 hover:bg-surface-2 hover:text-fg lg:hover:bg-transparent lg:hover:text-brand',
                      )
                    }
                  >
                    {({ isActive }) => (
                      <>
                        <Icon aria-hidden="true" className="size-5 lg:hidden lg:size-4 xl:block" />
                        <span className="leading-tight">{t(`nav.${key}`)}</span>
                        <span
                          aria-hidden="true"
                          className={cx(
                            'absolute inset-x-2.5 bottom-0 hidden h-0.5 rounded-full bg-brand transition lg:block',
                            isActive ? 'opacity-100' : 'opacity-0',
                          )}
                        />
                      </>
                    )}
                  </NavLink>
                </NavEntry>
              ))}
            </ul>
          </nav>
        ) : null}

        <div
          id={showNav ? undefined : menuId}
          className={cx(
            'area-settings flex-wrap items-center gap-2 pb-3 lg:flex lg:pb-0',
            isMenuOpen ? 'flex' : 'hidden',
            !showNav && 'border-t border-line pt-3 lg:border-0 lg:pt-0',
          )}
        >
          <LanguageSelect status={status} />
          <MerchantSelect status={status} />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
};
