import { Module } from '@nestjs/common';
import { LiveStreamController } from './live-stream.controller.js';
import { LiveStreamService } from './live-stream.service.js';

@Module({ controllers: [LiveStreamController], providers: [LiveStreamService], exports: [LiveStreamService] })
export class LiveModule {}
