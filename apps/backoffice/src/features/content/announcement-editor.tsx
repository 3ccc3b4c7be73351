import { BANNER_GROUPS } from '@khela/contract/browser';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callBo } from '../../shared/api';
import { fromLocalInput, toLocalInput } from '../../shared/date-input';
import { useMerchant } from '../../shared/merchant';
import { Button, Card, Field, Input, Select, Toggle } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { LanguageTabs, missingIn } from '../../shared/ui/language-tabs';
import { type AnnouncementRow, announcementsKey, type Kind } from './announcement-query';
import { MediaUpload } from './media-upload';

const RichEditor = lazy(() => import('../../shared/ui/rich-editor').then((m) => ({ default: m.RichEditor })));

type Draft = {
  groupName: string;
  title: Record<string, string>;
  content: Record<string, string>;
  linkageType: 'NONE' | 'URL' | 'ROUTE';
  link: string;
  mediaId: string | null;
  execution: 'B' | 'A' | 'F';
  category: string;
  startAt: number | null;
  endAt: number | null;
  sort: number;
  enabled: boolean;
};

const draftOf = (row: AnnouncementRow | null, defaultGroup: string, category: string): Draft => ({
  groupName: row?.groupName ?? defaultGroup,
  title: { ...(row?.title ?? {}) },
  content: { ...(row?.content ?? {}) },
  linkageType: row?.linkageType ?? 'NONE',
  link: row?.link ?? '',
  mediaId: row?.mediaId ?? null,
  execution: row?.execution ?? 'B',
  category: row?.category ?? category,
  startAt: row?.startAt ?? null,
  endAt: row?.endAt ?? null,
  sort: row?.sort ?? 0,
  enabled: row?.enabled ?? true,
});

/** Problems the server would refuse, found before sending (keys of the content namespace). */
const problemsOf = (kind: Kind, d: Draft) => {
  const out: string[] = [];
  if (!Object.values(d.title).some((v) => v.trim())) out.push('problem.title');
  if (d.linkageType === 'URL' && !/^https:\/\/\S+$/.test(d.link)) out.push('problem.url');
  if (d.linkageType === 'ROUTE' && !/^\/[^/]/.test(d.link)) out.push('problem.route');
  if (d.startAt !== null && d.endAt !== null && d.startAt >= d.endAt) out.push('problem.schedule');
  if (kind === 'B' && !d.mediaId) out.push('problem.image');
  return out;
};

/** Creates or edits one banner, announcement, popup or promotion. */
export const AnnouncementEditor = ({
  kind,
  merchant,
  row,
  defaultGroup,
  categories,
  onClose,
}: {
  kind: Kind;
  merchant: string;
  row: AnnouncementRow | null;
  defaultGroup: string;
  categories: readonly string[];
  onClose: () => void;
}) => {
  const { t } = useTranslation('content');
  const { info } = useMerchant();
  const languages = info?.languages ?? ['en'];
  const [draft, setDraft] = useState<Draft>(() => draftOf(row, defaultGroup, categories[0] ?? 'other_promo'));
  const [language, setLanguage] = useState(info?.defaultLanguage ?? languages[0] ?? 'en');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const problems = problemsOf(kind, draft);
  const save = useAction(
    () =>
      callBo('boAnnouncementSave', {
        body: {
          ...(row ? { id: row.id } : {}),
          merchant,
          kind,
          groupName: kind === 'B' ? draft.groupName : null,
          title: draft.title,
          content: kind === 'B' ? {} : draft.content,
          linkageType: draft.linkageType,
          link: draft.linkageType === 'NONE' ? null : draft.link,
          mediaId: draft.mediaId,
          execution: kind === 'PU' ? draft.execution : null,
          category: kind === 'PR' ? draft.category : null,
          startAt: draft.startAt,
          endAt: draft.endAt,
          sort: draft.sort,
          enabled: draft.enabled,
        },
      }),
    { success: t('saved'), invalidate: [announcementsKey(merchant)], onSuccess: onClose },
  );
  return (
    <Card title={t(row ? 'editTitle' : `new.${kind}`)} className="border-accent">
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="announcement-editor">
        <div className="flex flex-col gap-3">
          <LanguageTabs
            languages={languages}
            current={language}
            onSelect={setLanguage}
            missing={
              kind === 'B'
                ? missingIn(languages, draft.title)
                : [...new Set([...missingIn(languages, draft.title), ...missingIn(languages, draft.content)])]
            }
            defaultLanguage={info?.defaultLanguage}
          />
          <Field label={t('titleIn', { language: language.toUpperCase() })}>
            <Input
              value={draft.title[language] ?? ''}
              maxLength={200}
              onChange={(e) => set('title', { ...draft.title, [language]: e.target.value })}
              data-testid={`title-${language}`}
            />
          </Field>
          {kind !== 'B' && (
            <Field label={t('contentIn', { language: language.toUpperCase() })}>
              <Suspense fallback={<div className="min-h-40 rounded-md border border-line" />}>
                <RichEditor
                  key={language}
                  label={t('contentIn', { language: language.toUpperCase() })}
                  value={draft.content[language] ?? ''}
                  onChange={(html) =>
                    setDraft((d) => ({ ...d, content: { ...d.content, [language]: html } }))
                  }
                  testId={`content-${language}`}
                />
              </Suspense>
            </Field>
          )}
        </div>
        <div className="flex flex-col gap-3">
          {kind === 'B' && (
            <Field label={t('group')}>
              <Select
                value={draft.groupName}
                onChange={(e) => set('groupName', e.target.value)}
                data-testid="banner-group"
              >
                {BANNER_GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {g}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {kind === 'PU' && (
            <Field label={t('execution')}>
              <Select
                value={draft.execution}
                onChange={(e) => set('execution', e.target.value as Draft['execution'])}
                data-testid="popup-execution"
              >
                {(['B', 'A', 'F'] as const).map((x) => (
                  <option key={x} value={x}>
                    {t(`exec.${x}`)}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {kind === 'PR' && (
            <Field label={t('category')}>
              <Select value={draft.category} onChange={(e) => set('category', e.target.value)}>
                {categories.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {kind !== 'PL' && (
            <Field label={t('image')}>
              <MediaUpload mediaId={draft.mediaId} onUploaded={(id) => set('mediaId', id)} />
            </Field>
          )}
          <div className="grid grid-cols-[8rem_1fr] gap-2">
            <Field label={t('linkType')}>
              <Select
                value={draft.linkageType}
                onChange={(e) => set('linkageType', e.target.value as Draft['linkageType'])}
                data-testid="link-type"
              >
                {(['NONE', 'URL', 'ROUTE'] as const).map((x) => (
                  <option key={x} value={x}>
                    {t(`link.${x}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('link.label')}>
              <Input
                value={draft.link}
                disabled={draft.linkageType === 'NONE'}
                placeholder={draft.linkageType === 'ROUTE' ? '/promotion' : 'https://'}
                onChange={(e) => set('link', e.target.value)}
                data-testid="link-value"
              />
            </Field>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Field label={t('startAt')}>
              <Input
                type="datetime-local"
                value={toLocalInput(draft.startAt)}
                onChange={(e) => set('startAt', fromLocalInput(e.target.value))}
              />
            </Field>
            <Field label={t('endAt')}>
              <Input
                type="datetime-local"
                value={toLocalInput(draft.endAt)}
                onChange={(e) => set('endAt', fromLocalInput(e.target.value))}
              />
            </Field>
          </div>
          <div className="flex items-end gap-4">
            <Field label={t('sort')} className="w-28">
              <Input
                inputMode="numeric"
                value={draft.sort}
                onChange={(e) =>
                  set('sort', Math.min(100_000, Number(e.target.value.replace(/\D/g, '')) || 0))
                }
                data-testid="sort-value"
              />
            </Field>
            <span className="flex items-center gap-2 pb-2 text-sm">
              <Toggle
                checked={draft.enabled}
                label={t('enabled')}
                onChange={(v) => set('enabled', v)}
                testId="announcement-enabled"
              />
              {t('enabled')}
            </span>
          </div>
        </div>
      </div>
      {problems.map((p) => (
        <p key={p} role="alert" className="mt-2 text-danger text-sm">
          {t(p)}
        </p>
      ))}
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="primary"
          disabled={problems.length > 0}
          pending={save.isPending}
          onClick={() => save.mutate(undefined)}
          data-testid="announcement-save"
        >
          {t(row ? 'save' : 'publish')}
        </Button>
      </div>
    </Card>
  );
};
