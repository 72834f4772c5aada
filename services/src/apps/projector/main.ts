import { enableCompileCache } from 'node:module';

// Before the services load: Node keeps their compiled code on disk (apps/start/main.ts says why).
enableCompileCache();
const [{ appModules }, { startRole, startWorker }] = await Promise.all([import('../app-modules.js'), import('../bootstrap.js')]);

await startRole((config) => startWorker(appModules.projector(config), { role: 'projector', level: config.logLevel }));
