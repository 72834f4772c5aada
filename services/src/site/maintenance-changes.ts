import { Injectable } from '@nestjs/common';
import { Subject } from 'rxjs';

/**
 * In-process note that this process changed the maintenance settings, so a scheduler running
 * here re-arms its timer at once instead of at its next periodic check.
 */
@Injectable()
export class MaintenanceChanges {
  private readonly changes = new Subject<void>();
  readonly changes$ = this.changes.asObservable();

  changed(): void {
    this.changes.next();
  }
}
