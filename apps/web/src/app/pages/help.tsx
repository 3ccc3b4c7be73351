import { Headset } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FeedbackCard } from '../../features/help/feedback-card';
import { HelpCentre } from '../../features/help/help-centre';
import { SupportChatPage } from '../../features/support/chat-page';
import { useSystemStatus } from '../../shared/state/site';
import { buttonClass } from '../../shared/ui/button';
import { openLiveChat } from '../../shared/ui/live-chat';

/** The help centre's way into live chat (issue 24): the support chat, or the merchant's external chat. */
const LiveChatButton = () => {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const status = useSystemStatus().data;
  return (
    <div className="mx-auto flex max-w-5xl justify-end px-4 pt-4">
      <button
        type="button"
        data-testid="help-live-chat"
        className={buttonClass('primary', 'md')}
        onClick={() => openLiveChat(status, (to) => void navigate(to))}
      >
        <Headset className="size-4" aria-hidden="true" />
        {t('support.open')}
      </button>
    </div>
  );
};

/** Page group `help` (one lazy chunk): the help centre, and the same without header for the service window. */
export const pages = {
  help: () => (
    <div data-testid="page-help">
      <LiveChatButton />
      <HelpCentre footer={<FeedbackCard />} />
    </div>
  ),
  support: () => (
    <div data-testid="page-support">
      <SupportChatPage />
    </div>
  ),
  helpmc: () => (
    <div data-testid="page-helpmc">
      <HelpCentre compact />
    </div>
  ),
};
