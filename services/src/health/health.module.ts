import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/rpc/chains.module.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

@Module({ imports: [ChainsModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
