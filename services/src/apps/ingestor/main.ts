import { appModules } from '../app-modules.js';
import { startRole, startWorker } from '../bootstrap.js';

await startRole((config) => startWorker(appModules.ingestor(config), { role: 'ingestor', level: config.logLevel }));
