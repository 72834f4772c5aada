import { loadConfig } from '../../config/config.js';
import { appModules } from '../app-modules.js';
import { exitOnStartFailure, startHttpApp } from '../bootstrap.js';

const config = loadConfig();
await startHttpApp(appModules.all(config), config).catch(exitOnStartFailure);
