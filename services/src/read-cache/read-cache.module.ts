import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { ReadCacheBudget } from './read-cache-budget.js';

const MB = 1024 * 1024;

/**
 * The process's one byte budget for per-query answers (XSD_READ_CACHE_MB). A static module:
 * every module importing it shares its one instance, so the routes share the budget.
 */
@Module({
  providers: [{ provide: ReadCacheBudget, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new ReadCacheBudget(config.readCacheMb * MB) }],
  exports: [ReadCacheBudget],
})
export class ReadCacheModule {}
