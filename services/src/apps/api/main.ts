import { appModules } from '../app-modules.js';
import { startHttpApp, startRole } from '../bootstrap.js';

await startRole((config) => startHttpApp(appModules.api(config), config, 'api'));
