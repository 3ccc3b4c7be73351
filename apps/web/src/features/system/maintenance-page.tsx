import type { SystemStatus } from '@khela/contract';
import { Clock, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/locale';
import { SystemScreen } from './system-screen';

/** The maintenance end time in the page language and the visitor's time zone. */
export const formatEndTime = (epochMs: number, language: string) =>
  formatDate(epochMs, language, 'longDateTime');

/** Status 1: title, optional end time, the operator's text and a customer-service button. */
export const MaintenancePage = ({ status }: { status: SystemStatus }) => {
  const { t, i18n } = useTranslation('shell');
  const { title, endTime, info } = status.maintenance;
  return (
    <SystemScreen
      status={status}
      testId="maintenance-page"
      icon={<Wrench aria-hidden="true" className="size-8" />}
      title={title || t('system.maintenanceTitle')}
    >
      {endTime ? (
        <p className="inline-flex items-center gap-2 rounded-full bg-surface-2 px-4 py-2 font-medium text-fg ring-1 ring-line">
          <Clock aria-hidden="true" className="size-4 text-brand" />
          <span>
            {t('system.backBy')}{' '}
            <time data-testid="maintenance-end" dateTime={new Date(endTime).toISOString()}>
              {formatEndTime(endTime, i18n.language)}
            </time>
          </span>
        </p>
      ) : null}
      <p className="prose-notice">{info || t('system.maintenanceBody')}</p>
    </SystemScreen>
  );
};
