import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';
import { CLOCK, systemClock } from '../core/clock.js';
import { DATABASE } from '../core/injection-tokens.js';
import { CheckpointsRepository } from '../core/checkpoints.repository.js';
import { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';
import { StaffRepository } from '../read-models/staff/staff.repository.js';
import { TEST_APP_CONFIG } from '../testing/api-test-app.js';
import { createPgliteTestDatabase } from '../testing/test-database.js';
import { appModules } from './app-modules.js';

// Builds each process role's module graph (no start: lifecycle hooks do not run), so a provider a
// role cannot resolve fails here in seconds rather than in the end-to-end start test.
describe('the process roles', () => {
  it.each(Object.keys(appModules) as (keyof typeof appModules)[])('%s resolves, with one clock and one instance of each repository', async (role) => {
    const handle = await createPgliteTestDatabase();
    try {
      const moduleRef = await Test.createTestingModule({ imports: [appModules[role](TEST_APP_CONFIG)] })
        .overrideProvider(DATABASE)
        .useValue(handle)
        .compile();
      // `each` lists the provider in every module that declares one: a second copy would show here.
      expect(moduleRef.get(CLOCK, { strict: false, each: true })).toEqual([systemClock]);
      for (const repository of [PriceHistoryRepository, StaffRepository, CheckpointsRepository]) {
        const instances = moduleRef.get(repository, { strict: false, each: true });
        expect(instances).toHaveLength(1);
        expect(instances[0]).toBeInstanceOf(repository);
      }
      await moduleRef.close();
    } finally {
      await handle.close();
    }
  });
});
