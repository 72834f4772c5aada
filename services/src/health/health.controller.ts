import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type HealthReport, HealthService } from './health.service.js';

@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 when everything answers, 503 when a part is down, so load balancers can act on it. */
  @Get()
  async get(@Res({ passthrough: true }) response: FastifyReply): Promise<HealthReport> {
    const report = await this.health.report();
    response.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
