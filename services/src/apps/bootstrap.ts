import 'reflect-metadata';
import { type DynamicModule, type INestApplication, type INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureHttpApp, createHttpAdapter, NEST_HTTP_OPTIONS } from '../api/http-app.js';
import { type AppConfig, describeConfig } from '../config/config.js';

/** Starts an HTTP role on config.port and serves the built web app next to the API. */
export async function startHttpApp(module: DynamicModule, config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    module,
    createHttpAdapter({ trustedProxies: config.trustedProxies }),
    // Start-up errors are thrown to the caller, which prints one line, instead of Nest exiting with a stack trace.
    { ...NEST_HTTP_OPTIONS, bufferLogs: false, abortOnError: false },
  );
  app.enableShutdownHooks();
  const logger = new Logger('Silverboard');
  if (!(await configureHttpApp(app))) {
    logger.warn('web/dist not found: serving the API only (run `make build` for the web app)');
  }
  await app.listen(config.port, '0.0.0.0');
  logger.log(`listening on http://localhost:${config.port} ${JSON.stringify(describeConfig(config))}`);
  return app;
}

/** Starts a role without HTTP (the projector, the ingestor). */
export async function startWorker(module: DynamicModule): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(module, { abortOnError: false });
  app.enableShutdownHooks();
  await app.init();
  return app;
}

/** Turns a start-up failure into one clear line and a non-zero exit instead of a stack dump. */
export function exitOnStartFailure(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Silverboard failed to start: ${message}\n`);
  process.exit(1);
}
