import { ANNOUNCEMENT_SORTS, BANNER_GROUPS, endpoints, PROMOTION_CATEGORIES } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callBo, downloadCsv } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Select } from '../../shared/ui/controls';
import { PageLoading } from '../../shared/ui/page-loading';
import { type Column, CsvButton, DataTable, formatTime, useListState } from '../../shared/ui/table';
import { type AnnouncementRow, announcementsKey, type Kind } from './announcement-query';

/** The editor (with the rich-text editor inside) loads when a row is opened. */
const Editor = lazy(() => import('./announcement-editor').then((m) => ({ default: m.AnnouncementEditor })));

const firstText = (text: Record<string, string>, language: string) =>
  text[language] || text.en || Object.values(text).find(Boolean) || '—';

/** One kind of announcement: list (filters, sort order, paging, CSV) and the editor. */
export const AnnouncementsTab = ({ kind }: { kind: Kind }) => {
  const { t, i18n } = useTranslation('content');
  const { merchant } = useMerchant();
  const list = useListState({ filters: { group: '' }, sort: 'sort', order: 'asc' });
  const [editing, setEditing] = useState<AnnouncementRow | 'new' | null>(null);
  const sort = ANNOUNCEMENT_SORTS.find((s) => s === list.sort) ?? 'sort';
  const query = {
    merchant,
    kind,
    groupName: kind === 'B' && list.filters.group ? list.filters.group : undefined,
    sort,
    order: list.order,
  };
  const result = useQuery({
    queryKey: [...announcementsKey(merchant), query, list.page, list.pageSize],
    queryFn: () =>
      callBo('boAnnouncements', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<AnnouncementRow>[] = [
    { key: 'sort', label: t('sort'), sortKey: 'sort', render: (r) => r.sort },
    ...(kind === 'B' || kind === 'PU' || kind === 'PR'
      ? [
          {
            key: 'image',
            label: t('image'),
            render: (r: AnnouncementRow) =>
              r.mediaId ? (
                <img
                  src={`/media/${r.mediaId}`}
                  alt=""
                  className="h-10 max-w-24 rounded object-cover"
                  loading="lazy"
                />
              ) : (
                '—'
              ),
          },
        ]
      : []),
    { key: 'title', label: t('titleLabel'), render: (r) => firstText(r.title, i18n.language) },
    ...(kind === 'B'
      ? [{ key: 'group', label: t('group'), render: (r: AnnouncementRow) => r.groupName ?? '—' }]
      : []),
    ...(kind === 'PU'
      ? [
          {
            key: 'execution',
            label: t('execution'),
            render: (r: AnnouncementRow) => (r.execution ? t(`exec.${r.execution}`) : '—'),
          },
        ]
      : []),
    ...(kind === 'PR'
      ? [{ key: 'category', label: t('category'), render: (r: AnnouncementRow) => r.category ?? '—' }]
      : []),
    {
      key: 'schedule',
      label: t('schedule'),
      sortKey: 'startAt',
      render: (r) => (
        <span className="text-xs">
          {formatTime(r.startAt, i18n.language)} → {formatTime(r.endAt, i18n.language)}
        </span>
      ),
    },
    { key: 'enabled', label: t('enabled'), render: (r) => (r.enabled ? t('on') : t('off')) },
    {
      key: 'edit',
      label: '',
      render: (r) => (
        <Button
          variant="ghost"
          aria-label={t('edit')}
          onClick={() => setEditing(r)}
          data-testid={`edit-${r.id}`}
        >
          <Pencil className="size-4" />
        </Button>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-3" data-testid={`announcements-${kind}`}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="flex flex-wrap items-end gap-2">
          {kind === 'B' && (
            <Field label={t('group')}>
              <Select
                value={list.filters.group}
                onChange={(e) => list.setFilters({ group: e.target.value })}
                data-testid="group-filter"
              >
                <option value="">{t('allGroups')}</option>
                {BANNER_GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {g}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label={t('sortBy')}>
            <Select
              value={sort}
              onChange={(e) => list.setSort(e.target.value)}
              data-testid="announcement-sort"
            >
              {ANNOUNCEMENT_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sortKey.${s}`)}
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
        </div>
        <div className="flex gap-2">
          <CsvButton
            download={() =>
              downloadCsv(endpoints.boAnnouncementsCsv, query, `content-${kind}-${merchant}.csv`)
            }
          />
          <Button variant="primary" onClick={() => setEditing('new')} data-testid="content-new">
            <Plus className="size-4" />
            {t(`new.${kind}`)}
          </Button>
        </div>
      </div>
      {editing && (
        <Suspense fallback={<PageLoading />}>
          <Editor
            key={editing === 'new' ? 'new' : editing.id}
            kind={kind}
            merchant={merchant}
            row={editing === 'new' ? null : editing}
            defaultGroup={list.filters.group || BANNER_GROUPS[0]}
            categories={PROMOTION_CATEGORIES}
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
        testId="announcements-table"
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
