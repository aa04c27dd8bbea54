import type pg from 'pg';

/**
 * Statements this process runs again and again (a grid's first page, a contact's detail, the
 * custom-field definitions) are prepared once per connection and only bound afterwards (issue 13:
 * planning the grid's page under row-level security cost PostgreSQL more than running it).
 * A parameterised statement gets a name at its second use in the process; each connection
 * prepares at most PER_CONNECTION of them, so the server's memory stays bounded whatever
 * shapes of filters people use (the rest run unnamed, planned each time, as before).
 * PostgreSQL re-plans a prepared statement when a table it reads changes, and checks its
 * row-level security for the role it runs as on each use.
 */
const PER_CONNECTION = 64;
const MAX_TRACKED = 5_000;

const uses = new Map<string, number>();
const names = new Map<string, string>();
const preparedOn = new WeakMap<pg.PoolClient, number>();

function nameFor(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  const n = (uses.get(text) ?? 0) + 1;
  if (uses.size >= MAX_TRACKED) uses.clear();
  uses.set(text, n);
  if (n < 2 || names.size >= MAX_TRACKED) return undefined;
  const name = `lt_${names.size + 1}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text: string; name?: string };

/** `client` with a query() that names the process's repeated statements (drizzle's sessions run on it). */
export function preparingClient(client: pg.PoolClient): pg.PoolClient {
  const query = (config: unknown, values?: unknown[]) => {
    const c = config as QueryConfig;
    if (typeof config === 'object' && config && !c.name && typeof c.text === 'string' && values?.length) {
      const name = nameFor(c.text);
      const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
      const count = preparedOn.get(client) ?? 0;
      if (name && (parsed[name] || count < PER_CONNECTION)) {
        if (!parsed[name]) preparedOn.set(client, count + 1);
        return client.query({ ...(config as object), name } as never, values as never);
      }
    }
    return client.query(config as never, values as never);
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** A prepared statement whose result's shape a migration changed: its connection must be dropped. */
export const isStalePreparedPlan = (err: unknown) => (err as { code?: string } | null)?.code === '0A000';
