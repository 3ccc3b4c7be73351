import type { BoChannelInput, BoChannelRow } from '@khela/contract';
import { CASHIER_CHANNEL_CODES, endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { parseAmount } from '../../shared/money';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select, TextArea, Toggle } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { type Column, DataTable } from '../../shared/ui/table';
import { type ChannelTexts, ChannelTextsFields, otherLanguages } from './channel-texts';
import { FinanceTabs, Money } from './shared';

const KEY = ['bo', 'finance', 'channels'] as const;
const SETTINGS_KEY = ['bo', 'finance', 'settings'] as const;

type Draft = {
  id?: number;
  code: BoChannelInput['code'];
  name: string;
  kind: 'manual' | 'gateway';
  gateway: string;
  accountName: string;
  accountNumber: string;
  bankDetails: string;
  qrPayload: string;
  instructions: string;
  texts: ChannelTexts;
  min: string;
  max: string;
  sort: string;
  enabled: boolean;
};

const emptyDraft: Draft = {
  code: 'BKASH',
  name: '',
  kind: 'manual',
  gateway: '',
  accountName: '',
  accountNumber: '',
  bankDetails: '',
  qrPayload: '',
  instructions: '',
  texts: {},
  min: '',
  max: '',
  sort: '0',
  enabled: true,
};

const draftOf = (row: BoChannelRow): Draft => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind,
  gateway: row.gateway ?? '',
  accountName: row.accountName,
  accountNumber: row.accountNumber,
  bankDetails: row.bankDetails,
  qrPayload: row.qrPayload ?? '',
  instructions: row.instructions,
  texts: row.texts,
  min: row.min,
  max: row.max,
  sort: String(row.sort),
  enabled: row.enabled,
});

/** Deposit channels of the merchant (create, edit, order, enable, delete) and the withdrawal limits. */
export const ChannelsPage = () => {
  const { t } = useTranslation('finance');
  const { merchant } = useMerchant();
  const can = useCan();
  const [draft, setDraft] = useState<Draft | null>(null);
  const channels = useQuery({
    queryKey: [...KEY, merchant],
    queryFn: () => requestBo<{ items: BoChannelRow[] }>(endpoints.boChannels, { query: { merchant } }),
  });
  const remove = useAction(
    (row: BoChannelRow) => requestBo(endpoints.boChannelDelete, { body: { id: row.id } }),
    { success: t('channels.deleted'), invalidate: [KEY] },
  );
  const canEdit = can('cashier.channels');

  const columns: Column<BoChannelRow>[] = [
    { key: 'sort', label: t('channels.sort'), render: (r) => r.sort },
    {
      key: 'name',
      label: t('channels.name'),
      render: (r) => (
        <div>
          <p className="font-medium">{r.name}</p>
          <p className="text-muted text-xs">
            {r.code} · {t(`channels.kinds.${r.kind}`)}
            {r.gateway ? ` (${r.gateway})` : ''}
          </p>
        </div>
      ),
    },
    {
      key: 'account',
      label: t('channels.account'),
      render: (r) => (
        <div className="text-xs">
          <p>{r.accountName}</p>
          <code>{r.accountNumber}</code>
        </div>
      ),
    },
    {
      key: 'limits',
      label: t('channels.limits'),
      render: (r) => (
        <span className="text-xs">
          <Money value={r.min} currency="" /> – <Money value={r.max} currency="" />
        </span>
      ),
    },
    {
      key: 'enabled',
      label: t('channels.enabled'),
      render: (r) => (r.enabled ? t('yes') : t('no')),
    },
    {
      key: 'actions',
      label: t('actions'),
      render: (r) =>
        canEdit ? (
          <div className="flex gap-1.5">
            <Button onClick={() => setDraft(draftOf(r))} data-testid={`edit-channel-${r.code}`}>
              {t('edit')}
            </Button>
            <Button
              variant="danger"
              onClick={async () => {
                if (await confirmAction(t('channels.confirmDelete', { name: r.name }), t('delete')))
                  remove.mutate(r);
              }}
            >
              {t('delete')}
            </Button>
          </div>
        ) : null,
    },
  ];

  return (
    <div data-testid="finance-channels" className="flex flex-col gap-4">
      <div>
        <PageTitle
          title={t('channels.title')}
          actions={
            canEdit ? (
              <Button variant="primary" onClick={() => setDraft({ ...emptyDraft })} data-testid="add-channel">
                {t('channels.add')}
              </Button>
            ) : null
          }
        />
        <FinanceTabs />
        {channels.isError && (
          <p role="alert" className="mb-2 text-danger text-sm">
            {errorText(channels.error)}
          </p>
        )}
        <DataTable
          testId="channels-table"
          columns={columns}
          rows={channels.data?.items}
          rowKey={(r) => r.id}
          total={channels.data?.items.length ?? 0}
          page={1}
          pageSize={Math.max(20, channels.data?.items.length ?? 0)}
          onPage={() => undefined}
          loading={channels.isFetching}
        />
      </div>
      {draft ? <ChannelForm key={draft.id ?? 'new'} draft={draft} onDone={() => setDraft(null)} /> : null}
      <LimitsCard />
    </div>
  );
};

const ChannelForm = ({ draft: initial, onDone }: { draft: Draft; onDone: () => void }) => {
  const { t } = useTranslation('finance');
  const { merchant, info } = useMerchant();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAction(
    (body: BoChannelInput) => requestBo<BoChannelRow>(endpoints.boChannelSave, { body }),
    { success: t('channels.saved'), invalidate: [KEY], onSuccess: onDone },
  );
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const min = parseAmount(draft.min);
    const max = parseAmount(draft.max);
    if (!draft.name.trim()) found.name = t('required');
    if (!min.ok) found.min = t(`amountError.${min.problem}`);
    if (!max.ok) found.max = t(`amountError.${max.problem}`);
    if (min.ok && max.ok && min.minor > max.minor) found.max = t('channels.maxBelowMin');
    if (draft.kind === 'gateway' && !/^[a-z0-9_]{1,20}$/.test(draft.gateway))
      found.gateway = t('channels.gatewayFormat');
    setErrors(found);
    if (Object.keys(found).length > 0 || !min.ok || !max.ok) return;
    save.mutate({
      ...(draft.id ? { id: draft.id } : {}),
      merchant,
      code: draft.code,
      name: draft.name.trim(),
      kind: draft.kind,
      gateway: draft.kind === 'gateway' ? draft.gateway : null,
      accountName: draft.accountName,
      accountNumber: draft.accountNumber,
      bankDetails: draft.bankDetails,
      qrPayload: draft.qrPayload.trim() ? draft.qrPayload.trim() : null,
      instructions: draft.instructions,
      texts: draft.texts,
      min: Number(min.minor),
      max: Number(max.minor),
      sort: Number.parseInt(draft.sort, 10) || 0,
      enabled: draft.enabled,
    });
  };

  return (
    <Card title={draft.id ? t('channels.editTitle', { name: initial.name }) : t('channels.add')}>
      <form
        onSubmit={submit}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="channel-form"
      >
        <Field label={t('channels.code')}>
          <Select value={draft.code} onChange={(e) => set('code')(e.target.value)}>
            {CASHIER_CHANNEL_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('channels.name')} error={errors.name}>
          <Input value={draft.name} maxLength={40} onChange={(e) => set('name')(e.target.value)} />
        </Field>
        <Field label={t('channels.kind')}>
          <Select value={draft.kind} onChange={(e) => set('kind')(e.target.value)}>
            <option value="manual">{t('channels.kinds.manual')}</option>
            <option value="gateway">{t('channels.kinds.gateway')}</option>
          </Select>
        </Field>
        {draft.kind === 'gateway' ? (
          <Field label={t('channels.gateway')} error={errors.gateway}>
            <Input value={draft.gateway} onChange={(e) => set('gateway')(e.target.value)} />
          </Field>
        ) : (
          <div className="hidden lg:block" />
        )}
        <Field label={t('channels.accountName')}>
          <Input
            value={draft.accountName}
            maxLength={80}
            onChange={(e) => set('accountName')(e.target.value)}
          />
        </Field>
        <Field label={t('channels.accountNumber')}>
          <Input
            value={draft.accountNumber}
            maxLength={80}
            onChange={(e) => set('accountNumber')(e.target.value)}
          />
        </Field>
        <Field label={t('channels.min')} error={errors.min}>
          <Input inputMode="decimal" value={draft.min} onChange={(e) => set('min')(e.target.value)} />
        </Field>
        <Field label={t('channels.max')} error={errors.max}>
          <Input inputMode="decimal" value={draft.max} onChange={(e) => set('max')(e.target.value)} />
        </Field>
        <Field label={t('channels.bankDetails')} className="sm:col-span-2">
          <Input
            value={draft.bankDetails}
            maxLength={200}
            onChange={(e) => set('bankDetails')(e.target.value)}
          />
        </Field>
        <Field label={t('channels.qr')} className="sm:col-span-2">
          <Input value={draft.qrPayload} maxLength={500} onChange={(e) => set('qrPayload')(e.target.value)} />
        </Field>
        <Field label={t('channels.instructions')} className="sm:col-span-2 lg:col-span-3">
          <TextArea
            value={draft.instructions}
            maxLength={1000}
            onChange={(e) => set('instructions')(e.target.value)}
          />
        </Field>
        <ChannelTextsFields
          texts={draft.texts}
          languages={otherLanguages(info?.languages ?? [], info?.defaultLanguage)}
          defaultLanguage={info?.defaultLanguage ?? ''}
          withInstructions={draft.kind === 'manual'}
          onChange={(texts) => setDraft((d) => ({ ...d, texts }))}
        />
        <div className="flex flex-col gap-3">
          <Field label={t('channels.sort')}>
            <Input
              type="number"
              min={0}
              max={10000}
              value={draft.sort}
              onChange={(e) => set('sort')(e.target.value)}
            />
          </Field>
          <div className="flex items-center gap-2 text-sm">
            <Toggle
              checked={draft.enabled}
              onChange={(value) => setDraft((d) => ({ ...d, enabled: value }))}
              label={t('channels.enabled')}
            />
            {t('channels.enabled')}
          </div>
        </div>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit" variant="primary" pending={save.isPending} data-testid="channel-save">
            {t('save')}
          </Button>
          <Button onClick={onDone}>{t('cancel')}</Button>
        </div>
      </form>
    </Card>
  );
};

type Settings = {
  merchant: string;
  withdrawMin: string;
  withdrawMax: string;
  autoConfirmMinutes: number;
};

/** Withdrawal limits and the auto-confirm window (spec §9) of the merchant. */
const LimitsCard = () => {
  const { t } = useTranslation('finance');
  const { merchant } = useMerchant();
  const can = useCan();
  const settings = useQuery({
    queryKey: [...SETTINGS_KEY, merchant],
    queryFn: () => requestBo<Settings>(endpoints.boCashierSettings, { query: { merchant } }),
  });
  const [draft, setDraft] = useState<{ min: string; max: string; minutes: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useAction(
    (body: { merchant: string; withdrawMin: number; withdrawMax: number; autoConfirmMinutes: number }) =>
      requestBo<Settings>(endpoints.boCashierSettingsSave, { body }),
    { success: t('limits.saved'), invalidate: [SETTINGS_KEY], onSuccess: () => setDraft(null) },
  );
  const current = settings.data;
  const values =
    draft ??
    (current
      ? { min: current.withdrawMin, max: current.withdrawMax, minutes: String(current.autoConfirmMinutes) }
      : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    const min = parseAmount(values.min);
    const max = parseAmount(values.max);
    const minutes = Number.parseInt(values.minutes, 10);
    if (!min.ok || !max.ok) {
      setError(t(`amountError.${!min.ok ? min.problem : max.ok ? 'format' : max.problem}`));
      return;
    }
    if (min.minor > max.minor) {
      setError(t('channels.maxBelowMin'));
      return;
    }
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 10080) {
      setError(t('limits.minutesRange'));
      return;
    }
    setError(null);
    save.mutate({
      merchant,
      withdrawMin: Number(min.minor),
      withdrawMax: Number(max.minor),
      autoConfirmMinutes: minutes,
    });
  };

  return (
    <Card title={t('limits.title')}>
      {settings.isError ? <p className="text-danger text-sm">{errorText(settings.error)}</p> : null}
      {values ? (
        <form onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-4" data-testid="limits-form">
          <Field label={t('limits.min')}>
            <Input
              inputMode="decimal"
              value={values.min}
              onChange={(e) => setDraft({ ...values, min: e.target.value })}
            />
          </Field>
          <Field label={t('limits.max')}>
            <Input
              inputMode="decimal"
              value={values.max}
              onChange={(e) => setDraft({ ...values, max: e.target.value })}
            />
          </Field>
          <Field label={t('limits.minutes')} hint={t('limits.minutesHint')}>
            <Input
              type="number"
              min={1}
              max={10080}
              value={values.minutes}
              onChange={(e) => setDraft({ ...values, minutes: e.target.value })}
            />
          </Field>
          <div className="flex items-end">
            <Button
              type="submit"
              variant="primary"
              pending={save.isPending}
              disabled={!can('cashier.channels')}
            >
              {t('save')}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="text-danger text-sm sm:col-span-4">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </Card>
  );
};
