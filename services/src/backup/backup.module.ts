import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module.js';
import { EventExportController } from './event-export.controller.js';

/** The export route of the event log; the import runs offline (`xsd events import`, see event-import.ts). */
@Module({
  imports: [ContactModule],
  controllers: [EventExportController],
})
export class BackupModule {}
