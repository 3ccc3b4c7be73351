import type { Maintenance, Resource } from '@khela/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from '../../shared/date-input';
import { Button, Card, Field, Input, TextArea, Toggle } from '../../shared/ui/controls';
import { confirmAction, useDraft } from '../../shared/ui/feedback';
import type { SettingsValue } from './settings-query';
import { useSaveSetting } from './use-save';

type Props = { value: SettingsValue; readOnly: boolean };

/** `datetime-local` text for an epoch ms (local time), and back. */
const SaveBar = ({
  readOnly,
  changed,
  invalid,
  pending,
  onSave,
  testId,
}: {
  readOnly: boolean;
  changed: boolean;
  invalid?: boolean;
  pending: boolean;
  onSave: () => void;
  testId: string;
}) => {
  const { t } = useTranslation('settings');
  if (readOnly) return null;
  return (
    <Button
      variant="primary"
      disabled={!changed || invalid}
      pending={pending}
      onClick={onSave}
      data-testid={testId}
    >
      {t('save')}
    </Button>
  );
};

type Lang = 'bn' | 'en' | 'hi';
type Texts<F extends string> = Partial<Record<Lang, Partial<Record<F, string>>>>;

/**
 * The texts of a status page in each language the merchant offers; an empty one falls back to
 * the plain text above it (the site answers each visitor in their language).
 */
const TextsByLanguage = <F extends string>({
  languages,
  fields,
  value,
  onChange,
  testId,
}: {
  languages: Lang[];
  fields: { key: F; label: string; long?: boolean; max: number }[];
  value: Texts<F> | undefined;
  onChange: (next: Texts<F>) => void;
  testId: string;
}) => {
  const { t } = useTranslation('settings');
  const set = (lang: Lang, key: F, text: string) =>
    onChange({ ...value, [lang]: { ...value?.[lang], [key]: text } });
  return (
    <div className="grid grid-cols-1 gap-3 border-t border-line pt-3 md:col-span-2 md:grid-cols-2">
      <p className="text-muted text-xs md:col-span-2">{t('texts.hint')}</p>
      {languages.flatMap((lang) =>
        fields.map((field) => (
          <Field
            key={`${lang}-${field.key}`}
            label={`${field.label} · ${t(`texts.lang.${lang}`)}`}
            className={field.long ? 'md:col-span-2' : undefined}
          >
            {field.long ? (
              <TextArea
                value={value?.[lang]?.[field.key] ?? ''}
                maxLength={field.max}
                onChange={(e) => set(lang, field.key, e.target.value)}
                data-testid={`${testId}-${field.key}-${lang}`}
              />
            ) : (
              <Input
                value={value?.[lang]?.[field.key] ?? ''}
                maxLength={field.max}
                onChange={(e) => set(lang, field.key, e.target.value)}
                data-testid={`${testId}-${field.key}-${lang}`}
              />
            )}
          </Field>
        )),
      )}
    </div>
  );
};

/** Maintenance: while on (and before its end time) players see the maintenance page; the back office stays open. */
export const MaintenanceForm = ({ value, readOnly }: Props) => {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useDraft<Maintenance>(value.maintenance);
  const save = useSaveSetting(value.merchant);
  if (!draft) return null;
  const changed = JSON.stringify(draft) !== JSON.stringify(value.maintenance);
  const submit = async () => {
    const turningOn = draft.enabled && !value.maintenance.enabled;
    if (
      turningOn &&
      !(await confirmAction(
        t('maintenance.confirmOn', { merchant: value.merchant }),
        t('maintenance.turnOn'),
      ))
    )
      return;
    save.mutate({ key: 'maintenance', value: draft });
  };
  return (
    <Card
      title={t('tab.maintenance')}
      actions={
        <SaveBar
          readOnly={readOnly}
          changed={changed}
          pending={save.isPending}
          onSave={submit}
          testId="maintenance-save"
        />
      }
    >
      <fieldset disabled={readOnly} className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <div className="flex items-center gap-2 text-sm md:col-span-2">
          <Toggle
            checked={draft.enabled}
            label={t('maintenance.enabled')}
            disabled={readOnly}
            testId="maintenance-enabled"
            onChange={(v) => setDraft({ ...draft, enabled: v })}
          />
          {t('maintenance.enabled')}
          {value.maintenance.enabled && (
            <span className="rounded bg-danger/15 px-1.5 py-0.5 font-medium text-danger text-xs">
              {t('maintenance.live')}
            </span>
          )}
        </div>
        <Field label={t('maintenance.title')}>
          <Input
            value={draft.title}
            maxLength={200}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            data-testid="maintenance-title"
          />
        </Field>
        <Field label={t('maintenance.endTime')} hint={t('maintenance.endHint')}>
          <Input
            type="datetime-local"
            value={toLocalInput(draft.endTime)}
            onChange={(e) => setDraft({ ...draft, endTime: fromLocalInput(e.target.value) })}
          />
        </Field>
        <Field label={t('maintenance.info')} className="md:col-span-2">
          <TextArea
            value={draft.info}
            maxLength={2000}
            onChange={(e) => setDraft({ ...draft, info: e.target.value })}
          />
        </Field>
        <TextsByLanguage
          languages={value.brand.supportLanguages}
          fields={[
            { key: 'title', label: t('maintenance.title'), max: 120 },
            { key: 'info', label: t('maintenance.info'), long: true, max: 2000 },
          ]}
          value={draft.translations}
          onChange={(translations) => setDraft({ ...draft, translations })}
          testId="maintenance-text"
        />
      </fieldset>
    </Card>
  );
};

type Region = SettingsValue['region'];

/** Region restriction: visitors from these countries get the region-blocked page. */
export const RegionForm = ({ value, readOnly }: Props) => {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useDraft<Region>(value.region);
  const save = useSaveSetting(value.merchant);
  if (!draft) return null;
  const codes = draft.blockedCountries;
  const invalid = codes.some((c) => !/^[A-Z]{2}$/.test(c));
  const changed = JSON.stringify(draft) !== JSON.stringify(value.region);
  return (
    <Card
      title={t('tab.region')}
      actions={
        <SaveBar
          readOnly={readOnly}
          changed={changed}
          invalid={invalid}
          pending={save.isPending}
          onSave={() => save.mutate({ key: 'region', value: draft })}
          testId="region-save"
        />
      }
    >
      <fieldset disabled={readOnly} className="grid grid-cols-1 gap-3">
        <Field
          label={t('region.countries')}
          hint={t('region.hint')}
          error={invalid ? t('region.format') : null}
        >
          <Input
            value={codes.join(', ')}
            onChange={(e) =>
              setDraft({
                ...draft,
                blockedCountries: e.target.value
                  .toUpperCase()
                  .split(/[\s,]+/)
                  .filter(Boolean),
              })
            }
            data-testid="region-countries"
          />
        </Field>
        <Field label={t('region.info')}>
          <TextArea
            value={draft.info}
            maxLength={500}
            onChange={(e) => setDraft({ ...draft, info: e.target.value })}
          />
        </Field>
        <TextsByLanguage
          languages={value.brand.supportLanguages}
          fields={[{ key: 'info', label: t('region.info'), long: true, max: 500 }]}
          value={draft.translations}
          onChange={(translations) => setDraft({ ...draft, translations })}
          testId="region-text"
        />
      </fieldset>
    </Card>
  );
};

type Entry = SettingsValue['customerService'][number];

const newKey = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};

const isUrl = (text: string) => {
  try {
    const u = new URL(text);
    return (
      u.protocol === 'https:' || u.protocol === 'http:' || u.protocol === 'mailto:' || u.protocol === 'tel:'
    );
  } catch {
    return false;
  }
};

/** Customer-service entries of the contact popup (live chat, WhatsApp, Telegram …). */
export const CustomerServiceForm = ({ value, readOnly }: Props) => {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useDraft<Entry[]>(value.customerService);
  const save = useSaveSetting(value.merchant);
  if (!draft) return null;
  const invalid = draft.some((e) => !e.csType.trim() || !e.title.trim() || !isUrl(e.url));
  const changed = JSON.stringify(draft) !== JSON.stringify(value.customerService);
  const update = (i: number, patch: Partial<Entry>) =>
    setDraft(draft.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  return (
    <Card
      title={t('tab.service')}
      actions={
        <>
          {!readOnly && (
            <Button
              disabled={draft.length >= 20}
              onClick={() =>
                setDraft([
                  ...draft,
                  { csType: 'LIVECHAT', url: 'https://', title: '', csPosition: '', key: newKey() },
                ])
              }
            >
              <Plus className="size-4" />
              {t('add')}
            </Button>
          )}
          <SaveBar
            readOnly={readOnly}
            changed={changed}
            invalid={invalid}
            pending={save.isPending}
            onSave={() => save.mutate({ key: 'customerService', value: draft })}
            testId="service-save"
          />
        </>
      }
    >
      <fieldset disabled={readOnly} className="flex flex-col gap-3">
        {draft.map((entry, i) => (
          <div
            key={entry.key}
            className="grid grid-cols-1 gap-2 rounded border border-line p-3 md:grid-cols-[8rem_1fr_1fr_8rem_auto]"
          >
            <Field label={t('service.type')}>
              <Input value={entry.csType} onChange={(e) => update(i, { csType: e.target.value })} />
            </Field>
            <Field label={t('service.title')}>
              <Input value={entry.title} onChange={(e) => update(i, { title: e.target.value })} />
            </Field>
            <Field label={t('service.url')} error={isUrl(entry.url) ? null : t('service.urlFormat')}>
              <Input value={entry.url} onChange={(e) => update(i, { url: e.target.value })} />
            </Field>
            <Field label={t('service.position')}>
              <Input value={entry.csPosition} onChange={(e) => update(i, { csPosition: e.target.value })} />
            </Field>
            {!readOnly && (
              <div className="flex items-end">
                <Button
                  variant="ghost"
                  aria-label={t('remove')}
                  onClick={() => setDraft(draft.filter((_, j) => j !== i))}
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
            )}
          </div>
        ))}
      </fieldset>
    </Card>
  );
};

/** Resources: app download links and social links shown on the site. */
export const ResourcesForm = ({ value, readOnly }: Props) => {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useDraft<Resource[]>(value.resources);
  // Rows have no id of their own: each gets a client key that follows it through removals.
  const nextUid = useRef(value.resources.length);
  const [uids, setUids] = useState<number[]>(() => value.resources.map((_, i) => i));
  const save = useSaveSetting(value.merchant);
  if (!draft) return null;
  const invalid = draft.some(
    (r) =>
      !r.resourceType.trim() ||
      !isUrl(r.url) ||
      (r.qrCodeUrl !== null && r.qrCodeUrl !== '' && !isUrl(r.qrCodeUrl)),
  );
  const changed = JSON.stringify(draft) !== JSON.stringify(value.resources);
  const update = (i: number, patch: Partial<Resource>) =>
    setDraft(draft.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Card
      title={t('tab.resources')}
      actions={
        <>
          {!readOnly && (
            <Button
              disabled={draft.length >= 20}
              onClick={() => {
                setUids([...uids.slice(0, draft.length), nextUid.current++]);
                setDraft([
                  ...draft,
                  { resourceType: 'Android', url: 'https://', qrCodeUrl: null, labelNameEn: '' },
                ]);
              }}
            >
              <Plus className="size-4" />
              {t('add')}
            </Button>
          )}
          <SaveBar
            readOnly={readOnly}
            changed={changed}
            invalid={invalid}
            pending={save.isPending}
            onSave={() =>
              save.mutate({
                key: 'resources',
                value: draft.map((r) => ({ ...r, qrCodeUrl: r.qrCodeUrl || null })),
              })
            }
            testId="resources-save"
          />
        </>
      }
    >
      <fieldset disabled={readOnly} className="flex flex-col gap-3">
        {draft.map((r, i) => (
          <div
            key={uids[i] ?? `new-${r.resourceType}-${r.url}`}
            className="grid grid-cols-1 gap-2 rounded border border-line p-3 md:grid-cols-[8rem_1fr_1fr_1fr_auto]"
          >
            <Field label={t('resources.type')}>
              <Input value={r.resourceType} onChange={(e) => update(i, { resourceType: e.target.value })} />
            </Field>
            <Field label={t('resources.label')}>
              <Input value={r.labelNameEn} onChange={(e) => update(i, { labelNameEn: e.target.value })} />
            </Field>
            <Field label={t('resources.url')} error={isUrl(r.url) ? null : t('service.urlFormat')}>
              <Input value={r.url} onChange={(e) => update(i, { url: e.target.value })} />
            </Field>
            <Field label={t('resources.qr')}>
              <Input
                value={r.qrCodeUrl ?? ''}
                onChange={(e) => update(i, { qrCodeUrl: e.target.value || null })}
              />
            </Field>
            {!readOnly && (
              <div className="flex items-end">
                <Button
                  variant="ghost"
                  aria-label={t('remove')}
                  onClick={() => {
                    setUids(uids.filter((_, j) => j !== i));
                    setDraft(draft.filter((_, j) => j !== i));
                  }}
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
            )}
          </div>
        ))}
      </fieldset>
    </Card>
  );
};
