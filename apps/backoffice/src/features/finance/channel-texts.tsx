import type { BoChannelRow } from '@khela/contract';
import { useTranslation } from 'react-i18next';
import { Field, Input, TextArea } from '../../shared/ui/controls';

export type ChannelTexts = BoChannelRow['texts'];
type Language = 'bn' | 'en' | 'hi';

/** The site languages other than the default one: those a channel's texts are translated into. */
export const otherLanguages = (
  languages: readonly string[],
  defaultLanguage: string | undefined,
): Language[] =>
  languages.filter((l): l is Language => (l === 'bn' || l === 'en' || l === 'hi') && l !== defaultLanguage);

/** The languages whose name or instructions are not written yet (players see the default ones). */
export const missingLanguages = (texts: ChannelTexts, languages: Language[], withInstructions: boolean) =>
  languages.filter((l) => !texts[l]?.name?.trim() || (withInstructions && !texts[l]?.instructions?.trim()));

/**
 * A channel's name and instructions in each other language of the merchant, each marked when
 * missing (players of that language then read the default language's texts).
 */
export const ChannelTextsFields = ({
  texts,
  languages,
  defaultLanguage,
  withInstructions,
  onChange,
}: {
  texts: ChannelTexts;
  languages: Language[];
  defaultLanguage: string;
  withInstructions: boolean;
  onChange: (texts: ChannelTexts) => void;
}) => {
  const { t } = useTranslation('finance');
  if (languages.length === 0) return null;
  const missing = missingLanguages(texts, languages, withInstructions);
  const set = (language: Language, key: 'name' | 'instructions', value: string) =>
    onChange({ ...texts, [language]: { ...texts[language], [key]: value } });
  return (
    <fieldset className="space-y-3 sm:col-span-2 lg:col-span-4" data-testid="channel-texts">
      <legend className="font-medium text-sm">
        {t('channels.texts.title', { language: t(`channels.texts.language.${defaultLanguage}`) })}
      </legend>
      {languages.map((language) => (
        <div key={language} className="grid grid-cols-1 gap-3 lg:grid-cols-4">
          <Field
            label={
              <span>
                {t('channels.name')} · {t(`channels.texts.language.${language}`)}
                {missing.includes(language) && (
                  <span
                    className="ml-2 rounded bg-amber-500/15 px-1.5 text-amber-700 text-xs dark:text-amber-300"
                    data-testid={`channel-text-missing-${language}`}
                  >
                    {t('channels.texts.missing')}
                  </span>
                )}
              </span>
            }
          >
            <Input
              value={texts[language]?.name ?? ''}
              maxLength={40}
              data-testid={`channel-text-name-${language}`}
              onChange={(e) => set(language, 'name', e.target.value)}
            />
          </Field>
          {withInstructions && (
            <Field
              label={`${t('channels.instructions')} · ${t(`channels.texts.language.${language}`)}`}
              className="lg:col-span-3"
            >
              <TextArea
                value={texts[language]?.instructions ?? ''}
                maxLength={1000}
                data-testid={`channel-text-instructions-${language}`}
                onChange={(e) => set(language, 'instructions', e.target.value)}
              />
            </Field>
          )}
        </div>
      ))}
    </fieldset>
  );
};
