import { Module } from '@nestjs/common';
import { MaintenanceModule } from './maintenance.module.js';
import { AdminSiteController } from './site.controller.js';
import { SiteService } from './site.service.js';

/** GET /api/site and PUT /api/admin/site. */
@Module({
  imports: [MaintenanceModule],
  controllers: [AdminSiteController],
  providers: [SiteService],
  exports: [SiteService],
})
export class SiteModule {}
