import type { CashierChannelCode } from '@khela/contract';
import { AppError } from '../../../http/errors';
import { type Actor, appendAudit, assertCan } from '../../staff';
import { formatMinor } from '../../wallet';
import { channelTextsToKeep } from '../channel-texts';
import type { CashierService } from '../service';
import type { CashierBoContext } from './context';

/** Payment channels and the cashier settings of a merchant. */
export const createChannelSettings = ({ db, cashier, now, assertMerchant }: CashierBoContext) => {
  // ------------------------------------------------------------ channels and settings

  const channelOut = (c: Awaited<ReturnType<CashierService['readChannels']>>[number]) => ({
    ...cashier.channelRow(c),
    merchant: c.merchant_code,
    enabled: c.enabled,
    gateway: c.gateway,
    texts: c.texts,
  });

  const channels = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'cashier.channels');
    assertMerchant(merchant);
    return { items: (await cashier.readChannels(merchant, false)).map(channelOut) };
  };

  const saveChannel = async (
    actor: Actor,
    input: {
      id?: number | undefined;
      merchant: string;
      code: CashierChannelCode;
      name: string;
      kind: 'manual' | 'gateway';
      gateway: string | null;
      accountName: string;
      accountNumber: string;
      bankDetails: string;
      qrPayload: string | null;
      instructions: string;
      texts?: Partial<Record<string, { name?: string | undefined; instructions?: string | undefined }>>;
      min: bigint;
      max: bigint;
      sort: number;
      enabled: boolean;
    },
  ) => {
    assertCan(actor, 'cashier.channels');
    assertMerchant(input.merchant);
    if (input.kind === 'gateway' && (!input.gateway || !cashier.gateway(input.gateway)))
      throw new AppError('validation.failed', { value: { fields: { gateway: 'gateway.unknown' } } });
    const values = {
      merchant_code: input.merchant,
      code: input.code,
      name: input.name,
      kind: input.kind,
      gateway: input.kind === 'gateway' ? input.gateway : null,
      account_name: input.accountName,
      account_number: input.accountNumber,
      bank_details: input.bankDetails,
      qr_payload: input.qrPayload,
      instructions: input.instructions,
      texts: JSON.stringify(channelTextsToKeep(input.texts)),
      min_amount: input.min,
      max_amount: input.max,
      sort: input.sort,
      enabled: input.enabled,
      updated_at: now(),
    };
    const id = await cashier.tx(async (trx) => {
      let before: unknown = null;
      let saved: number;
      if (input.id !== undefined) {
        const old = await trx
          .selectFrom('cashier_channel')
          .selectAll()
          .where('id', '=', input.id)
          .forUpdate()
          .executeTakeFirst();
        if (!old || old.merchant_code !== input.merchant) throw new AppError('not.found');
        before = { ...old, min_amount: String(old.min_amount), max_amount: String(old.max_amount) };
        await trx.updateTable('cashier_channel').set(values).where('id', '=', input.id).execute();
        saved = input.id;
      } else {
        const row = await trx
          .insertInto('cashier_channel')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        saved = row.id;
      }
      await appendAudit(
        trx,
        actor,
        {
          action: input.id === undefined ? 'cashier.channel.create' : 'cashier.channel.update',
          target: `channel:${saved}`,
          before,
          after: { ...values, min_amount: input.min.toString(), max_amount: input.max.toString() },
        },
        now(),
      );
      return saved;
    });
    const row = await db
      .selectFrom('cashier_channel')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return channelOut(row);
  };

  const deleteChannel = async (actor: Actor, id: number) => {
    assertCan(actor, 'cashier.channels');
    await cashier.tx(async (trx) => {
      const old = await trx
        .selectFrom('cashier_channel')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!old) throw new AppError('not.found');
      const used = await trx
        .selectFrom('cashier_deposit')
        .select('id')
        .where('channel_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      // History keeps its channel: a used channel can only be disabled.
      if (used) throw new AppError('conflict', { value: { reason: 'channel.used' } });
      await trx.deleteFrom('cashier_channel').where('id', '=', id).execute();
      await appendAudit(
        trx,
        actor,
        {
          action: 'cashier.channel.delete',
          target: `channel:${id}`,
          before: { ...old, min_amount: String(old.min_amount), max_amount: String(old.max_amount) },
        },
        now(),
      );
    });
    return { ok: true as const };
  };

  const settingsOut = async (merchant: string) => {
    const s = await cashier.settingsOf(merchant);
    return {
      merchant,
      withdrawMin: formatMinor(s.min),
      withdrawMinMinor: s.min.toString(),
      withdrawMax: formatMinor(s.max),
      withdrawMaxMinor: s.max.toString(),
      autoConfirmMinutes: s.autoConfirmMinutes,
    };
  };

  const settings = async (actor: Actor, merchant: string) => {
    assertCan(actor, 'cashier.channels');
    assertMerchant(merchant);
    return settingsOut(merchant);
  };

  const saveSettings = async (
    actor: Actor,
    input: { merchant: string; withdrawMin: bigint; withdrawMax: bigint; autoConfirmMinutes: number },
  ) => {
    assertCan(actor, 'cashier.channels');
    assertMerchant(input.merchant);
    const before = await settingsOut(input.merchant);
    await cashier.tx(async (trx) => {
      const values = {
        withdraw_min: input.withdrawMin,
        withdraw_max: input.withdrawMax,
        auto_confirm_minutes: input.autoConfirmMinutes,
        updated_at: now(),
      };
      await trx
        .insertInto('cashier_setting')
        .values({ merchant_code: input.merchant, ...values })
        .onConflict((oc) => oc.column('merchant_code').doUpdateSet(values))
        .execute();
      await appendAudit(
        trx,
        actor,
        {
          action: 'cashier.settings.update',
          target: `merchant:${input.merchant}`,
          before,
          after: {
            withdrawMin: input.withdrawMin.toString(),
            withdrawMax: input.withdrawMax.toString(),
            autoConfirmMinutes: input.autoConfirmMinutes,
          },
        },
        now(),
      );
    });
    return settingsOut(input.merchant);
  };

  return { channels, saveChannel, deleteChannel, settings, saveSettings };
};
