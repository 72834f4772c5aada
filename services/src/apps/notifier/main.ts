import { loadConfig } from '../../config/config.js';
import { appModules } from '../app-modules.js';
import { exitOnStartFailure, startWorker } from '../bootstrap.js';

await startWorker(appModules.notifier(loadConfig())).catch(exitOnStartFailure);
