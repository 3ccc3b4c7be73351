import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useCan } from '../shared/session';

/** Shows the screen only to roles that hold its permission; others get a clear refusal. */
export const RequirePermission = ({ permission }: { permission: string | null }) => {
  const can = useCan();
  const { t } = useTranslation();
  if (can(permission)) return <Outlet />;
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center" data-testid="forbidden">
      <ShieldAlert className="size-10 text-danger" />
      <p className="text-lg">{t('forbidden')}</p>
    </div>
  );
};
