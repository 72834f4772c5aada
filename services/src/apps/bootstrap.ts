import 'reflect-metadata';
import { type DynamicModule, type INestApplication, type INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureHttpApp, createHttpAdapter, NEST_HTTP_OPTIONS } from '../api/http-app.js';
import { type AppConfig, describeConfig, loadConfig } from '../config/config.js';
import { governMemory, limitHeapGrowth } from './heap-policy.js';
import { createLogger, type LoggerOptions, type ProcessRole } from '../logging/logger.js';
import { NestPinoLogger } from '../logging/nest-logger.js';

/** Starts an HTTP role on config.port and serves the built web app next to the API. */
export async function startHttpApp(module: DynamicModule, config: AppConfig, role: ProcessRole): Promise<INestApplication> {
  limitHeapGrowth();
  const processLogger = createLogger({ role, level: config.logLevel });
  const app = await NestFactory.create<NestFastifyApplication>(
    module,
    createHttpAdapter({ trustedProxies: config.trustedProxies, logger: processLogger }),
    // Start-up errors are thrown to the caller, which prints one line, instead of Nest exiting with a stack trace.
    { ...NEST_HTTP_OPTIONS, logger: new NestPinoLogger(processLogger), bufferLogs: false, abortOnError: false },
  );
  app.enableShutdownHooks();
  const logger = new Logger('Silverboard');
  if (config.databaseUrl !== null) {
    governMemory((on, residentMb) => logger.log(`memory saver ${on ? 'on' : 'off'}: resident memory ${Math.round(residentMb)} MB`));
  }
  if (!(await configureHttpApp(app))) {
    logger.warn('web/dist not found: serving the API only (run `make build` for the web app)');
  }
  await app.listen(config.port, '0.0.0.0');
  logger.log(`listening on http://localhost:${config.port} ${JSON.stringify(describeConfig(config))}`);
  return app;
}

/**
 * Starts a role without HTTP (the projector, the ingestor, the notifier), logging as `logs` says.
 * A one-off command (`xsd projections rebuild`) says itself how it went, in one line when it
 * fails: Nest stays quiet while the modules start (no start-up lines, no stack trace of a start
 * that failed), then tells of warnings and errors only.
 */
export async function startWorker(module: DynamicModule, logs?: LoggerOptions): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(module, {
    logger: logs ? new NestPinoLogger(createLogger(logs)) : false,
    abortOnError: false,
  });
  if (!logs) app.useLogger(['error', 'warn']);
  app.enableShutdownHooks();
  await app.init();
  return app;
}

/** A role's main: loads the settings and starts, a bad setting (XSD_LOG_LEVEL=loud) failing in one line like the rest. */
export async function startRole(start: (config: AppConfig) => Promise<unknown>): Promise<void> {
  await Promise.resolve()
    .then(() => start(loadConfig()))
    .catch(exitOnStartFailure);
}

/** Turns a start-up failure into one clear line and a non-zero exit instead of a stack dump. */
export function exitOnStartFailure(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Silverboard failed to start: ${message}\n`);
  process.exit(1);
}
