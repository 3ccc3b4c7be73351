import type { SystemStatus } from '@khela/contract';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SystemScreen } from './system-screen';

/** Status 2: access restricted, the visitor's IP address, the block info and a service button. */
export const RegionBlockedPage = ({ status }: { status: SystemStatus }) => {
  const { t } = useTranslation('shell');
  return (
    <SystemScreen
      status={status}
      testId="region-blocked-page"
      icon={<Globe aria-hidden="true" className="size-8" />}
      title={t('system.regionTitle')}
    >
      <p>{status.regionRestriction.info || t('system.regionBody')}</p>
      <p className="inline-flex flex-wrap items-center justify-center gap-2 rounded-2xl bg-surface-2 px-4 py-2.5 ring-1 ring-line">
        <span>{t('system.yourIp')}</span>
        <code data-testid="visitor-ip" className="font-mono text-[0.95rem] font-semibold text-fg">
          {status.location.ip}
        </code>
      </p>
    </SystemScreen>
  );
};
