import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { flagsOf, hasSession, useSystemStatus } from '../../shared/state/site';
import { buttonClass } from '../../shared/ui/button';
import { useModal } from '../../shared/ui/modal-host';

/**
 * "Still need help?": signed-in members open the feedback form of the member centre
 * (`?member=messageV2&inbox=feedback`); visitors are asked to log in first. Shown with FEEDBACK3 on.
 */
export const FeedbackCard = () => {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const modal = useModal();
  const on = flagsOf(useSystemStatus().data).FEEDBACK3 === true;
  if (!on) return null;
  return (
    <section
      data-testid="help-feedback"
      className="mt-4 flex flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:p-6 md:mt-5"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand/12 text-brand">
        <MessageSquareText aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-bold">{t('feedbackTitle')}</h2>
        <p className="text-sm text-muted">{t('feedbackBody')}</p>
      </div>
      <button
        type="button"
        data-testid="help-feedback-open"
        className={buttonClass('primary', 'md')}
        onClick={() => {
          if (!hasSession()) {
            modal.open('login', {});
            return;
          }
          void navigate({ search: '?member=messageV2&inbox=feedback' });
        }}
      >
        {t('feedbackButton')}
      </button>
    </section>
  );
};
