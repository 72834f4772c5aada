import { SITE_MAINTENANCE_SUBJECT } from '@xsd/contracts';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { SEEN_COOKIE } from './read-your-writes.js';

/**
 * Two API replicas on one JetStream log and PostgreSQL database, as deploy/ runs them: the
 * write goes to one, the read to the other, whose in-memory answer was taken before the write.
 */
describe('read-your-writes across API replicas (JetStream + PostgreSQL)', () => {
  let pipeline: Pipeline;
  let writer: StaffTestApp;
  let reader: StaffTestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    pipeline = await openPipeline('jetstream');
    writer = await createStaffTestApp(pipeline, { admin: ROOT });
    reader = await createStaffTestApp(pipeline, { projector: false });
    auth = { Authorization: `Bearer ${(await writer.login(ROOT.email, ROOT.password)).token}` };
  });

  afterAll(async () => {
    await reader?.close();
    await writer?.close();
    await pipeline?.cleanup();
  });

  it('sets the seen cookie on a successful write, at or past the sequence the write appended', async () => {
    const response = await writer.http().put('/api/admin/site').set(auth).send({ maintenance_mode: true, maintenance_title: 'Upgrade' }).expect(200);
    const cookie = String(response.headers['set-cookie']);
    const seen = Number(new RegExp(`${SEEN_COOKIE}=(\\d+)`).exec(cookie)?.[1]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(seen).toBeGreaterThanOrEqual(await pipeline.log.subjectSequence(SITE_MAINTENANCE_SUBJECT));
    const refused = await writer.http().put('/api/admin/site').set(auth).send({ maintenance_mode: 'yes' }).expect(400);
    expect(String(refused.headers['set-cookie'] ?? '')).not.toContain(SEEN_COOKIE);
  });

  it('shows a write made on one replica in the next read on another that carries the cookie, every time', async () => {
    for (let round = 0; round < 12; round++) {
      // The reader holds the state before the write in memory; the write flips it.
      const before = (await reader.http().get('/api/site').expect(200)).body as SiteSettings;
      const on = !before.maintenance_mode;
      const write = await writer.http().put('/api/admin/site').set(auth).send({ maintenance_mode: on, maintenance_title: `round ${round}` }).expect(200);
      const seen = /xsd_seen=\d+/.exec(String(write.headers['set-cookie']))![0];
      const after = (await reader.http().get('/api/site').set('Cookie', seen).expect(200)).body as SiteSettings;
      expect(after.maintenance_mode).toBe(on);
      if (on) expect(after.maintenance_title).toBe(`round ${round}`);
    }
  });
});
