import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { apiKeysProjection } from '../read-models/api-keys/api-keys.projection.js';
import { DecideApiKey } from './api-key.commands.js';
import { apiKeyDecider } from './api-key.decider.js';
import { ApiKeysController } from './api-keys.controller.js';
import { ApiKeysService } from './api-keys.service.js';

/** API keys for the push sender: staff issue and delete them; `ApiKeysService.authenticate` checks one. */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [ApiKeysController],
  providers: [ApiKeysService, aggregateHandler(DecideApiKey, { decider: apiKeyDecider, projection: apiKeysProjection.name })],
  exports: [ApiKeysService],
})
export class ApiKeysModule {}
