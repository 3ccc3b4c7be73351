import { describe, expect, it } from 'vitest';
import { actionsFor } from './withdrawals-page';

describe('withdrawal actions finance is offered (spec §4)', () => {
  it('follows the state of the withdrawal', () => {
    expect(actionsFor({ status: 'in_process', confirmation: null })).toEqual(['approve', 'reject']);
    expect(actionsFor({ status: 'approved', confirmation: null })).toEqual(['issue', 'reject']);
    expect(actionsFor({ status: 'issued', confirmation: 'distributed' })).toEqual([]);
    expect(actionsFor({ status: 'issued', confirmation: 'not_received' })).toEqual([
      'force_receipt',
      'refund',
    ]);
    expect(actionsFor({ status: 'issued', confirmation: 'received' })).toEqual([]);
    expect(actionsFor({ status: 'rejected', confirmation: null })).toEqual([]);
  });
});
