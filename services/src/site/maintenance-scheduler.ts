import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Actor, SITE_MAINTENANCE_SUBJECT } from '@xsd/contracts';
import { Interval } from '@nestjs/schedule';
import type { Subscription } from 'rxjs';
import { CLOCK, type Clock } from '../core/clock.js';
import { SiteSettingsRepository } from '../read-models/site-settings/site-settings.repository.js';
import { StaffRepository } from '../read-models/staff/staff.repository.js';
import { DecideMaintenance } from './maintenance.commands.js';
import { MaintenanceChanges } from './maintenance-changes.js';

export const SCHEDULER_ACTOR: Actor = { kind: 'system', id: 'maintenance-scheduler' };
export const MAINTENANCE_SCHEDULER_AUTOSTART = Symbol('MAINTENANCE_SCHEDULER_AUTOSTART');
/** The periodic check; a timer set for the announced end makes the end itself precise. */
export const MAINTENANCE_CHECK_MS = 5_000;
/** setTimeout's longest delay; the periodic check re-arms long waits anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Ends maintenance on the server when its expected up time passes (no visitor ever writes). It
 * checks at start, every 5 s, and when this process changed the settings, and between checks
 * keeps a timer for the announced end. Run it where exactly one role runs (the projector, or
 * `all`); replicas of that role are safe: the end is decided on the log under optimistic
 * concurrency, so two schedulers racing end it once.
 */
@Injectable()
export class MaintenanceScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MaintenanceScheduler');
  private started = false;
  private timer: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private subscription: Subscription | null = null;

  constructor(
    private readonly commands: CommandBus,
    private readonly settings: SiteSettingsRepository,
    private readonly staff: StaffRepository,
    private readonly changes: MaintenanceChanges,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAINTENANCE_SCHEDULER_AUTOSTART) private readonly autostart: boolean,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.autostart) return;
    this.started = true;
    this.subscription = this.changes.changes$.subscribe(() => void this.run());
    void this.run();
  }

  onApplicationShutdown(): void {
    this.started = false;
    this.subscription?.unsubscribe();
    this.disarm();
  }

  @Interval('maintenance-scheduler', MAINTENANCE_CHECK_MS)
  async onInterval(): Promise<void> {
    if (this.started) await this.run();
  }

  /**
   * One check: ends maintenance whose expected up time has passed, else sets the timer for it.
   * Resolves true when this check ended it. Checks of one process run one after the other.
   */
  check(): Promise<boolean> {
    const run = this.queue.then(() => this.checkNow());
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A failed check is logged and retried at the next one; the schedule never stops. */
  private async run(): Promise<void> {
    try {
      await this.check();
    } catch (error) {
      this.logger.error(`check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async checkNow(): Promise<boolean> {
    const settings = await this.settings.current();
    this.disarm();
    if (!settings.maintenance_mode || settings.expected_up_time === null) return false;
    const wait = Date.parse(settings.expected_up_time) - this.clock().getTime();
    if (wait > 0) {
      if (this.started) this.arm(wait);
      return false;
    }
    return this.endDue();
  }

  /**
   * Ends overdue maintenance, recording the newest super admin as updater (the spec's rule). Two
   * schedulers racing both decide "end", one append wins, the other reloads and finds it ended.
   */
  private async endDue(): Promise<boolean> {
    const recordedBy = await this.staff.newestSuperAdminId();
    const { events } = await this.commands.execute(
      new DecideMaintenance(SITE_MAINTENANCE_SUBJECT, SCHEDULER_ACTOR, { type: 'EndDueMaintenance', data: { recordedBy } }, false),
    );
    if (events.length > 0) this.logger.log('maintenance ended: its expected up time has passed');
    return events.length > 0;
  }

  private arm(wait: number): void {
    this.timer = setTimeout(() => void this.run(), Math.min(wait, MAX_TIMER_MS));
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
