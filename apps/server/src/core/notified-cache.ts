import pg from 'pg';

/**
 * Per-process caches of what every request would otherwise read first (issue 13): the
 * credentials just checked and the workspaces' custom-field definitions. The database says
 * when one must go: a trigger (migrations 0790) sends the cache's name on CHANNEL whenever a
 * table it copies changes, whoever changes it (another process, plain SQL), and each process
 * empties that cache. So an entry is used only while:
 * - the process hears CHANNEL on a listener connection of its own (a lost listener empties and
 *   disables every cache until it is back, then they fill again);
 * - it is younger than its cache's maxAgeMs (and the value's own expiry, when it has one);
 * - no notice came between reading the value and keeping it (a generation count).
 * The units of work's connections listen too (`transactions`, given to createUnitOfWork), so a use
 * case of this process that changes a cached table empties the cache before its COMMIT returns
 * (PostgreSQL delivers a session's own notifications ahead of the ReadyForQuery that ends the
 * commit): the next request can't be answered from it.
 */
export const CACHE_CHANNEL = 'leadtrail_cache';
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;

export type CacheName = 'credentials' | 'custom_fields';

export type NotifiedCache<T> = {
  /** The value kept for `key`, if it may be trusted. */
  get(key: string): T | undefined;
  /** The generation to pass to set(): take it before reading what will be kept. */
  generation(): number;
  /** Keeps `value` (read after generation() gave `gen`) until `expiresAt` or maxAgeMs from now. */
  set(key: string, value: T, gen: number, expiresAt?: Date | null): void;
  clear(): void;
};

export type NotifiedCaches = ReturnType<typeof createNotifiedCaches>;

export function createNotifiedCaches(pool: pg.Pool) {
  const clears = new Map<string, () => void>();
  let listener: pg.Client | null = null;
  let listening = false;
  let stopped = true;
  let retry: NodeJS.Timeout | undefined;

  const clearAll = () => clears.forEach((clear) => clear());
  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== CACHE_CHANNEL) return;
    const clear = clears.get(msg.payload ?? '');
    if (clear) clear();
    else clearAll();
  };

  async function connect() {
    const client = new pg.Client(pool.options);
    const lost = () => {
      if (listener !== client) return;
      listener = null;
      listening = false;
      clearAll();
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', onNotification);
    listener = client;
    try {
      await client.connect();
      await client.query(`listen ${CACHE_CHANNEL}`);
    } catch (err) {
      lost();
      throw err;
    }
    // whatever changed while nobody listened
    clearAll();
    listening = listener === client;
  }

  function cache<T>(name: CacheName, opts: { maxAgeMs: number }): NotifiedCache<T> {
    const entries = new Map<string, { value: T; until: number }>();
    let gen = 0;
    const clear = () => {
      gen++;
      entries.clear();
    };
    clears.set(name, clear);
    return {
      get(key) {
        if (!listening) return undefined;
        const hit = entries.get(key);
        if (!hit) return undefined;
        if (hit.until > Date.now()) return hit.value;
        entries.delete(key);
        return undefined;
      },
      generation: () => gen,
      set(key, value, readAt, expiresAt) {
        if (!listening || readAt !== gen) return;
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, { value, until: Math.min(Date.now() + opts.maxAgeMs, expiresAt ? expiresAt.getTime() : Infinity) });
      },
      clear,
    };
  }

  return {
    cache,
    /** Empties every cache (as a notice for each would). */
    clearAll,
    /** What the units of work's connections listen to (createUnitOfWork's `listen`). */
    transactions: { channel: CACHE_CHANNEL, onNotification },
    /** Whether entries are used (the listener is connected). */
    get active() {
      return listening;
    },
    /** Starts listening; the caches stay off (every look-up misses) until this succeeds. */
    async start() {
      if (!stopped) return;
      stopped = false;
      await connect().catch(() => {
        // retried by lost(); meanwhile everything is read from the database
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      listening = false;
      clearAll();
      await client?.end().catch(() => {});
    },
  };
}
