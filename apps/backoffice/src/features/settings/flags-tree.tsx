import type { WhitelabelNode } from '@khela/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callBo } from '../../shared/api';
import { Card, Input, Toggle } from '../../shared/ui/controls';
import { cx } from '../../shared/ui/cx';
import { useAction } from '../../shared/ui/feedback';
import { type SettingsValue, settingsKey } from './settings-query';

const matches = (node: WhitelabelNode, filter: string): boolean =>
  node.modId.toLowerCase().includes(filter) || node.childrenNodes.some((c) => matches(c, filter));

const Node = ({
  node,
  parentOn,
  merchant,
  readOnly,
  filter,
}: {
  node: WhitelabelNode;
  parentOn: boolean;
  merchant: string;
  readOnly: boolean;
  filter: string;
}) => {
  const { t, i18n } = useTranslation('settings');
  const on = node.enabled === '1';
  const flip = useAction(
    (enabled: boolean) => callBo('boFlag', { body: { merchant, modId: node.modId, enabled } }),
    {
      success: (_d) => t('flagSaved', { modId: node.modId }),
      invalidate: [settingsKey(merchant)],
    },
  );
  if (filter && !matches(node, filter)) return null;
  const describe = `flags.${node.modId}`;
  return (
    <li>
      <div
        className={cx(
          'flex items-center gap-3 rounded px-2 py-1.5 hover:bg-surface-2',
          !parentOn && 'opacity-60',
        )}
        data-testid={`flag-row-${node.modId}`}
      >
        <Toggle
          checked={on}
          label={node.modId}
          disabled={readOnly || flip.isPending}
          testId={`flag-${node.modId}`}
          onChange={(value) => flip.mutate(value)}
        />
        <code className="font-semibold text-sm">{node.modId}</code>
        {i18n.exists(describe, { ns: 'settings' }) && (
          <span className="text-muted text-sm">{t(describe)}</span>
        )}
        {!parentOn && <span className="text-muted text-xs">({t('parentOff')})</span>}
      </div>
      {node.childrenNodes.length > 0 && (
        <ul className="ml-5 border-line border-l pl-2">
          {node.childrenNodes.map((child) => (
            <Node
              key={child.modId}
              node={child}
              parentOn={parentOn && on}
              merchant={merchant}
              readOnly={readOnly}
              filter={filter}
            />
          ))}
        </ul>
      )}
    </li>
  );
};

/** The whitelabel module tree; a switch writes at once (players see it on their next status fetch). */
export const FlagsTree = ({ value, readOnly }: { value: SettingsValue; readOnly: boolean }) => {
  const { t } = useTranslation('settings');
  const [filter, setFilter] = useState('');
  return (
    <Card
      title={t('tab.flags')}
      actions={
        <Input
          placeholder={t('flagFilter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="w-48"
          aria-label={t('flagFilter')}
        />
      }
    >
      <p className="mb-2 text-muted text-sm">{t('flagsIntro')}</p>
      <ul data-testid="flags-tree">
        {(value.whitelabel as WhitelabelNode[]).map((node) => (
          <Node
            key={node.modId}
            node={node}
            parentOn
            merchant={value.merchant}
            readOnly={readOnly}
            filter={filter.trim().toLowerCase()}
          />
        ))}
      </ul>
    </Card>
  );
};
