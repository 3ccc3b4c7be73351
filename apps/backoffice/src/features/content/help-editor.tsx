import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { Button, Card, Field, Input, Select, Toggle } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { LanguageTabs, missingIn } from '../../shared/ui/language-tabs';
import { type HelpRow, helpKey } from './help-query';

const RichEditor = lazy(() => import('../../shared/ui/rich-editor').then((m) => ({ default: m.RichEditor })));

/** Creates or edits a help-centre article: tag, section, title and rich text per language. */
export const HelpEditor = ({
  merchant,
  row,
  sections,
  onClose,
}: {
  merchant: string;
  row: HelpRow | null;
  /** The top-level articles: where this one may go. */
  sections: HelpRow[];
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('content');
  const { info } = useMerchant();
  const languages = info?.languages ?? ['en'];
  const [language, setLanguage] = useState(info?.defaultLanguage ?? languages[0] ?? 'en');
  const [draft, setDraft] = useState(() => ({
    tag: row?.tag ?? '',
    parentId: row?.parentId ?? null,
    title: { ...(row?.title ?? {}) } as Record<string, string>,
    content: { ...(row?.content ?? {}) } as Record<string, string>,
    bgColor: row?.bgColor ?? '',
    sort: row?.sort ?? 0,
    display: row?.display ?? true,
  }));
  const problems = [
    !/^[a-z0-9-]{1,40}$/.test(draft.tag) && 'problem.tag',
    !Object.values(draft.title).some((v) => v.trim()) && 'problem.title',
    !Object.values(draft.content).some((v) => v.trim()) && 'problem.content',
    draft.bgColor !== '' && !/^#[0-9a-fA-F]{6}$/.test(draft.bgColor) && 'problem.colour',
  ].filter((p): p is string => Boolean(p));
  const save = useAction(
    () =>
      callBo('boHelpSave', {
        body: {
          ...(row ? { id: row.id } : {}),
          merchant,
          parentId: draft.parentId,
          tag: draft.tag,
          title: draft.title,
          content: draft.content,
          bgColor: draft.bgColor || null,
          sort: draft.sort,
          display: draft.display,
        },
      }),
    { success: t('saved'), invalidate: [helpKey(merchant)], onSuccess: onClose },
  );
  const parents = sections.filter((r) => r.id !== row?.id);
  return (
    <Card title={t(row ? 'editHelp' : 'newHelp')} className="border-accent">
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-[1fr_18rem]" data-testid="help-editor">
        <div className="flex flex-col gap-3">
          <LanguageTabs
            languages={languages}
            current={language}
            onSelect={setLanguage}
            missing={[
              ...new Set([...missingIn(languages, draft.title), ...missingIn(languages, draft.content)]),
            ]}
            defaultLanguage={info?.defaultLanguage}
          />
          <Field label={t('titleIn', { language: language.toUpperCase() })}>
            <Input
              value={draft.title[language] ?? ''}
              maxLength={200}
              onChange={(e) => setDraft({ ...draft, title: { ...draft.title, [language]: e.target.value } })}
            />
          </Field>
          <Field label={t('contentIn', { language: language.toUpperCase() })}>
            <Suspense fallback={<div className="min-h-40 rounded-md border border-line" />}>
              <RichEditor
                key={language}
                label={t('contentIn', { language: language.toUpperCase() })}
                value={draft.content[language] ?? ''}
                onChange={(html) => setDraft((d) => ({ ...d, content: { ...d.content, [language]: html } }))}
                testId="help-content"
              />
            </Suspense>
          </Field>
        </div>
        <div className="flex flex-col gap-3">
          <Field label={t('tag')} hint={t('tagHint')}>
            <Input
              value={draft.tag}
              onChange={(e) => setDraft({ ...draft, tag: e.target.value.toLowerCase() })}
            />
          </Field>
          <Field label={t('parent')}>
            <Select
              value={draft.parentId ?? ''}
              onChange={(e) =>
                setDraft({ ...draft, parentId: e.target.value ? Number(e.target.value) : null })
              }
            >
              <option value="">{t('topLevel')}</option>
              {parents.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title[i18n.language] || p.title.en || p.tag}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('bgColor')}>
            <Input
              value={draft.bgColor}
              placeholder="#1e293b"
              onChange={(e) => setDraft({ ...draft, bgColor: e.target.value })}
            />
          </Field>
          <Field label={t('sort')}>
            <Input
              inputMode="numeric"
              value={draft.sort}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  sort: Math.min(100_000, Number(e.target.value.replace(/\D/g, '')) || 0),
                })
              }
            />
          </Field>
          <span className="flex items-center gap-2 text-sm">
            <Toggle
              checked={draft.display}
              label={t('display')}
              onChange={(v) => setDraft({ ...draft, display: v })}
            />
            {t('display')}
          </span>
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
        >
          {t('save')}
        </Button>
      </div>
    </Card>
  );
};
