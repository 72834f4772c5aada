import { enableCompileCache } from 'node:module';

// Before the services load: Node keeps their compiled code on disk (apps/start/main.ts says why).
enableCompileCache();
const [{ appModules }, { startRole, startWorker }] = await Promise.all([import('../app-modules.js'), import('../bootstrap.js')]);

await startRole((config) => startWorker(appModules.ingestor(config), { role: 'ingestor', level: config.logLevel }));
