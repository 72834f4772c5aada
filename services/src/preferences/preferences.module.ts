import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { dashboardPreferencesProjection } from '../read-models/dashboard-preferences/dashboard-preferences.projection.js';
import { DecidePreferences } from './preferences.commands.js';
import { preferencesDecider } from './preferences.decider.js';
import { PreferencesController } from './preferences.controller.js';
import { PreferencesService } from './preferences.service.js';

/** user_dashboard_preferences for signed-in staff. */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [PreferencesController],
  providers: [
    PreferencesService,
    aggregateHandler(DecidePreferences, { decider: preferencesDecider, projection: dashboardPreferencesProjection.name }),
  ],
})
export class PreferencesModule {}
