import { AGENT_DOWNLINE_PAGE_SIZE, type AgentHome, isAgentType } from '@khela/contract';
import { AppError } from '../../http/errors';
import type { IdentityContext } from './context';
import type { AuthMember } from './sessions';
import * as store from './store';

/** The agent site: the agent and the downline. */
export const createAgentSite = (ctx: IdentityContext) => {
  const { db } = ctx;
  /**
   * `GET /wps/agent/home`: the signed-in agent and one page (15) of the members whose upline it
   * is. Any other account is refused with 403 `login.not.agent`.
   */
  const agentHome = async (auth: AuthMember, page: number): Promise<AgentHome> => {
    if (!isAgentType(auth.type)) throw new AppError('login.not.agent');
    const agent = await store.findMemberById(db, auth.id);
    if (!agent) throw new AppError('login.not.session');
    const upline = agent.upline_id === null ? undefined : await store.findMemberById(db, agent.upline_id);
    const { rows, total } = await store.downlinePage(
      db,
      agent.id,
      AGENT_DOWNLINE_PAGE_SIZE,
      (page - 1) * AGENT_DOWNLINE_PAGE_SIZE,
    );
    return {
      account: agent.username,
      nickname: agent.nickname,
      type: agent.type,
      affiliateCode: agent.agent_code,
      upline: upline?.username ?? null,
      regDate: agent.created_at.getTime(),
      downline: {
        total,
        page,
        pageSize: AGENT_DOWNLINE_PAGE_SIZE,
        items: rows.map((r) => ({
          account: r.username,
          nickname: r.nickname,
          type: r.type,
          regDate: r.created_at.getTime(),
          lastLoginAt: r.last_login_at?.getTime() ?? null,
          status: r.status,
        })),
      },
    };
  };
  return { agentHome };
};
