/**
 * Email verification benchmark (issue 24): the verifier against real protocol peers on loopback
 * (a dns2 DNS server, one smtp-server exchanger per domain, each on its own loopback address),
 * as a verification job uses it (batches of 1,000 through verifyBatch). Prints addresses per
 * second, the bound the per-host limits set (VERIFY_CONCURRENCY connections at once and 60 a
 * minute per exchanger, 20 addresses per connection), and, as the baseline measured in the same
 * run, the same batches answered from the cache (no DNS, no SMTP).
 *
 *   npm run bench:verify -w bench
 *
 * Env: DATABASE_URL (else an embedded PostgreSQL under .data/bench-verify, port BENCH_PG_PORT
 * 5521), BENCH_VERIFY_DOMAINS (50), BENCH_VERIFY_PER_DOMAIN (200), VERIFY_CONCURRENCY (2).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createUnitOfWork } from '../apps/server/src/core/unit-of-work.js';
import { createDb } from '../apps/server/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createEmailVerifier } from '../apps/server/src/modules/verification/email-verifier.js';
import { startDnsPeer, startSmtpPeers, type ZoneEntry } from '../apps/server/test/verify-peers.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOMAINS = Number(process.env.BENCH_VERIFY_DOMAINS ?? 50);
const PER_DOMAIN = Number(process.env.BENCH_VERIFY_PER_DOMAIN ?? 200);
const CONCURRENCY = Number(process.env.VERIFY_CONCURRENCY ?? 2);
const PER_MINUTE = 60;
const PER_CONNECTION = 20;
const BATCH = 1_000;
const log = (m: string) => console.log(`[bench:verify] ${m}`);
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d });

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!databaseUrl) {
    const pgInstance = await startEmbeddedPostgres(path.resolve(ROOT, '.data/bench-verify'), Number(process.env.BENCH_PG_PORT ?? 5521));
    databaseUrl = pgInstance.url;
    stop = pgInstance.stop;
  }
  const db = createDb(databaseUrl, { max: 4 });
  await migrate(db.pool);
  const uow = createUnitOfWork(db);

  const domain = (d: number) => `d${d}.bench-verify.test`;
  const specs: Record<string, [string, { kind: 'known'; mailboxes: string[] }]> = {};
  const zone: Record<string, ZoneEntry> = {};
  const addresses: string[] = [];
  for (let d = 0; d < DOMAINS; d++) {
    const host = `127.0.2.${d + 1}`;
    const mine = Array.from({ length: PER_DOMAIN }, (_, i) => `p${i}@${domain(d)}`);
    specs[`d${d}`] = [host, { kind: 'known', mailboxes: mine.filter((_, i) => i % 10 !== 0) }];
    zone[domain(d)] = { mx: [{ exchange: `mx.${domain(d)}`, priority: 10 }] };
    zone[`mx.${domain(d)}`] = { a: [host] };
  }
  // interleaved, as a job's batches (in contact id order) mix domains
  for (let i = 0; i < PER_DOMAIN; i++) for (let d = 0; d < DOMAINS; d++) addresses.push(`p${i}@${domain(d)}`);
  const smtp = await startSmtpPeers(specs);
  const dns = await startDnsPeer(zone);
  // a fresh cache: every address and domain asked for real
  await uow.admin((tx) => tx.execute(sql`delete from email_verifications where address like '%.bench-verify.test'`));
  await uow.admin((tx) => tx.execute(sql`delete from email_domains where domain like '%.bench-verify.test'`));
  const verifier = createEmailVerifier({
    uow,
    settings: { helo: 'bench.leadtrail.test', mailFrom: 'bounces@leadtrail.test', dnsServers: [dns.server], smtpPort: smtp.port, concurrency: CONCURRENCY },
  });

  const run = async () => {
    const t = performance.now();
    const counts: Record<string, number> = {};
    for (let i = 0; i < addresses.length; i += BATCH) {
      for (const o of await verifier.verifyBatch(addresses.slice(i, i + BATCH))) {
        const k = o.lookedUp ? o.status : 'not looked up';
        counts[k] = (counts[k] ?? 0) + 1;
      }
    }
    return { seconds: (performance.now() - t) / 1000, counts };
  };

  try {
    log(`${fmt(addresses.length)} addresses over ${DOMAINS} domains (one exchanger each), batches of ${fmt(BATCH)}, ${CONCURRENCY} connections per exchanger`);
    const live = await run();
    const cached = await run();
    const rate = addresses.length / live.seconds;
    // each exchanger: at most PER_MINUTE connections a minute, PER_CONNECTION addresses each
    const bound = (DOMAINS * PER_MINUTE * PER_CONNECTION) / 60;
    const maxOpen = Math.max(...Object.values(smtp.peers).map((p) => p.maxOpen));
    const connections = Object.values(smtp.peers).reduce((s, p) => s + p.connections, 0);
    const data = Object.values(smtp.peers).reduce((s, p) => s + p.dataCalls, 0);
    log(`verified (DNS + SMTP): ${fmt(live.seconds, 2)} s, ${fmt(rate)} addresses/s ${JSON.stringify(live.counts)}`);
    log(`the per-host limits' bound: ${fmt(bound)} addresses/s (${DOMAINS} × ${PER_MINUTE} connections/min × ${PER_CONNECTION} addresses); this run at ${fmt((rate / bound) * 100, 1)}% of it`);
    log(`connections: ${fmt(connections)}, most open at once on one exchanger: ${maxOpen} (limit ${CONCURRENCY}), DATA commands: ${data}`);
    log(`baseline, the same batches from the cache: ${fmt(cached.seconds, 2)} s, ${fmt(addresses.length / cached.seconds)} addresses/s; live/cached time ${fmt(live.seconds / cached.seconds, 1)}×`);
  } finally {
    verifier.close();
    await Promise.all(Object.values(smtp.peers).map((p) => p.close()));
    await dns.close();
    await db.close();
    await stop();
  }
}

await main();
