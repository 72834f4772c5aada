import { STAFF_DIRECTORY_SUBJECT } from '@xsd/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-test-app.js';
import { StaffBootstrap } from './staff-bootstrap.service.js';

const ADMIN = { email: 'ops@silverboard.test', password: 'first admin password' };

describe.each<PipelineKind>(['embedded', 'jetstream'])('the first super admin on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  const apps: StaffTestApp[] = [];
  /** The checks read the log itself; only a test that signs in needs a projector (one per test). */
  const start = async (admin: { email: string; password: string } | null, projector = false) => {
    const app = await createStaffTestApp(pipeline, { admin, projector });
    apps.push(app);
    return app;
  };
  const created = async () =>
    (await pipeline.log.readSubject(STAFF_DIRECTORY_SUBJECT)).filter(({ event }) => event.type === 'staff.account-created');

  beforeEach(async () => {
    pipeline = await openPipeline(kind);
  });

  afterEach(async () => {
    for (const app of apps.splice(0).reverse()) await app.close();
    await pipeline.cleanup();
  });

  it('is not created when XSD_ADMIN_EMAIL / XSD_ADMIN_PASSWORD are not set', async () => {
    await start(null);
    expect(await created()).toHaveLength(0);
  });

  it('is created once when no staff account exists, and not again at the next start', async () => {
    const first = await start(ADMIN, true);
    expect(await created()).toHaveLength(1);
    const { user } = await first.login(ADMIN.email, ADMIN.password);
    expect(user.role).toBe('super_admin');

    await start(ADMIN);
    expect(await created()).toHaveLength(1);
  });

  it('is not created when other staff accounts exist, whatever the configured email', async () => {
    await start(ADMIN);
    await start({ email: 'someone-else@silverboard.test', password: 'another password' });
    const events = await created();
    expect(events).toHaveLength(1);
    expect(events[0].event.data).toMatchObject({ email: ADMIN.email });
  });

  it('is created once when several processes start at the same moment', async () => {
    const app = await start(null);
    const bootstrap = app.app.get(StaffBootstrap);
    const results = await Promise.all(
      ['a@silverboard.test', 'b@silverboard.test', 'c@silverboard.test'].map((email) =>
        bootstrap.create(email, ADMIN.password),
      ),
    );
    expect(results.filter((result) => result.createdId !== null)).toHaveLength(1);
    expect(await created()).toHaveLength(1);
  });

  it('refuses to start with a password shorter than the spec allows, saying which setting is wrong', async () => {
    await expect(start({ email: ADMIN.email, password: 'short' })).rejects.toThrow(
      'XSD_ADMIN_PASSWORD must be at least 8 characters long',
    );
    await expect(start({ email: 'not-an-email', password: ADMIN.password })).rejects.toThrow('XSD_ADMIN_EMAIL is not a valid email address');
    expect(await created()).toHaveLength(0);
  });
});
