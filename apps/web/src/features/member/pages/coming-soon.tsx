import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MemberPageKey } from '../../../shared/state/member-centre';

/** The honest panel of a menu entry a later release builds (no invented content). */
export const ComingSoon = ({ page }: { page: MemberPageKey }) => {
  const { t } = useTranslation('member');
  return (
    <div
      data-testid="member-coming-soon"
      className="flex min-h-[18rem] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <span className="grid size-16 place-items-center rounded-full bg-brand/10 text-brand ring-8 ring-brand/5">
        <Hourglass aria-hidden="true" className="size-7" />
      </span>
      <h3 className="text-lg font-bold">{t(`menu.${page}`)}</h3>
      <p className="max-w-sm text-sm leading-relaxed text-muted">{t('comingSoon')}</p>
    </div>
  );
};
