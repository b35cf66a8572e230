import { parseArgs } from 'node:util';
import { startCluster } from './cluster/cluster.ts';

/**
 * npm run cluster:local (issue 37 §1): a PostgreSQL 15 primary and synchronous hot standby, three
 * WorkCred instances and HAProxy in front, all in a temporary directory; Ctrl+C stops everything
 * it started and removes the directory (kept with --keep). deploy/README.md, "Local cluster".
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.CLUSTER_PORT ?? '8080' },
    'base-port': { type: 'string', default: process.env.CLUSTER_BASE_PORT ?? '15430' },
    keep: { type: 'boolean', default: process.env.CLUSTER_KEEP === 'true' },
  },
});

// Ctrl+C while starting: stop as soon as the start has finished or failed (it cleans up after itself).
let signalled: string | undefined;
let stop = (signal: string) => {
  signalled ??= signal;
  console.log(`\n${signal}: stopping once the start has finished…`);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

const cluster = await startCluster({ port: Number(values.port), basePort: Number(values['base-port']), keep: values.keep });
let stopping = false;
stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping HAProxy, the instances (draining) and PostgreSQL…`);
  cluster.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
if (signalled) stop(signalled);
else
  console.log(`
WorkCred cluster is running at ${cluster.url}
  instances   ${cluster.instancePorts.map((port) => `127.0.0.1:${port}`).join(', ')}
  PostgreSQL  primary ${cluster.postgres.primaryUrl}
              standby ${cluster.postgres.standbyUrl}
  HAProxy     servers up and down at ${cluster.statsUrl}
  files       ${cluster.dir} (logs: *.log; removed on stop${values.keep ? ', kept with --keep' : ''})
Demo data:  (set -a; . ${cluster.dir}/workcred.env; npm run seed:demo)
Press Ctrl+C to stop everything.`);
