import { pvpRoutes } from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type Gate, registerRoute } from '../../http/route';
import type { Pvp } from './service';

const member = (request: FastifyRequest) => {
  if (!request.member) throw new AppError('login.not.session');
  const m = request.member;
  return { id: m.id, merchantCode: m.merchantCode, nickname: m.nickname || m.username };
};

const amountOf = (value: string | number | undefined) => {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^[0-9]{1,15}$/.test(text)) throw new AppError('pvp.bet.out.of.range');
  return BigInt(text);
};

/** The PvP rooms' player calls (thin: the service decides). */
export const registerPvpRoutes = (app: FastifyInstance, gate: Gate, pvp: Pvp) => {
  registerRoute(app, gate, pvpRoutes.pvpRoomList, async (request) => pvp.roomList(request.merchant.code));
  registerRoute(app, gate, pvpRoutes.pvpState, async (request) =>
    pvp.stateFor(member(request), request.query.tableId),
  );
  registerRoute(app, gate, pvpRoutes.pvpJoin, async (request) =>
    pvp.join(member(request), request.body.tierKey, request.body.buyInMinor),
  );
  registerRoute(app, gate, pvpRoutes.pvpAction, async (request) => {
    const { tableId, handNo, action, amountMinor } = request.body;
    const amount = amountOf(amountMinor);
    if (action === 'bet' && amount === undefined) throw new AppError('pvp.bet.out.of.range');
    return pvp.act(member(request), {
      tableId,
      handNo,
      move: { type: action, ...(amount === undefined ? {} : { amountMinor: amount }) },
    });
  });
  registerRoute(app, gate, pvpRoutes.pvpLeave, async (request) =>
    pvp.leave(member(request), request.body.tableId),
  );
};
