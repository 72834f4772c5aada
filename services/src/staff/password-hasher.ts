import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP baseline), PHC strings
 * as stored and as carried by the staff events. Passwords never leave this class otherwise.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash: Promise<string> | null = null;

  /** Made at start, so the first unknown-email login costs what the others do. */
  onModuleInit(): void {
    void this.dummy();
  }

  hash(password: string): Promise<string> {
    return hash(password);
  }

  /** False, never an error, for a hash that cannot be read. */
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the time of a real verification and answers false: an unknown email then takes as long
   * as a wrong password, so timing does not tell which one was wrong.
   */
  async verifyNothing(password: string): Promise<false> {
    await this.verify(await this.dummy(), password);
    return false;
  }

  private dummy(): Promise<string> {
    return (this.dummyHash ??= hash(randomBytes(24).toString('base64url')));
  }
}
