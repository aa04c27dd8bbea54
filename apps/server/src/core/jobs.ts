import PgBoss from 'pg-boss';

export type Jobs = PgBoss;

/** pg-boss on the application database, in its own schema: retries, schedules, survives restarts. */
export async function startJobs(databaseUrl: string, onError: (err: Error) => void): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4 });
  boss.on('error', onError);
  await boss.start();
  return boss;
}
