import { loadConfig } from './config';
import { startGateway } from './gateway';
import { installLastResortHandlers } from './last-resort';

/** `npm start` runs this: configuration from the environment, then the gateway. */
async function main(): Promise<void> {
  installLastResortHandlers();
  const gateway = await startGateway({ config: loadConfig(process.env) });
  for (const line of gateway.describe()) console.log(line);
  let stopping = false;
  const stop = () => {
    // Once: a Ctrl-C reaches this process from the terminal and again from `npm start`.
    if (stopping) return;
    stopping = true;
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
