import {
  ArrowLeft,
  BookOpen,
  Briefcase,
  Coins,
  Crown,
  Gamepad2,
  Gift,
  Handshake,
  KeyRound,
  LayoutGrid,
  LogIn,
  type LucideIcon,
  Megaphone,
  MonitorPlay,
  Smartphone,
  Ticket,
  Trophy,
  UserPlus,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../shared/ui/button';
import { GAME_CATEGORIES } from './nav-items';

const categoryIcons: Record<string, LucideIcon> = Object.fromEntries(
  GAME_CATEGORIES.map((category) => [category.to.slice(1), category.icon]),
);

const PAGE_ICONS: Record<string, LucideIcon> = {
  ...categoryIcons,
  login: LogIn,
  register: UserPlus,
  forget: KeyRound,
  changePassword: KeyRound,
  noticePage: Megaphone,
  agentHome: Briefcase,
  vip: Crown,
  pointMall: Coins,
  lottery: Ticket,
  vnlottery: Ticket,
  games: LayoutGrid,
  promotions: Gift,
  promoDetail: Gift,
  seamless: MonitorPlay,
  fbsports: Trophy,
  help: BookOpen,
  helpmc: BookOpen,
  download: Smartphone,
  join: Handshake,
  game: Gamepad2,
};

/**
 * The body of a page whose feature is not built yet: its title and one honest line about what
 * the section will hold — no invented content.
 */
export const SectionPage = ({ page }: { page: string }) => {
  const { t } = useTranslation('shell');
  const { games } = useParams();
  const Icon = PAGE_ICONS[page] ?? LayoutGrid;
  const title = page === 'games' && games ? t('pages.gamesOf', { category: games }) : t(`pages.${page}`);
  return (
    <section
      data-testid={`page-${page}`}
      className="mx-auto w-full max-w-[1200px] px-3 py-6 sm:px-4 sm:py-10 lg:px-6"
    >
      <div className="relative isolate overflow-hidden rounded-3xl bg-surface px-6 py-10 text-center shadow-card ring-1 ring-line sm:px-12 sm:py-14">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-40 bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_oklab,var(--brand)_22%,transparent),transparent)]"
        />
        <span className="mx-auto mb-5 grid size-16 place-items-center rounded-3xl bg-gradient-to-br from-brand to-brand-2 text-brand-fg shadow-[0_12px_30px_-12px_var(--brand)]">
          <Icon aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{title}</h1>
        <p className="mx-auto mt-3 max-w-xl text-sm leading-relaxed text-muted sm:text-base">
          {t(`sections.${page}`)}
        </p>
        {page !== 'home' ? (
          <Link to="/" className={buttonClass('secondary', 'md', 'mt-7')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('notFound.home')}
          </Link>
        ) : null}
      </div>
    </section>
  );
};
