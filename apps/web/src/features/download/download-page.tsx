import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../shared/format/locale';
import { useSystemStatus } from '../../shared/state/site';
import { ChatIcon, CheckIcon, DownloadIcon, ExternalIcon, PhoneIcon, RobotIcon } from './icons';
import { captureInstallPrompt, promptInstall, useInstallState } from './install-prompt';
import { QrCode } from './qr-code';
import {
  type AppPlatform,
  absoluteUrl,
  type DownloadLink,
  preferredPlatform,
  splitResources,
} from './resources';

captureInstallPrompt();

const GUIDE_ID = 'install-guide';
const GUIDE_STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

const useLinkLabel = () => {
  const { t } = useTranslation('download');
  return (link: DownloadLink) => t(`resource.${link.type.toUpperCase()}`, { defaultValue: link.labelEn });
};

const InstallButton = ({ brand }: { brand: string }) => {
  const { t } = useTranslation('download');
  const state = useInstallState();
  if (state === 'installed') {
    return (
      <p className="inline-flex items-center gap-2 rounded-full bg-brand-fg/10 px-4 py-2.5 text-sm font-semibold">
        <CheckIcon className="size-5" />
        {t('installed', { brand })}
      </p>
    );
  }
  if (state === 'available') {
    return (
      <button
        type="button"
        onClick={() => void promptInstall()}
        className="inline-flex items-center gap-2 rounded-full bg-brand-fg px-6 py-3 text-sm font-bold text-brand shadow-lg transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-fg"
      >
        <DownloadIcon className="size-5" />
        {t('install')}
      </button>
    );
  }
  return (
    <a
      href={`#${GUIDE_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(GUIDE_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }}
      className="inline-flex items-center gap-2 rounded-full bg-brand-fg px-6 py-3 text-sm font-bold text-brand shadow-lg transition hover:opacity-90"
    >
      <DownloadIcon className="size-5" />
      {t('howToInstall')}
    </a>
  );
};

const AppCard = ({ link }: { link: DownloadLink }) => {
  const { t } = useTranslation('download');
  const label = useLinkLabel()(link);
  const Icon = link.platform === 'android' ? RobotIcon : PhoneIcon;
  return (
    <article className="flex items-center gap-4 rounded-3xl border border-line bg-surface p-4 shadow-card sm:gap-6 sm:p-6">
      <QrCode url={link.url} label={label} size={128} />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-1.5 sm:gap-2">
        <h3 className="flex items-center gap-2 text-base font-bold sm:text-lg">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-xl bg-brand/15 text-brand sm:size-9">
            <Icon className="size-5" />
          </span>
          {label}
        </h3>
        <p className="text-sm text-muted">{t('scanHint')}</p>
        <a
          href={link.url}
          className="mt-1 inline-flex items-center gap-1.5 rounded-full border border-line px-4 py-2 text-sm font-semibold hover:border-brand hover:text-brand"
        >
          {t('openLink')}
          <ExternalIcon className="size-4" />
        </a>
      </div>
    </article>
  );
};

const ContactCard = ({ link }: { link: DownloadLink }) => {
  const { t } = useTranslation('download');
  const label = useLinkLabel()(link);
  return (
    <article className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 shadow-card">
      <QrCode url={link.url} label={label} size={96} />
      <div className="min-w-0">
        <h3 className="flex items-center gap-1.5 font-semibold">
          <ChatIcon className="size-4 text-brand" />
          {label}
        </h3>
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline"
        >
          {t('openLink')}
          <ExternalIcon className="size-3.5" />
        </a>
      </div>
    </article>
  );
};

const InstallGuide = ({ initial, brand }: { initial: AppPlatform; brand: string }) => {
  const { t, i18n } = useTranslation('download');
  const [platform, setPlatform] = useState<AppPlatform>(initial);
  const tabs: AppPlatform[] = ['android', 'ios'];
  return (
    <section
      id={GUIDE_ID}
      aria-labelledby="install-guide-title"
      className="scroll-mt-20 lg:scroll-mt-32 rounded-3xl border border-line bg-surface p-5 shadow-card sm:p-7"
    >
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="install-guide-title" className="text-xl font-bold">
            {t('guide.title')}
          </h2>
          <p className="text-sm text-muted">{t('guide.intro', { brand })}</p>
        </div>
        <div role="tablist" aria-label={t('guide.title')} className="flex rounded-full bg-bg p-1">
          {tabs.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`guide-tab-${tab}`}
              aria-selected={platform === tab}
              aria-controls={`guide-panel-${tab}`}
              onClick={() => setPlatform(tab)}
              className={`rounded-full px-4 py-1.5 text-sm font-semibold transition ${
                platform === tab ? 'bg-brand text-brand-fg shadow' : 'text-muted hover:text-fg'
              }`}
            >
              {t(`guide.${tab}.tab`)}
            </button>
          ))}
        </div>
      </div>
      <ol
        id={`guide-panel-${platform}`}
        role="tabpanel"
        aria-labelledby={`guide-tab-${platform}`}
        className="grid gap-3 md:grid-cols-4"
      >
        {GUIDE_STEPS.map((step, index) => (
          <li key={step} className="flex gap-3 rounded-2xl bg-bg p-4 md:flex-col">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-brand-fg">
              {formatNumber(index + 1, i18n.language)}
            </span>
            <p className="text-sm leading-relaxed">{t(`guide.${platform}.${step}`, { brand })}</p>
          </li>
        ))}
      </ol>
    </section>
  );
};

/** App download: QR codes of the brand's app and contact links, PWA install button and guide. */
export const DownloadPage = () => {
  const { t } = useTranslation('download');
  const status = useSystemStatus();
  const [params] = useSearchParams();
  const brand = status.data?.info.brand.name ?? '';
  const { apps, contacts } = useMemo(
    () => splitResources(status.data?.info.resources ?? [], window.location.origin),
    [status.data],
  );
  const siteUrl = absoluteUrl(status.data?.info.mainDomain || window.location.origin, window.location.origin);
  const initialPlatform = preferredPlatform(params.get('os'), navigator.userAgent);

  if (status.isPending) {
    return (
      <div
        data-testid="download-page"
        role="status"
        className="mx-auto max-w-[1200px] px-4 py-10 text-center text-muted"
      >
        {t('loading')}
      </div>
    );
  }
  if (status.isError) {
    return (
      <div data-testid="download-page" role="alert" className="mx-auto max-w-[1200px] px-4 py-10 text-center">
        <p className="mb-4">{t('error')}</p>
        <button
          type="button"
          onClick={() => void status.refetch()}
          className="rounded-full bg-brand px-5 py-2 text-sm font-semibold text-brand-fg"
        >
          {t('retry')}
        </button>
      </div>
    );
  }

  return (
    <div
      data-testid="download-page"
      className="mx-auto w-full max-w-[1200px] space-y-6 px-3 py-6 sm:px-4 md:space-y-8 md:py-10 lg:px-6"
    >
      <section className="relative overflow-hidden rounded-3xl bg-linear-to-br from-brand via-brand to-brand-2 p-6 text-brand-fg shadow-lg sm:p-10">
        <div
          aria-hidden="true"
          className="absolute -top-16 -right-16 size-64 rounded-full bg-white/20 blur-2xl"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-24 left-1/3 size-72 rounded-full bg-brand-2/40 blur-3xl"
        />
        <div className="relative flex items-center justify-between gap-8">
          <div className="flex flex-col gap-5 md:max-w-3xl">
            <img
              src="/icon-192.png"
              alt=""
              width={64}
              height={64}
              className="size-16 rounded-2xl shadow-lg ring-1 ring-black/10"
            />
            <div>
              <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('title', { brand })}</h1>
              <p className="mt-2 text-base font-medium text-brand-fg/85 sm:text-lg">
                {t('tagline', { brand })}
              </p>
            </div>
            <ul className="flex flex-wrap gap-2 text-sm font-semibold">
              {(['perkFullScreen', 'perkLight', 'perkLatest'] as const).map((perk) => (
                <li
                  key={perk}
                  className="inline-flex items-center gap-1.5 rounded-full bg-white/35 px-3 py-1.5 backdrop-blur-sm"
                >
                  <CheckIcon className="size-4" />
                  {t(perk)}
                </li>
              ))}
            </ul>
            <div>
              <InstallButton brand={brand} />
            </div>
          </div>
          {siteUrl && (
            <figure className="hidden shrink-0 flex-col items-center gap-3 rounded-3xl bg-white/30 p-4 backdrop-blur-sm md:flex">
              <QrCode url={siteUrl} label={brand} size={176} />
              <figcaption className="max-w-44 text-center text-sm font-semibold">
                {t('scanSite', { brand })}
              </figcaption>
            </figure>
          )}
        </div>
      </section>

      <section aria-labelledby="download-apps-title">
        <h2 id="download-apps-title" className="mb-1 text-xl font-bold">
          {t('appsTitle')}
        </h2>
        <p className="mb-4 text-sm text-muted">{t('appsIntro')}</p>
        {apps.length > 0 ? (
          <div className="grid gap-4 md:grid-cols-2">
            {apps.map((link) => (
              <AppCard key={`${link.type}-${link.url}`} link={link} />
            ))}
          </div>
        ) : (
          <p className="rounded-2xl border border-line bg-surface p-5 text-muted">{t('noApps')}</p>
        )}
      </section>

      <InstallGuide initial={initialPlatform} brand={brand} />

      {contacts.length > 0 && (
        <section aria-labelledby="download-contacts-title">
          <h2 id="download-contacts-title" className="mb-1 text-xl font-bold">
            {t('contactsTitle')}
          </h2>
          <p className="mb-4 text-sm text-muted">{t('contactsIntro')}</p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {contacts.map((link) => (
              <ContactCard key={`${link.type}-${link.url}`} link={link} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
};
