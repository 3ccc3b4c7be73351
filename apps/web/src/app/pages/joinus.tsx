import { JoinPage } from '../../features/agency/join-page';

/** Page group `joinus` (one lazy chunk): the agent programme and application (issue 20). */
export const pages = {
  join: () => <JoinPage />,
};
