import { appModules } from '../app-modules.js';
import { startHttpApp, startRole } from '../bootstrap.js';

await startRole((config) => startHttpApp(appModules.all(config), config, 'all'));
