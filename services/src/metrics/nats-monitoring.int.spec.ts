import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NatsCluster, startNatsCluster } from '../testing/nats-cluster.js';
import { NATS_VARZ_KEYS } from '../testing/prometheus.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * What deploy/monitoring/ reads from NATS through prometheus-nats-exporter, checked on real
 * nats-server processes: the /varz keys the dashboard's gnatsd_varz_* metrics come from, and the
 * premise of the StreamReplicasBelowThree alert, that a node's /jsz lists a stream exactly when it
 * holds a copy of it (so the exporters' jetstream_stream_last_seq series count the copies).
 */
describe('NATS monitoring endpoints, as the exporter reads them', () => {
  let cluster: NatsCluster;
  let nc: NatsConnection;

  beforeAll(async () => {
    // Four nodes, so that one of them holds no copy of a three-replica stream.
    cluster = await startNatsCluster({ size: 4 });
    await cluster.waitHealthy();
    nc = await connect({ servers: cluster.urls });
  });

  afterAll(async () => {
    await nc?.close();
    await cluster?.stop();
  });

  const monitor = async (port: number, path: string): Promise<Record<string, any>> =>
    (await (await fetch(`http://127.0.0.1:${port}${path}`)).json()) as Record<string, any>;

  it('has in /varz the numeric keys the dashboard reads', async () => {
    const varz = await monitor(cluster.nodes[0]!.httpPort, '/varz');
    for (const key of NATS_VARZ_KEYS) expect({ key, type: typeof varz[key] }).toEqual({ key, type: 'number' });
  });

  it('lists a stream in /jsz?streams=true on the three nodes that hold a copy, each with its last sequence', async () => {
    const jsm = await nc.jetstreamManager();
    const name = `MONITOR_${Date.now().toString(36)}`;
    await jsm.streams.add({ name, subjects: [`${name}.>`], num_replicas: 3 });
    const js = nc.jetstream();
    for (let index = 0; index < 5; index += 1) await js.publish(`${name}.tick`, new Uint8Array([index]));
    const info = await jsm.streams.info(name);
    const holders = [info.cluster?.leader, ...(info.cluster?.replicas ?? []).map((replica) => replica.name)].sort();
    const listed = async () => {
      const listing = await Promise.all(
        cluster.nodes.map(async (node) => {
          const jsz = await monitor(node.httpPort, '/jsz?streams=true');
          const streams = (jsz.account_details ?? []).flatMap((account: any) => account.stream_detail ?? []);
          return { node: node.name, stream: streams.find((stream: any) => stream.name === name) };
        }),
      );
      return listing.filter((entry) => entry.stream !== undefined);
    };
    expect(holders).toHaveLength(3);
    expect((await listed()).map((entry) => entry.node).sort()).toEqual(holders);
    // Every copy comes to report the sequence the alert compares (jetstream_stream_last_seq).
    // Replication to the followers is asynchronous: one read at once after the publishes found a
    // copy at 0, so the copies are read until they have all five.
    await waitFor(async () => (await listed()).every(({ stream }) => stream.state.last_seq === 5), {
      timeoutMs: 10_000,
      intervalMs: 100,
      message: 'every copy to hold the five messages',
    });
    expect((await listed()).map((entry) => entry.node).sort()).toEqual(holders);
    await jsm.streams.delete(name);
  });
});
