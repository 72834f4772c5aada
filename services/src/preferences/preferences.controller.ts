import { Body, Controller, Get, Put } from '@nestjs/common';
import { type DashboardPreferences, UpdatePreferencesRequestSchema } from '@xsd/contracts/api/preferences';
import { parseRequest } from '../http/validation.js';
import { CurrentStaff, RequireSession } from '../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { PreferencesService } from './preferences.service.js';

/** The signed-in staff member's own dashboard preferences (every role). */
@Controller('api/auth/preferences')
@RequireSession()
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @Get()
  get(@CurrentStaff() staff: AuthenticatedStaff): Promise<DashboardPreferences> {
    return this.preferences.get(staff);
  }

  @Put()
  save(@CurrentStaff() staff: AuthenticatedStaff, @Body() body: unknown): Promise<DashboardPreferences> {
    return this.preferences.save(staff, parseRequest(UpdatePreferencesRequestSchema, body, 'invalid_preferences'));
  }
}
