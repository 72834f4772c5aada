import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { BootstrapSuperAdminCommand } from './staff.commands.js';

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
    private readonly commands: CommandBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.admin;
    if (!admin) return;
    const { createdId } = await this.commands.execute(new BootstrapSuperAdminCommand(admin.email, admin.password));
    if (createdId) this.logger.log(`created the first super admin (account ${createdId}) from XSD_ADMIN_EMAIL`);
  }
}
