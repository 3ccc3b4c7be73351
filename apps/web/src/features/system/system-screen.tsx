import type { SystemStatus } from '@khela/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../shared/ui/brand-logo';
import { pickServiceEntry, ServiceButton } from '../../shared/ui/service-button';

type Props = {
  status: SystemStatus;
  testId: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
};

/** The full-screen card of the maintenance and region-blocked views, with a customer-service button. */
export const SystemScreen = ({ status, testId, icon, title, children }: Props) => {
  const { t } = useTranslation('shell');
  return (
    <main
      data-testid={testId}
      className="relative isolate grid min-h-dvh place-items-center overflow-hidden px-4 py-10"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(70%_50%_at_50%_0%,color-mix(in_oklab,var(--brand)_20%,transparent),transparent),radial-gradient(60%_40%_at_100%_100%,color-mix(in_oklab,var(--brand-2)_14%,transparent),transparent)]"
      />
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <BrandLogo name={status.info.brand.name} />
        </div>
        <div className="rounded-3xl bg-surface p-6 text-center shadow-card ring-1 ring-line sm:p-9">
          <div className="mx-auto mb-5 grid size-16 place-items-center rounded-3xl bg-gradient-to-br from-brand to-brand-2 text-brand-fg shadow-[0_12px_30px_-12px_var(--brand)]">
            {icon}
          </div>
          <h1 className="text-2xl font-black tracking-tight text-balance">{title}</h1>
          <div className="mt-4 space-y-4 text-sm leading-relaxed text-muted">{children}</div>
          <div className="mt-7 flex justify-center">
            <ServiceButton
              entry={pickServiceEntry(status.info.customerService)}
              label={t('system.contactService')}
              testId="system-service-button"
            />
          </div>
        </div>
      </div>
    </main>
  );
};
