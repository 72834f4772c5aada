import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { SIGN_IN_BUSY_MESSAGE } from '@xsd/contracts/api/auth';
import { ApiError } from '../http/api-error.filter.js';
import { ConcurrencyGate, GateFullError } from '../rate-limit/concurrency-gate.js';

/**
 * argon2 runs on libuv's thread pool (4 threads by default), off the event loop, but each hash
 * takes one core for about 10 ms. Half the cores, at most two, hash at once: on a 2-core machine
 * one core and three pool threads stay free for the routes, file reads and compression.
 */
export const HASHING_CONCURRENCY = Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2)));
/** Waiting hashes per process; with ~10 ms each, the last one waits under 100 ms. Past it: 429 at once. */
export const HASHING_QUEUE = 8;

/**
 * Whose verification it is, each lane with a gate of its own, one hash at a time outside 'shared':
 * what the sign-in budget let through its own lanes (see SignInBudget) cannot be refused by a flood
 * that fills another gate. 'first' is a client's first check through the site's reserve, which a
 * flood's fresh addresses also reach; 'device' is a trusted device's, which no flood reaches. At
 * most HASHING_CONCURRENCY + 2 hashes run at once in all, and a flood fills HASHING_CONCURRENCY + 1.
 */
export type HashingLane = 'shared' | 'first' | 'device';

/** A hash refused before it ran: its gate was full (429 `sign_in_busy`, try again in a second). */
export class HashingBusyError extends ApiError {
  constructor() {
    super(429, 'sign_in_busy', SIGN_IN_BUSY_MESSAGE, { 'Retry-After': '1' });
  }
}

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP baseline), PHC strings
 * as stored and as carried by the staff events. Passwords never leave this class otherwise.
 *
 * Every hash and verification of the process (sign-in, password change, new accounts) passes one
 * of three gates (see HashingLane), so a flood of sign-ins cannot take more than its share of the
 * CPU: when its gate is full, the call is refused at once with 429 `sign_in_busy`.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private readonly gates: Record<HashingLane, ConcurrencyGate> = {
    shared: new ConcurrencyGate(HASHING_CONCURRENCY, HASHING_QUEUE),
    first: new ConcurrencyGate(1, HASHING_QUEUE),
    device: new ConcurrencyGate(1, HASHING_QUEUE),
  };
  private dummyHash: Promise<string> | null = null;

  /** Made at start, so the first unknown-email login costs what the others do. */
  onModuleInit(): void {
    void this.dummy();
  }

  hash(password: string): Promise<string> {
    return this.gated('shared', () => hash(password));
  }

  /**
   * False, never an error, for a hash that cannot be read. A null hash (no such account) spends the
   * time of a real verification on a stand-in hash and answers false: an unknown email then costs
   * what a wrong password does, so timing does not tell which one was wrong.
   */
  async verify(passwordHash: string | null, password: string, lane: HashingLane = 'shared'): Promise<boolean> {
    const against = passwordHash ?? (await this.dummy());
    const matches = await this.gated(lane, () => verify(against, password).catch(() => false));
    return passwordHash !== null && matches;
  }

  private dummy(): Promise<string> {
    return (this.dummyHash ??= hash(randomBytes(24).toString('base64url')));
  }

  private async gated<T>(lane: HashingLane, work: () => Promise<T>): Promise<T> {
    try {
      return await this.gates[lane].run(work);
    } catch (error) {
      if (error instanceof GateFullError) throw new HashingBusyError();
      throw error;
    }
  }
}
