import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { vendorHref } from './nav-rules';
import { useGameVendors } from './use-game-vendors';

/** The footer's game-vendor list (spec §2): every vendor once, linking to its lobby. */
export const FooterVendors = () => {
  const { t } = useTranslation('lobby');
  const lanes = useGameVendors().data;
  if (!lanes) return null;
  const seen = new Set<string>();
  const vendors = lanes.flatMap((lane) =>
    lane.cards
      .filter((card) => {
        if (seen.has(card.vassalage)) return false;
        seen.add(card.vassalage);
        return true;
      })
      .map((card) => ({ card, lane: lane.title })),
  );
  if (vendors.length === 0) return null;
  return (
    <nav aria-labelledby="footer-vendors" data-testid="footer-vendors" className="border-t border-line">
      <div className="mx-auto max-w-[1200px] px-4 py-6 lg:px-6">
        <h2 id="footer-vendors" className="mb-3 text-xs font-bold tracking-[0.12em] text-muted uppercase">
          {t('footer.vendors')}
        </h2>
        <ul className="flex flex-wrap gap-x-1.5 gap-y-2">
          {vendors.map(({ card, lane }) => (
            <li key={`${lane}-${card.vassalage}`}>
              <Link
                to={vendorHref(card, lane)}
                data-testid="footer-vendor"
                className="inline-flex h-7 items-center rounded-full bg-surface-2 px-3 text-xs font-semibold text-fg/70 ring-1 ring-line transition hover:text-brand hover:ring-brand/50"
              >
                {card.displayName}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
};
