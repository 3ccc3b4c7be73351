import { FeedbackCard } from '../../features/help/feedback-card';
import { HelpCentre } from '../../features/help/help-centre';

/** Page group `help` (one lazy chunk): the help centre, and the same without header for the service window. */
export const pages = {
  help: () => (
    <div data-testid="page-help">
      <HelpCentre footer={<FeedbackCard />} />
    </div>
  ),
  helpmc: () => (
    <div data-testid="page-helpmc">
      <HelpCentre compact />
    </div>
  ),
};
