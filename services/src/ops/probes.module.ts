import { Module } from '@nestjs/common';
import { OpsModule } from './ops.module.js';
import { ProbesController } from './probes.controller.js';

/** GET /livez and /readyz on the public port of the HTTP roles. */
@Module({ imports: [OpsModule], controllers: [ProbesController] })
export class ProbesModule {}
