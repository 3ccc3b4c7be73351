import type { Game } from '@khela/contract';
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../shared/api/client';
import { useMember } from '../../shared/state/session';
import { useModal } from '../../shared/ui/modal-host';
import { showErrorToast, showToast } from './toast';

type FavGame = Pick<Game, 'nodeId' | 'vendor' | 'gameType'>;

const FAV_KEY = 'favourite-toggle';

/** Favourite ids, ordered favourites, and the toggle of spec §4 (add if absent, else remove). */
export const useFavourites = () => {
  const { t } = useTranslation('lobby');
  const { token, isTrial } = useMember();
  const modal = useModal();
  const client = useQueryClient();
  const idsKey = ['favourite-ids', token ?? ''];
  const ids = useQuery({
    queryKey: idsKey,
    enabled: Boolean(token) && !isTrial,
    queryFn: () => callApi('favouriteIds'),
    staleTime: 60_000,
  });
  const idSet = useMemo(() => new Set(ids.data ?? []), [ids.data]);

  const mutation = useMutation({
    mutationKey: [FAV_KEY],
    mutationFn: async ({ game, add }: { game: FavGame; add: boolean }) => {
      const body = { nodeId: game.nodeId, vendor: game.vendor, gameType: game.gameType };
      return add ? callApi('addFavourite', { body }) : callApi('removeFavourite', { body });
    },
    onSuccess: (next, { add }) => {
      client.setQueryData(['favourite-ids', token ?? ''], next);
      void client.invalidateQueries({ queryKey: ['favourite-list'] });
      showToast(t(add ? 'lobby:favourite.added' : 'lobby:favourite.removed'));
    },
    onError: (error) => {
      void showErrorToast(error instanceof ApiError ? error.message : 'error.system.error');
    },
  });

  const pending = useMutationState({
    filters: { mutationKey: [FAV_KEY], status: 'pending' },
    select: (m) => (m.state.variables as { game: FavGame } | undefined)?.game.nodeId ?? '',
  });

  const toggle = useCallback(
    (game: FavGame) => {
      if (!token) {
        modal.open('login', {});
        return;
      }
      if (isTrial) {
        void showErrorToast('error.in_need_true_account');
        return;
      }
      mutation.mutate({ game, add: !idSet.has(game.nodeId) });
    },
    [token, isTrial, modal, mutation, idSet],
  );

  return {
    isFavourite: (nodeId: string) => idSet.has(nodeId),
    isPending: (nodeId: string) => pending.includes(nodeId),
    toggle,
  };
};
