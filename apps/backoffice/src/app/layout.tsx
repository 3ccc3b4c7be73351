import { LogOut, Menu, Moon, Sun, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { navFeatures } from '../features/registry';
import { callBo } from '../shared/api';
import { changeLanguage, errorText, type Lang, SUPPORTED } from '../shared/i18n';
import { setMerchant, useMerchant } from '../shared/merchant';
import { hasToken, StaffContext, useCan, useForgetSession, useMeQuery, useStaff } from '../shared/session';
import { setTheme, useTheme } from '../shared/theme';
import { Button, Select } from '../shared/ui/controls';
import { cx } from '../shared/ui/cx';
import { ConfirmHost, confirmAction, Toasts, toast } from '../shared/ui/feedback';
import { PageLoading } from '../shared/ui/page-loading';

const NavItems = ({ onNavigate }: { onNavigate: () => void }) => {
  const can = useCan();
  // Each label lives in its feature's namespace: load them all (a few small files) with the nav.
  const { t } = useTranslation(navFeatures().map((f) => f.id));
  return (
    <ul className="flex flex-col gap-0.5">
      {navFeatures()
        .filter((f) => can(f.nav.permission))
        .map((f) => {
          const Icon = f.nav.icon;
          return (
            <li key={f.id}>
              <NavLink
                to={`/${f.nav.path ?? f.id}`}
                onClick={onNavigate}
                data-testid={`nav-${f.id}`}
                className={({ isActive }) =>
                  cx(
                    'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm',
                    isActive ? 'bg-accent text-accent-fg' : 'text-fg hover:bg-surface-2',
                  )
                }
              >
                <Icon className="size-4 shrink-0" />
                {t(`${f.id}:${f.nav.labelKey}`)}
              </NavLink>
            </li>
          );
        })}
    </ul>
  );
};

const TopBar = ({ onMenu, menuOpen }: { onMenu: () => void; menuOpen: boolean }) => {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const { merchant, merchants } = useMerchant();
  const theme = useTheme();
  const forget = useForgetSession();
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    if (!(await confirmAction(t('signOutConfirm'), t('signOut'), false))) return;
    setLeaving(true);
    try {
      await callBo('boLogout');
    } catch (error) {
      // The session may already be gone; the local sign-out happens either way.
      if ((error as { errorCode?: string }).errorCode !== 'login.not.session')
        toast('error', errorText(error));
    }
    forget();
    window.location.assign('/bo/login');
  };
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-line border-b bg-surface px-3">
      <Button
        variant="ghost"
        className="lg:hidden"
        aria-label={t(menuOpen ? 'closeMenu' : 'openMenu')}
        aria-expanded={menuOpen}
        data-testid="nav-toggle"
        onClick={onMenu}
      >
        {menuOpen ? <X className="size-5" /> : <Menu className="size-5" />}
      </Button>
      <span className="min-w-0 truncate font-semibold text-sm sm:text-base">{t('appName')}</span>
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
        <Select
          aria-label={t('merchant')}
          data-testid="merchant-select"
          value={merchant}
          onChange={(e) => setMerchant(e.target.value)}
          className="w-auto shrink-0"
        >
          {merchants.map((m) => (
            <option key={m.code} value={m.code}>
              {m.code}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t('language')}
          data-testid="language-select"
          value={i18n.language}
          onChange={(e) => void changeLanguage(e.target.value as Lang)}
          className="hidden w-auto sm:block"
        >
          {SUPPORTED.map((l) => (
            <option key={l} value={l}>
              {t(`lang.${l}`)}
            </option>
          ))}
        </Select>
        <Button
          variant="ghost"
          aria-label={t(theme === 'dark' ? 'themeLight' : 'themeDark')}
          data-testid="theme-toggle"
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? <Sun className="size-4" /> : <Moon className="size-4" />}
        </Button>
        <span className="hidden text-right text-xs leading-tight md:block" data-testid="staff-name">
          {staff.username}
          <br />
          <span className="text-muted">{t(`role.${staff.role}`)}</span>
        </span>
        <Button
          variant="ghost"
          pending={leaving}
          aria-label={t('signOut')}
          data-testid="sign-out"
          onClick={signOut}
        >
          <LogOut className="size-4" />
        </Button>
      </div>
    </header>
  );
};

/** The signed-in frame: top bar, the nav (a drawer below 1024 px), the screen. */
export const Layout = () => {
  const location = useLocation();
  const me = useMeQuery();
  const { t, i18n } = useTranslation();
  // The drawer belongs to the page it was opened on: navigating closes it.
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const menuOpen = menuFor === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuFor(open ? location.pathname : null);

  if (!hasToken()) {
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (me.isPending) return <PageLoading />;
  if (me.isError || !me.data) {
    return (
      <div className="p-8 text-center" role="alert">
        {errorText(me.error)}
      </div>
    );
  }
  return (
    <StaffContext.Provider value={me.data}>
      <div className="min-h-dvh" data-testid="bo-layout">
        <TopBar onMenu={() => setMenuOpen(!menuOpen)} menuOpen={menuOpen} />
        <div className="flex">
          <nav
            aria-label={t('mainNav')}
            data-testid="bo-nav"
            className={cx(
              'fixed inset-y-0 top-14 left-0 z-20 w-64 overflow-y-auto border-line border-r bg-surface p-3 transition-transform lg:sticky lg:block lg:h-[calc(100dvh-3.5rem)] lg:translate-x-0',
              menuOpen ? 'translate-x-0' : '-translate-x-full',
            )}
          >
            <NavItems onNavigate={() => setMenuOpen(false)} />
            <p className="mt-6 px-3 text-muted text-xs md:hidden">
              {me.data.username} · {t(`role.${me.data.role}`)}
            </p>
            <div className="mt-3 px-3 sm:hidden">
              <Select
                aria-label={t('language')}
                value={i18n.language}
                onChange={(e) => void changeLanguage(e.target.value as Lang)}
              >
                {SUPPORTED.map((l) => (
                  <option key={l} value={l}>
                    {t(`lang.${l}`)}
                  </option>
                ))}
              </Select>
            </div>
          </nav>
          {menuOpen && (
            <button
              type="button"
              aria-label={t('closeMenu')}
              className="fixed inset-0 top-14 z-10 bg-[var(--cover)] lg:hidden"
              onClick={() => setMenuOpen(false)}
            />
          )}
          <main className="min-w-0 flex-1 p-3 sm:p-5">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        <Toasts />
        <ConfirmHost />
      </div>
    </StaffContext.Provider>
  );
};
