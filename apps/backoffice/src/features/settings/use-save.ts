import type { EditableSetting } from '@khela/contract';
import { useTranslation } from 'react-i18next';
import { callBo } from '../../shared/api';
import { ME_KEY } from '../../shared/session';
import { useAction } from '../../shared/ui/feedback';
import { settingsKey } from './settings-query';

/** Saves one setting of the merchant; players see it on their next status fetch. */
export const useSaveSetting = (merchant: string) => {
  const { t } = useTranslation('settings');
  return useAction(
    (setting: EditableSetting) => callBo('boSettingsUpdate', { body: { merchant, setting } }),
    {
      success: t('saved'),
      // The brand carries the merchant's currency symbol and languages (the merchant picker shows them).
      invalidate: [settingsKey(merchant), ME_KEY],
    },
  );
};
