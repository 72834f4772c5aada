import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ContactFormSchema, type ContactSubmitResponse } from '@xsd/contracts/api/contact';
import type { FastifyRequest } from 'fastify';
import { TAKES_UPLOAD } from '../http/edge-validation.js';
import { parseRequest } from '../http/validation.js';
import { readContactUpload } from './contact-upload.reader.js';
import { ContactService } from './contact.service.js';

/** `POST /api/contact` (multipart: the form's fields and an optional `photo`). */
@Controller('api/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(201)
  @RouteConfig(TAKES_UPLOAD)
  async submit(@Req() request: FastifyRequest): Promise<ContactSubmitResponse> {
    // request.ip believes X-Forwarded-For only from XSD_TRUSTED_PROXIES.
    await this.contact.admit(request.ip);
    const upload = await readContactUpload(request);
    return this.contact.submit(parseRequest(ContactFormSchema, upload.fields, 'invalid_contact'), upload.photo);
  }
}
