import { Controller, Get, Header, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { LIVENESS, type ReadinessReport, ReadinessService } from './readiness.service.js';

/**
 * The probes again on the public port of the HTTP roles, outside /api, for a load balancer that
 * only sees that port: the same answers as the ops listener's. GETs, so the cross-site check
 * lets them through; the /api/v1 rate limit does not apply; never stored by a cache.
 */
@Controller()
export class ProbesController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get('livez')
  @Header('cache-control', 'no-store')
  livez(): typeof LIVENESS {
    return LIVENESS;
  }

  /** 200 when ready, 503 while not, each check named. */
  @Get('readyz')
  @Header('cache-control', 'no-store')
  async readyz(@Res({ passthrough: true }) response: FastifyReply): Promise<ReadinessReport> {
    const report = await this.readiness.report();
    response.status(report.status === 'ready' ? 200 : 503);
    return report;
  }
}
