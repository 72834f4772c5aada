import { CHAIN_IDS, CHAIN_NAMES, type ChainName, createEvent } from '@xsd/contracts';
import type { ChainsResponse, ChainStatusEntry } from '@xsd/contracts/api/chains';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTestApp, type ApiTestApp } from '../../testing/api-test-app.js';

const UPDATED = '2026-03-02T11:30:00.000Z';
const STAFF_ID = '0190a1b2-0000-7000-8000-000000000001';

describe('GET /api/chains', () => {
  let api: ApiTestApp;
  const get = async () => (await request(api.app.getHttpServer()).get('/api/chains').expect(200)).body as ChainsResponse;
  const entry = (body: ChainsResponse, chain: string) => body.items.find((item) => item.chain_name === chain)!;

  beforeAll(async () => {
    api = await createApiTestApp();
  });

  afterAll(async () => {
    await api?.close();
  });

  it('lists all eight networks in display order, active under their own names while staff set nothing (Pulsechain: coming soon, inactive)', async () => {
    const body = await get();
    expect(body.items).toEqual(
      CHAIN_NAMES.map(
        (chain): ChainStatusEntry => ({
          chain_name: chain,
          display_name: chain,
          chain_id: CHAIN_IDS[chain],
          is_active: chain !== 'Pulsechain',
          coming_soon: chain === 'Pulsechain',
          maintenance_message: null,
          updated_at: null,
        }),
      ),
    );
  });

  it('shows the status, display name and message staff set in chain_settings', async () => {
    const staff = { kind: 'staff', id: STAFF_ID, email: 'chains@silverboard.test' } as const;
    const set = (chain: ChainName, fields: { isActive: boolean; displayName: string | null; maintenanceMessage: string | null }) =>
      api.log.append(createEvent('chain.setting-changed', { chain, ...fields, previous: null }, { actor: staff, now: new Date(UPDATED) }));
    await set('BSC', { isActive: false, displayName: 'BNB Smart Chain', maintenanceMessage: 'Bridge upgrade until 14:00 UTC' });
    await set('Polygon', { isActive: false, displayName: null, maintenanceMessage: null });
    await set('Base', { isActive: true, displayName: '  ', maintenanceMessage: 'draft, not shown' });
    await api.caughtUp();
    const body = await get();
    expect(body.items.map((item) => item.chain_name)).toEqual([...CHAIN_NAMES]);
    expect(entry(body, 'BSC')).toEqual({
      chain_name: 'BSC',
      display_name: 'BNB Smart Chain',
      chain_id: 56,
      is_active: false,
      coming_soon: false,
      maintenance_message: 'Bridge upgrade until 14:00 UTC',
      updated_at: UPDATED,
    });
    expect(entry(body, 'Polygon')).toMatchObject({ display_name: 'Polygon', is_active: false, maintenance_message: null, updated_at: UPDATED });
    // A message is only shown while the chain is inactive; a blank display name falls back to the network's.
    expect(entry(body, 'Base')).toMatchObject({ display_name: 'Base', is_active: true, maintenance_message: null, updated_at: UPDATED });
    expect(entry(body, 'Pulsechain')).toMatchObject({ is_active: false, coming_soon: true, chain_id: 369, updated_at: null });
  });
});
