import { describe, it } from 'vitest';
import { runVendors, useConformanceApp } from './conformance-suite';

/** Provider conformance, part 3 of 3 (conformance-suite.ts; a file of its own so vitest runs the parts side by side). */
const state = useConformanceApp();

describe('provider conformance (3/3)', () => {
  it('vendor 2 runs every scenario (duplicates later and concurrent): balance, answers and round match the model', async () => {
    await runVendors(state, [2]);
  }, 900_000);
});
