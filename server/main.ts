/**
 * The server's entry (`npm start`): reads the settings, then starts the server (server/run.ts). A
 * configuration mistake is the operator's to fix: it is said in a line, without a stack, and the
 * process ends with exit code 1 before the server's code is loaded.
 */
import cluster from 'node:cluster';
import { readConfig } from './env.ts';
import { exitWhenDone } from './exit.ts';

const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return null;
  }
})();

if (config === null) exitWhenDone(1);
else {
  if (cluster.isPrimary) for (const warning of config.warnings) console.warn(warning);
  const { runServer } = await import('./run.ts');
  await runServer(config);
}
