import { appModules } from '../app-modules.js';
import { startRole, startWorker } from '../bootstrap.js';

await startRole((config) => startWorker(appModules.notifier(config), { role: 'notifier', level: config.logLevel }));
