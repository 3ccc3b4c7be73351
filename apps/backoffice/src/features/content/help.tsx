import { endpoints, HELP_SORTS } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callBo, downloadCsv } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Input, Select } from '../../shared/ui/controls';
import { PageLoading } from '../../shared/ui/page-loading';
import { type Column, CsvButton, DataTable, useListState } from '../../shared/ui/table';
import { type HelpRow, helpKey } from './help-query';

const HelpEditor = lazy(() => import('./help-editor').then((m) => ({ default: m.HelpEditor })));

export const titleOf = (r: Pick<HelpRow, 'title' | 'tag'>, language: string) =>
  r.title[language] || r.title.en || Object.values(r.title)[0] || r.tag;

/** The top-level articles (sections): the editor's section choices and the section filter. */
export const useHelpSections = (merchant: string) =>
  useQuery({
    queryKey: [...helpKey(merchant), 'sections'],
    queryFn: () =>
      callBo('boHelpList', {
        query: { merchant, parent: 'root', sort: 'sort', order: 'asc', pageSize: 200 },
      }),
  });

/** The help-centre articles: search, section and display filters, sorting, paging, CSV; each language edited apart. */
export const HelpTab = () => {
  const { t, i18n } = useTranslation('content');
  const { merchant } = useMerchant();
  const list = useListState({ filters: { q: '', parent: '', display: '' }, sort: 'sort', order: 'asc' });
  const [search, setSearch] = useState(list.filters.q);
  const [editing, setEditing] = useState<HelpRow | 'new' | null>(null);
  const sections = useHelpSections(merchant);
  const sort = HELP_SORTS.find((s) => s === list.sort) ?? 'sort';
  const parent =
    list.filters.parent === 'root'
      ? ('root' as const)
      : /^\d+$/.test(list.filters.parent)
        ? Number(list.filters.parent)
        : undefined;
  const display = (['shown', 'hidden'] as const).find((d) => d === list.filters.display);
  const query = { merchant, q: list.filters.q || undefined, parent, display, sort, order: list.order };
  const result = useQuery({
    queryKey: [...helpKey(merchant), query, list.page, list.pageSize],
    queryFn: () => callBo('boHelpList', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const sectionRows = sections.data?.items ?? [];
  const sectionName = (id: number | null) => {
    if (id === null) return '—';
    const found = sectionRows.find((r) => r.id === id);
    return found ? titleOf(found, i18n.language) : `#${id}`;
  };
  const columns: Column<HelpRow>[] = [
    { key: 'sort', label: t('sort'), sortKey: 'sort', render: (r) => r.sort },
    {
      key: 'title',
      label: t('titleLabel'),
      render: (r) => (
        <span>
          <span className="font-medium">{titleOf(r, i18n.language)}</span>
          {!r.display && <span className="ml-2 text-muted text-xs">({t('hidden')})</span>}
        </span>
      ),
    },
    { key: 'tag', label: t('tag'), sortKey: 'tag', render: (r) => <code className="text-xs">{r.tag}</code> },
    { key: 'parent', label: t('helpParent'), render: (r) => sectionName(r.parentId) },
    {
      key: 'edit',
      label: '',
      render: (r) => (
        <Button
          variant="ghost"
          aria-label={t('edit')}
          onClick={() => setEditing(r)}
          data-testid={`help-edit-${r.id}`}
        >
          <Pencil className="size-4" />
        </Button>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-3" data-testid="help-tab">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            list.setFilters({ q: search.trim() });
          }}
        >
          <Field label={t('helpSearch')}>
            <Input value={search} onChange={(e) => setSearch(e.target.value)} data-testid="help-search" />
          </Field>
          <Field label={t('helpSection')}>
            <Select
              value={list.filters.parent}
              onChange={(e) => list.setFilters({ parent: e.target.value })}
              data-testid="help-section-filter"
            >
              <option value="">{t('helpSectionAny')}</option>
              <option value="root">{t('helpSectionRoot')}</option>
              {sectionRows.map((r) => (
                <option key={r.id} value={r.id}>
                  {titleOf(r, i18n.language)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('helpDisplay')}>
            <Select
              value={list.filters.display}
              onChange={(e) => list.setFilters({ display: e.target.value })}
            >
              <option value="">{t('helpDisplayAny')}</option>
              <option value="shown">{t('helpShown')}</option>
              <option value="hidden">{t('helpHidden')}</option>
            </Select>
          </Field>
          <Field label={t('sortBy')}>
            <Select value={sort} onChange={(e) => list.setSort(e.target.value)}>
              {HELP_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`helpSortKey.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('order')}>
            <Select
              value={list.order}
              onChange={(e) => list.setOrder(e.target.value === 'desc' ? 'desc' : 'asc')}
            >
              <option value="asc">{t('orderAsc')}</option>
              <option value="desc">{t('orderDesc')}</option>
            </Select>
          </Field>
          <Button type="submit">{t('filter')}</Button>
        </form>
        <div className="flex gap-2">
          <CsvButton download={() => downloadCsv(endpoints.boHelpCsv, query, `help-${merchant}.csv`)} />
          <Button variant="primary" onClick={() => setEditing('new')} data-testid="help-new">
            <Plus className="size-4" />
            {t('newHelp')}
          </Button>
        </div>
      </div>
      {editing && (
        <Suspense fallback={<PageLoading />}>
          <HelpEditor
            key={editing === 'new' ? 'new' : editing.id}
            merchant={merchant}
            row={editing === 'new' ? null : editing}
            sections={sectionRows}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {result.isError && (
        <p role="alert" className="text-danger text-sm">
          {errorText(result.error)}
        </p>
      )}
      <DataTable
        testId="help-table"
        columns={columns}
        rows={result.data?.items}
        rowKey={(r) => r.id}
        total={result.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        sort={sort}
        order={list.order}
        onSort={list.setSort}
        loading={result.isPending}
      />
    </div>
  );
};
