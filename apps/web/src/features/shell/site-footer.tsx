import type { SystemStatus } from '@khela/contract';
import { ShieldCheck } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../shared/ui/brand-logo';
import { GAME_CATEGORIES } from './nav-items';
import { useShellParts } from './parts';

/** The help-centre articles the footer links to; each is a section id on /help. */
export const HELP_LINKS = ['aboutus', 'deposit', 'withdraw', 'faqs', 'terms'] as const;

/** Joins names as the page language does ("A, B and C" / "A, B ও C" / "A, B और C"). */
export const joinList = (items: string[], language: string) => {
  try {
    return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
};

/** Regulators the licence line knows by name, in any of their usual spellings → translation key. */
const LICENCE_KEYS: Record<string, 'mga' | 'bvi' | 'pagcor'> = {
  'malta gaming authority': 'mga',
  mga: 'mga',
  'british virgin islands financial services commission': 'bvi',
  'british virgin islands fsc': 'bvi',
  'bvi fsc': 'bvi',
  'pagcor philippines': 'pagcor',
  pagcor: 'pagcor',
  'philippine amusement and gaming corporation': 'pagcor',
};

/** A licence of the brand config in the page language when it is a known regulator, else as written. */
export const licenceKey = (name: string) => LICENCE_KEYS[name.trim().toLowerCase().replace(/\s+/g, ' ')];

const headingClass = 'mb-3 text-xs font-bold tracking-[0.12em] text-muted uppercase';
const linkClass = 'text-sm text-fg/80 transition hover:text-brand';

/**
 * Footer: brand and responsible-gaming line, game-type links (the vendor list joins them with
 * the catalogue), the help menu, and the licence line from the brand config.
 */
export const SiteFooter = ({ status }: { status: SystemStatus | undefined }) => {
  const { t, i18n } = useTranslation('shell');
  const { FooterVendors } = useShellParts();
  const brand = status?.info.brand;
  const licences = brand?.licences ?? [];
  return (
    <footer data-testid="site-footer" className="mt-12 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-[1200px] gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_0.8fr] lg:px-6">
        <div className="space-y-4 sm:col-span-2 lg:col-span-1">
          <BrandLogo name={brand?.name ?? 'Khela'} />
          <p className="max-w-sm text-sm leading-relaxed text-muted">{t('footer.tagline')}</p>
          <p className="flex max-w-sm items-start gap-3 text-xs leading-relaxed text-muted">
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-full text-[0.7rem] font-black text-rose-500 ring-2 ring-rose-500"
            >
              18+
            </span>
            <span>{t('footer.responsible')}</span>
          </p>
        </div>

        <nav aria-labelledby="footer-games">
          <h2 id="footer-games" className={headingClass}>
            {t('footer.games')}
          </h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-2.5">
            {GAME_CATEGORIES.map(({ key, to, icon: Icon }) => (
              <li key={key}>
                <Link to={to} className={`${linkClass} inline-flex items-center gap-2`}>
                  <Icon aria-hidden="true" className="size-4 text-muted" />
                  {t(`nav.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className={headingClass}>
            {t('footer.help')}
          </h2>
          <ul className="space-y-2.5">
            {HELP_LINKS.map((tag) => (
              <li key={tag}>
                <Link to={`/help#${tag}`} className={linkClass}>
                  {t(`footer.helpLinks.${tag}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <Suspense fallback={null}>
        <FooterVendors />
      </Suspense>

      <div className="border-t border-line">
        <div className="mx-auto flex max-w-[1200px] flex-col gap-3 px-4 py-5 text-xs text-muted md:flex-row md:items-center md:justify-between lg:px-6">
          {licences.length > 0 ? (
            <p data-testid="licence-line" className="flex items-start gap-2 leading-relaxed md:items-center">
              <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-500" />
              <span>
                {t('footer.licensed', {
                  licences: joinList(
                    licences.map((name) => {
                      const key = licenceKey(name);
                      return key ? t(`footer.licenceNames.${key}`) : name;
                    }),
                    i18n.language,
                  ),
                })}
              </span>
            </p>
          ) : null}
          <p className="shrink-0">
            {t('footer.copyright', { year: new Date().getFullYear(), brand: brand?.name ?? 'Khela' })}
          </p>
        </div>
      </div>
    </footer>
  );
};
