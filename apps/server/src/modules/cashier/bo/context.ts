import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import type { SiteService } from '../../site';
import type { WalletService } from '../../wallet';
import type { CashierService } from '../service';

export type CashierBoDeps = {
  db: Kysely<DB>;
  site: Pick<SiteService, 'findMerchant'>;
  wallet: WalletService;
  cashier: CashierService;
  now?: () => Date;
};

/** What every part of the cashier's back office is built from. */
export type CashierBoContext = Required<CashierBoDeps> & {
  assertMerchant: (code: string) => NonNullable<ReturnType<SiteService['findMerchant']>>;
};

export const cashierBoContext = (deps: CashierBoDeps): CashierBoContext => {
  const { site } = deps;
  const assertMerchant = (code: string) => {
    const merchant = site.findMerchant(code);
    if (!merchant) throw new AppError('not.found', { value: { merchant: code } });
    return merchant;
  };
  return { ...deps, now: deps.now ?? (() => new Date()), assertMerchant };
};
