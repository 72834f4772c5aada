import { execFile } from 'node:child_process';
import { createPrivateKey, sign } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type Agent, request as httpsRequest } from 'node:https';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { PushSubscriptionJsonSchema } from '@xsd/contracts/api/push';
import webpush, { WebPushError } from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PushReceiver, startPushReceiver } from './push-receiver.js';
import { decryptPushMessage, subscriberKeysFrom } from './push-service/aes128gcm.js';
import { waitFor } from './wait-for.js';

const SUBJECT = 'mailto:ops@silverboard.test';
const vapid = webpush.generateVAPIDKeys();
const run = promisify(execFile);

let receiver: PushReceiver;
let agent: Agent;

beforeAll(async () => {
  receiver = await startPushReceiver();
  agent = receiver.createAgent();
});
afterAll(async () => {
  agent?.destroy();
  await receiver?.close();
});
beforeEach(() => receiver.reset());

function send(subscription: webpush.PushSubscription, payload: string | null, options: webpush.RequestOptions = {}) {
  return webpush.sendNotification(subscription, payload, {
    vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 60,
    agent,
    ...options,
  });
}

/** Posts a request web-push built, with its headers changed, for the checks web-push never fails. */
function post(details: webpush.RequestDetails, change: (headers: Record<string, string>) => void = () => {}): Promise<number> {
  const headers = { ...(details.headers as Record<string, string>) };
  change(headers);
  return new Promise((resolve, reject) => {
    const request = httpsRequest(details.endpoint, { method: 'POST', headers, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

function details(subscription: webpush.PushSubscription, payload = '{"title":"t"}') {
  return webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 60,
  });
}

/** A VAPID header signed by hand, so the claims can be anything. */
function vapidHeader(claims: Record<string, unknown>, keys: { publicKey: string; privateKey: string } = vapid): string {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const unsigned = `${Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${unsigned}.${signature}, k=${vapid.publicKey}`;
}

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('push receiver', () => {
  it('makes browser-like subscriptions in the shape the API accepts', () => {
    const subscription = receiver.createSubscriber();
    expect(PushSubscriptionJsonSchema.parse(subscription)).toEqual(subscription);
    expect(subscription.endpoint).toMatch(new RegExp(`^${receiver.origin}/push/[A-Za-z0-9_-]+$`));
    expect(subscription.expirationTime).toBeNull();
  });

  it('accepts a push from web-push and keeps it decrypted with its TTL, urgency, topic and VAPID subject', async () => {
    const subscription = receiver.createSubscriber();
    const result = await send(subscription, JSON.stringify({ title: 'Silver above $1.10', body: 'now $1.12' }), {
      TTL: 3600,
      urgency: 'high',
      topic: 'silver-above-1',
    });
    expect(result.statusCode).toBe(201);
    expect(result.headers.location).toMatch(new RegExp(`^${receiver.origin}/message/`));
    const [push] = await receiver.waitForPushes(1);
    expect(push).toMatchObject({
      endpoint: subscription.endpoint,
      payload: '{"title":"Silver above $1.10","body":"now $1.12"}',
      json: { title: 'Silver above $1.10', body: 'now $1.12' },
      ttl: 3600,
      urgency: 'high',
      topic: 'silver-above-1',
      vapidSubject: SUBJECT,
      vapidPublicKey: vapid.publicKey,
    });
    expect(receiver.pushesFor(subscription)).toEqual([push]);
    expect(receiver.count(subscription)).toBe(1);
    expect(receiver.attempts(subscription)).toMatchObject([{ status: 201, outcome: 'accepted' }]);
    expect(receiver.rejected()).toEqual([]);
  });

  it('takes a text payload of 3 KB, and a push without a body', async () => {
    const subscription = receiver.createSubscriber();
    const text = 'é'.repeat(1536); // 3072 bytes of UTF-8
    await send(subscription, text);
    await send(subscription, null, { TTL: 0 });
    const pushes = await receiver.waitForPushes(2);
    expect(pushes.map((push) => [push.payload, push.json, push.ttl, push.urgency, push.topic])).toEqual([
      [text, undefined, 60, 'normal', null],
      [null, undefined, 0, 'normal', null],
    ]);
  });

  it('decrypts the RFC 8291 appendix A example', () => {
    const keys = subscriberKeysFrom('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94', 'BTBZMqHH6r4Tts7J_aSIgg');
    expect(keys.publicKey.toString('base64url')).toBe('BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4');
    const body = Buffer.from(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
      'base64url',
    );
    expect(decryptPushMessage(body, keys).toString('utf8')).toBe('When I grow up, I want to be a watermelon');
  });

  describe('refuses what a push service refuses, and records it', () => {
    it('a missing or malformed TTL, Urgency, Topic or Content-Encoding (400)', async () => {
      const subscription = receiver.createSubscriber();
      const request = details(subscription);
      expect(await post(request, (h) => delete h.TTL)).toBe(400);
      expect(await post(request, (h) => (h.TTL = '-1'))).toBe(400);
      expect(await post(request, (h) => (h.Urgency = 'urgent'))).toBe(400);
      expect(await post(request, (h) => (h.Topic = 'a'.repeat(33)))).toBe(400);
      expect(await post(request, (h) => (h.Topic = 'has space'))).toBe(400);
      expect(await post(request, (h) => (h['Content-Encoding'] = 'aesgcm'))).toBe(400);
      expect(receiver.rejected().map((r) => [r.status, r.reason])).toEqual([
        [400, 'TTL header is missing'],
        [400, 'TTL header "-1" is not an integer >= 0'],
        [400, 'Urgency header "urgent" is not one of very-low, low, normal, high'],
        [400, `Topic header "${'a'.repeat(33)}" is not 1 to 32 base64url characters`],
        [400, 'Topic header "has space" is not 1 to 32 base64url characters'],
        [400, 'Content-Encoding "aesgcm" is not aes128gcm'],
      ]);
      expect(receiver.count()).toBe(0);
      expect(await post(request)).toBe(201);
    });

    it('a missing VAPID authorization (401) and a token that does not hold (403)', async () => {
      const subscription = receiver.createSubscriber();
      const request = details(subscription);
      const other = webpush.generateVAPIDKeys();
      const valid = { aud: receiver.origin, exp: inOneHour(), sub: SUBJECT };
      const now = Math.floor(Date.now() / 1000);
      const cases: [string | undefined, number, string][] = [
        [undefined, 401, 'Authorization header is missing (VAPID required)'],
        [`WebPush ${vapidHeader(valid).slice(8)}`, 401, 'Authorization is not the "vapid" scheme'],
        [vapidHeader(valid, other), 403, 'VAPID JWT signature does not verify with k'],
        [vapidHeader({ ...valid, aud: 'https://push.example.net' }), 403, 'VAPID JWT aud "https://push.example.net" is not the push service origin ' + receiver.origin],
        [vapidHeader({ ...valid, exp: now - 1 }), 403, 'VAPID JWT has expired'],
        [vapidHeader({ ...valid, exp: now + 25 * 3600 }), 403, 'VAPID JWT exp is more than 24 hours ahead'],
        [vapidHeader({ ...valid, sub: 'ops@silverboard.test' }), 403, 'VAPID JWT sub must be a mailto: or https: URL'],
        [vapidHeader({ ...valid, sub: 'http://silverboard.test' }), 403, 'VAPID JWT sub must be a mailto: or https: URL'],
      ];
      for (const [authorization, status] of cases) {
        expect(await post(request, (h) => (authorization === undefined ? delete h.Authorization : (h.Authorization = authorization)))).toBe(status);
      }
      expect(receiver.rejected().map((r) => [r.status, r.reason])).toEqual(cases.map(([, status, reason]) => [status, reason]));
      // The hand-made header is a valid one when its claims are.
      expect(await post(request, (h) => (h.Authorization = vapidHeader(valid)))).toBe(201);
      expect(receiver.count()).toBe(1);
    });

    it('a reused VAPID token is accepted until its exp, then refused', async () => {
      const subscription = receiver.createSubscriber();
      const request = details(subscription);
      const exp = Math.floor(Date.now() / 1000) + 3; // valid for at least 2 s
      const authorization = vapidHeader({ aud: receiver.origin, exp, sub: 'https://silverboard.test/contact' });
      expect(await post(request, (h) => (h.Authorization = authorization))).toBe(201);
      expect(await post(request, (h) => (h.Authorization = authorization))).toBe(201);
      await waitFor(() => Date.now() >= exp * 1000, { timeoutMs: 5_000, message: 'the token to expire' });
      expect(await post(request, (h) => (h.Authorization = authorization))).toBe(403);
      expect(receiver.rejected().map((r) => r.reason)).toEqual(['VAPID JWT has expired']);
      expect(receiver.pushes().map((push) => push.vapidSubject)).toEqual(['https://silverboard.test/contact', 'https://silverboard.test/contact']);
    });

    it('a push signed with another application server key than the subscription was made with (403)', async () => {
      const subscription = receiver.createSubscriber({ applicationServerKey: webpush.generateVAPIDKeys().publicKey });
      await expect(send(subscription, 'x')).rejects.toMatchObject({ statusCode: 403 });
      expect(receiver.rejected()).toMatchObject([{ status: 403, reason: 'VAPID key k is not the application server key of this subscription' }]);
    });

    it('a body encrypted for other keys (400) and a body over 4096 bytes (413)', async () => {
      const subscription = receiver.createSubscriber();
      const stranger = receiver.createSubscriber();
      const forStranger = details({ ...subscription, keys: stranger.keys });
      expect(await post(forStranger)).toBe(400);
      const huge = webpush.generateRequestDetails(subscription, 'x'.repeat(4000), {
        vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: 60,
      });
      expect(await post(huge)).toBe(413);
      expect(receiver.rejected().map((r) => [r.status, r.reason])).toEqual([
        [400, 'aes128gcm record does not authenticate with the subscription keys'],
        [413, 'push message body is over 4096 bytes'],
      ]);
    });
  });

  describe('answers as scripted, then accepts again', () => {
    it('410 Gone and 404 come back to web-push as WebPushError with those status codes', async () => {
      const subscription = receiver.createSubscriber();
      receiver.respond(subscription, [{ status: 410 }, { status: 404 }]);
      const gone = await send(subscription, 'a').catch((error: unknown) => error);
      expect(gone).toBeInstanceOf(WebPushError);
      expect(gone).toMatchObject({ statusCode: 410, endpoint: subscription.endpoint });
      await expect(send(subscription, 'b')).rejects.toMatchObject({ statusCode: 404 });
      await expect(send(subscription, 'c')).resolves.toMatchObject({ statusCode: 201 });
      expect(receiver.pushes().map((push) => push.payload)).toEqual(['c']);
      expect(receiver.attempts(subscription).map((a) => [a.status, a.outcome])).toEqual([
        [410, 'scripted'],
        [404, 'scripted'],
        [201, 'accepted'],
      ]);
    });

    it('429 with Retry-After, and the attempt times show when a retry came', async () => {
      const subscription = receiver.createSubscriber();
      receiver.respond(subscription, [{ status: 429, retryAfter: 1 }]);
      const limited = await send(subscription, 'first').catch((error: unknown) => error);
      expect(limited).toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
      // A sender that honours Retry-After, as the notifier must.
      await delay(Number((limited as WebPushError).headers['retry-after']) * 1000);
      await send(subscription, 'retried');
      const [first, retry] = receiver.attempts(subscription);
      expect(first).toMatchObject({ status: 429, retryAfter: '1', outcome: 'scripted' });
      expect(retry).toMatchObject({ status: 201, outcome: 'accepted' });
      expect(retry.at - first.at).toBeGreaterThanOrEqual(1000);
      expect(receiver.pushes().map((push) => push.payload)).toEqual(['retried']);
    });

    it('an endpoint that was unsubscribed answers 410 from then on; an unknown one 404', async () => {
      const subscription = receiver.createSubscriber();
      receiver.unsubscribe(subscription);
      await expect(send(subscription, 'a')).rejects.toMatchObject({ statusCode: 410 });
      await expect(send(subscription, 'b')).rejects.toMatchObject({ statusCode: 410 });
      const unknown = { ...subscription, endpoint: `${receiver.origin}/push/nobody` };
      await expect(send(unknown, 'c')).rejects.toMatchObject({ statusCode: 404 });
      expect(receiver.attempts().map((a) => [a.status, a.outcome])).toEqual([
        [410, 'gone'],
        [410, 'gone'],
        [404, 'unknown'],
      ]);
      expect(receiver.rejected()).toEqual([]);
    });

    it("'*' answers for every endpoint: 503, a delay, a dropped connection", async () => {
      const [a, b] = receiver.createSubscribers(2);
      receiver.respond('*', [{ status: 503, retryAfter: 2 }, { delayMs: 300 }, { drop: true }]);
      await expect(send(a, 'a1')).rejects.toMatchObject({ statusCode: 503, headers: { 'retry-after': '2' } });
      const started = Date.now();
      await expect(send(b, 'b1')).resolves.toMatchObject({ statusCode: 201 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      const dropped = await send(a, 'a2').catch((error: unknown) => error);
      expect(dropped).toBeInstanceOf(Error);
      expect(dropped).not.toBeInstanceOf(WebPushError);
      await expect(send(a, 'a3')).resolves.toMatchObject({ statusCode: 201 });
      expect(receiver.pushes().map((push) => push.payload)).toEqual(['b1', 'a3']);
      expect(receiver.attempts().map((attempt) => attempt.outcome)).toEqual(['scripted', 'accepted', 'dropped', 'accepted']);
    });
  });

  it('receives from 2,000 subscribers in parallel, each push decrypted for its own keys', async () => {
    const subscriptions = receiver.createSubscribers(2_000);
    const pool = receiver.createAgent({ maxSockets: 64 });
    const results = await Promise.all(
      subscriptions.map((subscription, i) => send(subscription, JSON.stringify({ n: i }), { topic: `t${i}`, agent: pool })),
    ).finally(() => pool.destroy());
    expect(results.every((result) => result.statusCode === 201)).toBe(true);
    const pushes = await receiver.waitForPushes(2_000);
    const byEndpoint = new Map(pushes.map((push) => [push.endpoint, push]));
    expect(byEndpoint.size).toBe(2_000);
    subscriptions.forEach((subscription, i) => {
      expect(byEndpoint.get(subscription.endpoint)).toMatchObject({ json: { n: i }, topic: `t${i}` });
    });
    expect(receiver.rejected()).toEqual([]);
  });

  it('is trusted by a child process started with NODE_EXTRA_CA_CERTS, as the services will be', async () => {
    const subscription = receiver.createSubscriber();
    const script = `
      const webpush = require('web-push');
      const [subscription, publicKey, privateKey] = JSON.parse(process.argv[1]);
      webpush.sendNotification(subscription, 'from a child', {
        vapidDetails: { subject: 'mailto:ops@silverboard.test', publicKey, privateKey }, TTL: 5,
      }).then((result) => process.stdout.write(String(result.statusCode)), (error) => { console.error(error); process.exit(1); });`;
    const { stdout } = await run(process.execPath, ['-e', script, JSON.stringify([subscription, vapid.publicKey, vapid.privateKey])], {
      cwd: new URL('../..', import.meta.url),
      env: { ...process.env, NODE_EXTRA_CA_CERTS: receiver.caFile },
    });
    // Written as a plain string: console.log colours a number when FORCE_COLOR is inherited.
    expect(stdout).toBe('201');
    const [push] = await receiver.waitForPushes(1);
    expect(push).toMatchObject({ endpoint: subscription.endpoint, payload: 'from a child', ttl: 5 });

    // Without the certificate the same child refuses the connection.
    const untrusted = run(process.execPath, ['-e', script, JSON.stringify([subscription, vapid.publicKey, vapid.privateKey])], {
      cwd: new URL('../..', import.meta.url),
      env: { ...process.env, NODE_EXTRA_CA_CERTS: '' },
    });
    await expect(untrusted).rejects.toMatchObject({ stderr: expect.stringMatching(/self[- ]signed certificate/i) });
  });

  it('waits for pushes to one endpoint, and times out naming what it got', async () => {
    const [a, b] = receiver.createSubscribers(2);
    const waiting = receiver.waitForPushes(2, { endpoint: b, timeoutMs: 10_000 });
    await send(a, 'a');
    await send(b, 'b1');
    await send(b, 'b2');
    expect((await waiting).map((push) => push.payload)).toEqual(['b1', 'b2']);
    await expect(receiver.waitForPushes(1, { endpoint: a.endpoint, timeoutMs: 1 }).then(() => 'resolved')).resolves.toBe('resolved');
    await expect(receiver.waitForPushes(4, { timeoutMs: 200 })).rejects.toThrow('Timed out after 200 ms waiting for 4 push(es): got 3');
  });

  it('in count mode counts pushes without keeping them', async () => {
    const counting = await startPushReceiver({ record: 'count', vapidPublicKey: vapid.publicKey });
    const countingAgent = counting.createAgent();
    try {
      const subscriptions = counting.createSubscribers(50);
      await Promise.all(subscriptions.map((subscription) => send(subscription, '{"x":1}', { agent: countingAgent })));
      await counting.waitForPushes(50);
      expect(counting.count()).toBe(50);
      expect(counting.count(subscriptions[7])).toBe(1);
      expect(counting.pushes()).toEqual([]);
      // The receiver-wide application server key is enforced.
      const other = webpush.generateVAPIDKeys();
      await expect(
        send(subscriptions[0], 'x', { agent: countingAgent, vapidDetails: { subject: SUBJECT, ...other } }),
      ).rejects.toMatchObject({ statusCode: 403 });
      // A test still waiting when the receiver closes fails at once rather than at its timeout.
      const waiting = counting.waitForPushes(51, { timeoutMs: 60_000 });
      await counting.close();
      await expect(waiting).rejects.toThrow('the push receiver closed before 51 push(es) arrived');
    } finally {
      countingAgent.destroy();
      await counting.close();
    }
    expect(existsSync(counting.caFile)).toBe(false);
  });
});
