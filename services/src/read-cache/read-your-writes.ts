import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ProjectionProgress } from '../core/projection-progress.js';
import { ALL_PROJECTIONS } from '../read-models/projections.js';

/** Carries, to whichever API replica serves the next read, how far the read models had to be for this client. */
export const SEEN_COOKIE = 'xsd_seen';
/** Long enough for any replica to catch up; after that every replica has seen the change anyway. */
const SEEN_MAX_AGE_S = 60;
/** A replica that cannot catch up in this time answers anyway (and says so in its log). */
const CATCH_UP_MS = 2_000;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Read-your-writes across API replicas. A command answers once its read model shows the change
 * in the replica that ran it; the next read may reach another replica whose in-memory answers
 * (HotReadModel) have not heard of that change yet. So a successful write sets a short-lived
 * cookie with the furthest checkpoint this replica knows, and a read carrying it first waits
 * (bounded) until every projection here has reached it, which also makes the hot answers
 * reload. Requests without the cookie, nearly all of them, pay nothing.
 */
export const readYourWrites = fp(
  async (fastify: FastifyInstance, { progress }: { progress: ProjectionProgress }) => {
    const names = ALL_PROJECTIONS.map((projection) => projection.name);

    // Callback hooks, not async ones: nearly every request passes straight through, and this is the hot path.
    fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
      if (UNSAFE.has(request.method) && reply.statusCode < 400) {
        const seen = progress.highest();
        if (seen > 0) {
          reply.setCookie(SEEN_COOKIE, String(seen), {
            path: '/',
            maxAge: SEEN_MAX_AGE_S,
            sameSite: 'strict',
            httpOnly: true,
            secure: request.protocol === 'https',
          });
        }
      }
      done(null, payload);
    });

    fastify.addHook('preHandler', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      const text = request.method === 'GET' || request.method === 'HEAD' ? request.cookies?.[SEEN_COOKIE] : undefined;
      const seen = Number(text);
      if (text === undefined || !Number.isSafeInteger(seen) || seen <= 0) return done();
      const behind = names.filter((name) => progress.reached(name) < seen);
      if (behind.length === 0) return done();
      void Promise.all(
        behind.map((name) =>
          progress.waitFor(name, seen, CATCH_UP_MS).catch(() => {
            request.log.warn(`${name} did not reach ${seen} within ${CATCH_UP_MS} ms; answering with what this replica has`);
          }),
        ),
      ).then(() => done());
    });
  },
  { name: 'silverboard-read-your-writes', dependencies: ['@fastify/cookie'] },
);
