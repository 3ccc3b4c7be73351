import { PointMallPage } from '../../features/loyalty';

/** Page group `pointMall` (one lazy chunk): the points mall (issue 19). */
export const pages = {
  pointMall: () => <PointMallPage />,
};
