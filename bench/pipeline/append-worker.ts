/**
 * The producer side of the pipeline benchmark, in a process of its own as the ingestor is in
 * production: makes its ticks, says "ready", appends them all when told "go" on stdin, then
 * prints "done <appendMs>".
 *
 *   node --conditions=source --import tsx bench/pipeline/append-worker.ts <stream> <subjectPrefix> <count> <startMs>
 */
import { createInterface } from 'node:readline';
import { JetStreamEventLog } from '../../services/src/event-log/jetstream/jetstream-event-log.js';
import { priceTicks } from '../../services/src/testing/price-ticks.js';
import { TEST_NATS_URL } from '../../services/src/testing/test-stream.js';

const [stream, subjectPrefix, countText, startText] = process.argv.slice(2);
const events = priceTicks(Number(countText), Number(startText));
const log = await JetStreamEventLog.connect({ servers: TEST_NATS_URL, stream, subjectPrefix });
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() !== 'go') continue;
  const started = performance.now();
  await log.appendMany(events);
  process.stdout.write(`done ${(performance.now() - started).toFixed(1)}\n`);
  break;
}
lines.close();
await log.close();
