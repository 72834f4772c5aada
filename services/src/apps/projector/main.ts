import { appModules } from '../app-modules.js';
import { startRole, startWorker } from '../bootstrap.js';

await startRole((config) => startWorker(appModules.projector(config), { role: 'projector', level: config.logLevel }));
