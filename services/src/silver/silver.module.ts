import { Module } from '@nestjs/common';
import { SilverController } from './silver.controller.js';
import { SilverService } from './silver.service.js';

/** The silver price per gram, read from its read model. */
@Module({
  controllers: [SilverController],
  providers: [SilverService],
  exports: [SilverService],
})
export class SilverModule {}
