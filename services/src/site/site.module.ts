import { Module } from '@nestjs/common';
import { MaintenanceModule } from './maintenance.module.js';
import { AdminSiteController, SiteController } from './site.controller.js';
import { SiteService } from './site.service.js';

/** GET /api/site and PUT /api/admin/site. */
@Module({
  imports: [MaintenanceModule],
  controllers: [SiteController, AdminSiteController],
  providers: [SiteService],
  exports: [SiteService],
})
export class SiteModule {}
