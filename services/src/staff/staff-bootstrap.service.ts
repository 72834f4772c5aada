import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newEventId, STAFF_DIRECTORY_SUBJECT, StaffEmail } from '@xsd/contracts';
import { MIN_PASSWORD_LENGTH } from '@xsd/contracts/api/auth';
import type { AppConfig } from '../config/config.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { PasswordHasher } from './password-hasher.js';
import { DecideStaffDirectory } from './staff.commands.js';
import { BOOTSTRAP_ACTOR } from './staff.types.js';

/** The configured first admin is unusable: said once, clearly, at start. */
export class AdminBootstrapError extends Error {
  override name = 'AdminBootstrapError';
}

/**
 * XSD_ADMIN_EMAIL + XSD_ADMIN_PASSWORD: at start, when no staff account exists, that super admin is
 * created (a staff.account-created event by the system). Several API processes starting at once
 * create one: the directory subject's optimistic concurrency lets one of them through.
 */
@Injectable()
export class StaffBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('Staff');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly commands: CommandBus,
    private readonly hasher: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.admin;
    if (!admin) return;
    const { createdId } = await this.create(admin.email, admin.password);
    if (createdId) this.logger.log(`created the first super admin (account ${createdId}) from XSD_ADMIN_EMAIL`);
  }

  /** Creates that super admin while the directory is empty; answers its id, or null when there were accounts already. */
  async create(email: string, password: string): Promise<{ createdId: string | null }> {
    const accountId = newEventId(this.clock().getTime());
    let passwordHash: string | null = null;
    const { events } = await this.commands.execute(
      new DecideStaffDirectory(
        STAFF_DIRECTORY_SUBJECT,
        BOOTSTRAP_ACTOR,
        async (directory) => {
          // Only checked when there is something to create: a later start with accounts ignores the settings.
          if (directory.accounts.size === 0) {
            if (!StaffEmail.safeParse(email.trim()).success) {
              throw new AdminBootstrapError('XSD_ADMIN_EMAIL is not a valid email address');
            }
            if (password.length < MIN_PASSWORD_LENGTH) {
              throw new AdminBootstrapError(`XSD_ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long`);
            }
            passwordHash ??= await this.hasher.hash(password);
          }
          return { type: 'BootstrapSuperAdmin', data: { accountId, email, passwordHash: passwordHash ?? '' } };
        },
        false,
      ),
    );
    return { createdId: events.length > 0 ? accountId : null };
  }
}
