import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ContactFormSchema, type ContactSubmitResponse, UpdateContactSubmissionSchema } from '@xsd/contracts/api/contact';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TAKES_UPLOAD } from '../http/edge-validation.js';
import { readIdempotencyKey } from '../http/idempotency-key.js';
import { parseRequest } from '../http/validation.js';
import { staffResourceController } from '../staff/staff-resource.controller.js';
import { readContactUpload } from './contact-upload.reader.js';
import { ContactService } from './contact.service.js';

/** `POST /api/contact` (multipart: the form's fields and an optional `photo`; an optional `Idempotency-Key`). */
@Controller('api/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(201)
  @RouteConfig(TAKES_UPLOAD)
  async submit(@Req() request: FastifyRequest): Promise<ContactSubmitResponse> {
    // request.ip believes X-Forwarded-For only from XSD_TRUSTED_PROXIES.
    await this.contact.admit(request.ip);
    const idempotency = readIdempotencyKey(request);
    const upload = await readContactUpload(request);
    return this.contact.submit(parseRequest(ContactFormSchema, upload.fields, 'invalid_contact'), upload.photo, idempotency);
  }
}

/** The Contact Submissions tab and the header bell's count. */
export class AdminContactController extends staffResourceController({
  path: 'api/admin/contact-submissions',
  permission: 'contact_submissions',
  service: ContactService,
  invalid: 'invalid_contact_update',
  update: UpdateContactSubmissionSchema,
  delete: true,
}) {
  @Get('new-count')
  newCount(): Promise<{ count: number }> {
    return this.service.newCount();
  }

  /** Staff only; private caching for the spec's hour, never in a shared cache. */
  @Get(':id/photo')
  async photo(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const { bytes, contentType } = await this.service.photo(id);
    await reply
      .header('Content-Type', contentType)
      .header('Cache-Control', 'private, max-age=3600')
      .header('Content-Disposition', 'inline')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
}
