import { AppError } from '../../http/errors';
import type { GameRound, LaunchContext, ProviderAdapter } from '../games';
import type { ProviderService } from './service';

/** Where the built-in vendor simulator's game page is mounted in demo mode (tools/vendor-sim). */
export const VENDOR_SIM_MOUNT = '/vendor-sim';

/**
 * The launch adapter of a third-party (seamless-wallet) vendor: the vendor's game page URL with a
 * single-use launch token (60 s) in it, which the vendor's `authenticate` exchanges once for the
 * 12-hour vendor session (docs/decisions/010-provider-api.md). The reusable session token never
 * appears in a URL. The page is the vendor's `launch_url` (provider_vendor), or, when none is
 * set, the built-in vendor simulator on the launch host (demo mode only).
 */
export const createSeamlessAdapter = (
  vendorCode: string,
  provider: Pick<ProviderService, 'issueLaunchToken' | 'vendorConfig' | 'reconcileRound'>,
  options: { demo: boolean },
): ProviderAdapter => ({
  code: vendorCode,
  launch: async (ctx: LaunchContext) => {
    const config = await provider.vendorConfig(ctx.merchantCode, vendorCode);
    if (!config?.enabled) throw new AppError('function.not.available');
    const base = config.launch_url ?? (options.demo ? `${ctx.launchHost}${VENDOR_SIM_MOUNT}` : null);
    if (!base) throw new AppError('function.not.available');
    const params = new URLSearchParams({
      merchant: ctx.merchantCode,
      vendor: vendorCode,
      game: ctx.game.nodeId,
      currency: ctx.currency,
      lang: ctx.language,
    });
    if (ctx.returnUrl) params.set('return', ctx.returnUrl);
    if (ctx.mode === 'real' && ctx.member) {
      const launch = await provider.issueLaunchToken({
        merchantCode: ctx.merchantCode,
        vendorCode,
        memberId: ctx.member.id,
        gameNodeId: ctx.game.nodeId,
      });
      params.set('token', launch.token);
    } else {
      // Free play: the vendor keeps play money of its own and calls nothing back.
      params.set('demo', '1');
    }
    return { url: `${base.replace(/\/$/, '')}/play?${params.toString()}` };
  },
  reconcile: async (round: GameRound) => {
    if (round.externalRoundId === null) return;
    await provider.reconcileRound({
      merchantCode: round.merchantCode,
      vendorCode: round.vendorCode,
      externalRoundId: round.externalRoundId,
    });
  },
});
