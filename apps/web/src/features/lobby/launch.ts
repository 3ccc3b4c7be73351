import { type GameType, LOTTERY_PAGE_VENDORS } from '@khela/contract/browser';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
// The launch call and the /game address belong to the game feature (issue 7).
import { gamePageHref, type LaunchParams, requestLaunch } from '../../shared/launch-request';
import { useSessionState } from '../../shared/state/session';
import { useModal } from '../../shared/ui/modal-host';
import { showErrorToast } from './toast';

/** What the launch button acts on: a game, or a vendor card (spec §3 game launch object). */
export type Launchable = {
  gameType: GameType;
  vendor: string;
  displayName: string;
  isGame: 'VASSALAGE' | 'GAME';
  gameCode: string | null;
  defaultPlayType: string | null;
  /** A catalogue game (game cards); absent on vendor cards and banner launch objects. */
  nodeId?: string | undefined;
  /** The catalogue's `allowDemo`: visitors are offered free play (the game page asks). */
  allowDemo?: boolean | undefined;
};

export type LaunchTarget =
  | { kind: 'vendorGames' }
  | { kind: 'lottery'; href: string }
  | { kind: 'slot'; href: string }
  | { kind: 'play'; params: LaunchParams };

/** Lottery games of these vendors open the lottery page (spec §2). */
export const isLotteryPageVendor = (vendor: string) =>
  (LOTTERY_PAGE_VENDORS as readonly string[]).includes(vendor.toUpperCase());

/**
 * The launch routing of spec §2: a VASSALAGE card opens the vendor's game list; lottery games of
 * TCG_LOTTO_VN, TCG_SEA, ELOTT and LOTT go to `/lottery` with gameCode, vendor and playType;
 * a catalogue game launches in `/game`; a slot vendor's launch object goes to the slot lobby;
 * another vendor's game launches by its game code, and a vendor without one shows its games.
 */
export const launchTarget = (item: Launchable): LaunchTarget => {
  if (item.isGame === 'VASSALAGE') return { kind: 'vendorGames' };
  if (isLotteryPageVendor(item.vendor)) {
    const params = new URLSearchParams();
    if (item.gameCode) params.set('gameCode', item.gameCode);
    params.set('vendor', item.vendor);
    if (item.defaultPlayType) params.set('playType', item.defaultPlayType);
    return { kind: 'lottery', href: `/lottery?${params.toString()}` };
  }
  const base = { gameType: item.gameType, vassalage: item.vendor, name: item.displayName };
  if (item.nodeId) return { kind: 'play', params: { ...base, nodeId: item.nodeId } };
  if (item.gameType === 'RNG')
    return { kind: 'slot', href: `/rng?vassalage=${encodeURIComponent(item.vendor)}` };
  if (item.gameCode) return { kind: 'play', params: { ...base, gameId: item.gameCode } };
  return { kind: 'vendorGames' };
};

/**
 * The launch button: login first (spec §6), then the routing above. A game is launched once
 * (`/wps/game/launchGame`) and opens in `/game` with the play URL; a refusal (a round unfinished
 * in another game, a disabled game) is shown as a message and the visitor stays where they are.
 */
export const useLaunch = () => {
  const { i18n } = useTranslation('lobby');
  const { token } = useSessionState();
  const modal = useModal();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const launching = useRef(false);
  return useCallback(
    (item: Launchable) => {
      const target = launchTarget(item);
      if (target.kind === 'vendorGames') {
        modal.open('vendorGames', { vendor: item.vendor, gameType: item.gameType, title: item.displayName });
        return;
      }
      if (!token) {
        // A game with free play opens its page, which offers log in or play free (issue 7).
        if (target.kind === 'play' && item.allowDemo)
          navigate(gamePageHref({ ...target.params, allowDemo: true }));
        else modal.open('login', {});
        return;
      }
      if (target.kind === 'lottery') {
        navigate(target.href);
        return;
      }
      if (target.kind === 'slot') {
        if (pathname !== '/rng') navigate(target.href);
        return;
      }
      if (launching.current) return;
      launching.current = true;
      requestLaunch(target.params, i18n.language)
        .then((gameUrl) => navigate(gamePageHref(target.params), { state: { gameUrl } }))
        .catch((error: unknown) => {
          void showErrorToast(error instanceof ApiError ? error.message : 'error.system.error');
        })
        .finally(() => {
          launching.current = false;
        });
    },
    [modal, token, navigate, pathname, i18n],
  );
};
