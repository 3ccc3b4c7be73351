import { describe, it } from 'vitest';
import { runVendors, useConformanceApp } from './conformance-suite';

/** Provider conformance, part 2 of 3 (conformance-suite.ts; a file of its own so vitest runs the parts side by side). */
const state = useConformanceApp();

describe('provider conformance (2/3)', () => {
  it('vendors 1 and 4 run every scenario (duplicates later and concurrent): balance, answers and round match the model', async () => {
    await runVendors(state, [1, 4]);
  }, 900_000);
});
