/**
 * The throughput benchmark's yardstick (issue 13): the smallest Fastify + pg server that
 * answers the contacts grid's first page (50 contacts, newest first, with the company name)
 * of one workspace from the same database. No auth, no RLS, no validation: what the page
 * itself costs. Run by throughput.bench.ts as its own process:
 *
 *   DATABASE_URL=… WORKSPACE_ID=… PORT=… node --import tsx minimal-grid-server.ts
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const workspaceId = process.env.WORKSPACE_ID;
const app = Fastify({ logger: false });

const PAGE = `select c.id, c.first_name as "firstName", c.last_name as "lastName", c.email, c.email_status as "emailStatus",
    c.job_title as "jobTitle", c.seniority, c.company_id as "companyId", co.name as "companyName", c.country,
    c.owner_id as "ownerId", c.custom_fields as "customFields", c.created_at as "createdAt", c.updated_at as "updatedAt"
  from contacts c left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id
  where c.workspace_id = $1 order by c.created_at desc, c.id desc limit 51`;

app.get('/contacts', async () => {
  const rows = (await pool.query(PAGE, [workspaceId])).rows;
  return { data: rows.slice(0, 50), nextCursor: rows.length > 50 ? rows[49].id : null };
});

const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('minimal server ready');
