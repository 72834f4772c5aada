import { Body, Controller, Delete, Get, Param, Patch, Res } from '@nestjs/common';
import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import {
  type ContactSubmissionListResponse,
  type ContactSubmissionResponse,
  UpdateContactSubmissionSchema,
} from '@xsd/contracts/api/contact';
import type { FastifyReply } from 'fastify';
import { parseRequest } from '../http/validation.js';
import { CurrentStaff, RequirePermission } from '../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { AdminContactService } from './admin-contact.service.js';

/** The Contact Submissions tab and the header bell's count. */
@Controller('api/admin/contact-submissions')
@RequirePermission('contact_submissions')
export class AdminContactController {
  constructor(private readonly contact: AdminContactService) {}

  @Get()
  list(): Promise<ContactSubmissionListResponse> {
    return this.contact.list();
  }

  @Get('new-count')
  newCount(): Promise<{ count: number }> {
    return this.contact.newCount();
  }

  @Patch(':id')
  update(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string, @Body() body: unknown): Promise<ContactSubmissionResponse> {
    return this.contact.update(staff, id, parseRequest(UpdateContactSubmissionSchema, body, 'invalid_contact_update'));
  }

  @Delete(':id')
  delete(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string): Promise<DeletedResponse> {
    return this.contact.delete(staff, id);
  }

  /** Staff only; private caching for the spec's hour, never in a shared cache. */
  @Get(':id/photo')
  async photo(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const { bytes, contentType } = await this.contact.photo(id);
    await reply
      .header('Content-Type', contentType)
      .header('Cache-Control', 'private, max-age=3600')
      .header('Content-Disposition', 'inline')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
}
