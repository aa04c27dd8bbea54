import { Anchor, Box, Button, Container, Divider, Group, Paper, Table, Text, Title, Typography } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import classes from './privacy-policy-page.module.css';
import { ScrollTable } from '../../../components/scroll-table';

const lastUpdated = '1 June 2025';
const contactEmail = 'privacy@leadtrail.example';

const sections = [
  { id: 'who-we-are', title: '1. Who we are' },
  { id: 'roles', title: '2. Our role: controller and processor' },
  { id: 'what-we-collect', title: '3. What we collect' },
  { id: 'why', title: '4. Why we use it and on what legal basis' },
  { id: 'prospect-data', title: '5. The prospect database' },
  { id: 'retention', title: '6. How long we keep data' },
  { id: 'sharing', title: '7. Who we share it with (sub-processors)' },
  { id: 'transfers', title: '8. International transfers' },
  { id: 'security', title: '9. How we protect data' },
  { id: 'rights', title: '10. Your rights' },
  { id: 'cookies', title: '11. Cookies' },
  { id: 'children', title: '12. Children' },
  { id: 'changes', title: '13. Changes to this policy' },
  { id: 'contact', title: '14. Contact us' },
] as const;

const retention = [
  ['Account data (name, email, password hash, 2FA secret)', 'While the account exists; deleted within 30 days after the account or its last workspace is deleted'],
  ['Workspace content (contacts, companies, lists, custom fields, notes, imported files)', 'While the workspace exists; deleted within 30 days after the workspace is deleted'],
  ['Suppression list entries', 'While the workspace exists, because they exist to keep honouring opt-outs'],
  ['Server and security logs (IP address, request, user agent)', '30 days'],
  ['Error reports sent to our monitoring service', '30 days'],
  ['Invoices and payment records', '10 years, as tax and accounting law requires'],
  ['Credit ledger (reveals, grants)', 'While the workspace exists; entries that back an invoice are kept as long as the invoice'],
  ['Backups', 'Rolled over within 30 days; deleted data disappears from backups when they expire'],
] as const;

const subprocessors = [
  ['Cloud hosting provider', 'Runs our servers, database and file storage', 'European Union'],
  ['Transactional email provider', 'Sends invitations, password resets and notifications', 'European Union'],
  ['Stripe, Inc.', 'Processes card payments; card numbers go directly to Stripe, never to our servers', 'United States (Standard Contractual Clauses)'],
  ['Functional Software, Inc. (Sentry)', 'Error monitoring and performance tracing; text and inputs are masked in session replays', 'United States (Standard Contractual Clauses)'],
] as const;

export function Component() {
  useDocumentTitle('Privacy policy · Leadtrail');

  return (
    <Box mih="100vh">
      <Box component="header" py="md" px="md" className={classes.header}>
        <Group justify="space-between" maw={960} mx="auto">
          <Anchor component={Link} to="/" aria-label="Leadtrail home" underline="never">
            <Logo size={28} />
          </Anchor>
          <Button component={Link} to="/login" variant="default" size="sm">
            Sign in
          </Button>
        </Group>
      </Box>

      <Container component="main" size={760} py={48}>
        <Typography className={classes.policy}>
          <Title order={1}>Privacy policy</Title>
          <Text c="dimmed" size="sm">
            Last updated: {lastUpdated}
          </Text>

          <p>
            This policy explains what personal data Leadtrail collects when you use our sales-prospecting
            and contact-management service, why we collect it, how long we keep it, who we share it with,
            and the rights you have. We wrote it to be read, not skimmed past: if anything is unclear, write
            to us at <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>.
          </p>

          <Paper withBorder radius="md" p="md" my="lg" component="nav" aria-labelledby="toc-heading">
            <Text id="toc-heading" fw={700} size="sm" mb="xs">
              Contents
            </Text>
            <ul>
              {sections.map((section) => (
                <li key={section.id}>
                  <Anchor href={`#${section.id}`} size="sm">
                    {section.title}
                  </Anchor>
                </li>
              ))}
            </ul>
          </Paper>

          <h2 id="who-we-are">1. Who we are</h2>
          <p>
            Leadtrail (&ldquo;Leadtrail&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) provides a web
            application in which sales teams find prospects, keep their own contacts and companies, import
            lists of leads, and organise their outreach. For the purposes of data protection law, Leadtrail
            is the company that operates this service and can be reached at{' '}
            <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>.
          </p>

          <h2 id="roles">2. Our role: controller and processor</h2>
          <p>We handle two kinds of personal data, and our responsibility differs between them:</p>
          <ul>
            <li>
              <strong>Data about our customers&apos; users</strong> (the people who sign in to Leadtrail):
              we decide why and how it is processed, so we are its <em>controller</em>.
            </li>
            <li>
              <strong>Data our customers put into their workspace</strong> (contacts and companies they
              create or upload, lists, notes, custom fields): our customer decides what to store and why,
              so the customer is the controller and we are its <em>processor</em>. We process it only to
              provide the service, under our data processing terms. If you are a contact stored by one of
              our customers, please address requests to that customer first; we will help them answer and
              forward any request we receive.
            </li>
          </ul>

          <h2 id="what-we-collect">3. What we collect</h2>
          <h3>Account data</h3>
          <p>
            Your name, email address, your password (stored only as an argon2id hash, never in readable
            form), your two-step verification secret and hashed recovery codes when you turn it on, your
            role in each workspace, and your preferences such as the colour theme.
          </p>
          <h3>Workspace data</h3>
          <p>
            What you and your team add: contacts (for example name, work email, phone numbers, job title,
            company, location and LinkedIn URL), companies, lists, suppression list entries, custom fields,
            notes, and the files you upload to import them. The company name, address and tax ID you enter
            are printed on your invoices.
          </p>
          <h3>Billing data</h3>
          <p>
            Your plan, invoices and credit transactions. Card details are entered in a form served by our
            payment provider, Stripe; we only ever receive the card brand, its last four digits and its
            expiry date.
          </p>
          <h3>Usage and technical data</h3>
          <p>
            When you use the service our servers log the request (address, time, result), your IP address
            and browser user agent, and which member performed actions such as reveals, imports and
            exports (the activity history of your workspace). When something fails in your browser, an
            error report with technical details is sent to our monitoring service through our own domain.
          </p>

          <h2 id="why">4. Why we use it and on what legal basis</h2>
          <ul>
            <li>
              <strong>To provide the service you signed up for</strong>: creating your account and
              workspace, signing you in, storing and processing your workspace data, sending invitations
              and password reset emails. Legal basis: performance of our contract with you (Art. 6(1)(b)
              GDPR).
            </li>
            <li>
              <strong>To bill you</strong>: plans, credits, invoices and payments. Legal basis: contract,
              and legal obligation for keeping accounting records (Art. 6(1)(c)).
            </li>
            <li>
              <strong>To keep the service secure and working</strong>: rate limiting, detecting abuse,
              logs, error monitoring and performance tracing. Legal basis: our legitimate interest in a
              secure, reliable service (Art. 6(1)(f)).
            </li>
            <li>
              <strong>To tell you about your account</strong>: imports that finished, low credits, failed
              payments, important changes to the service. Legal basis: contract and legitimate interest.
              We do not send marketing email without your consent, and every such email lets you opt out.
            </li>
          </ul>
          <p>We do not sell personal data, and we do not use workspace data to train models or to advertise.</p>

          <h2 id="prospect-data">5. The prospect database</h2>
          <p>
            Leadtrail includes a prospect database that customers can search and from which they can
            reveal contact details. The database shipped with the service for demonstrations, tests and
            evaluation is <strong>entirely synthetic</strong>: its people are generated, and their
            companies use reserved <code>.example</code> domains, so no real person can be contacted
            through it. If a licensed data set is loaded in a deployment, its provider is responsible for
            having collected it lawfully, and the people in it keep every right described below, including
            objecting and asking to be suppressed.
          </p>

          <h2 id="retention">6. How long we keep data</h2>
          <p>We keep personal data only as long as we need it for the purposes above:</p>
          <ScrollTable minWidth={520} my="md" label="How long we keep data">
            <Table withTableBorder withColumnBorders verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Data</Table.Th>
                  <Table.Th scope="col">How long</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {retention.map(([data, period]) => (
                  <Table.Tr key={data}>
                    <Table.Td>{data}</Table.Td>
                    <Table.Td>{period}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>

          <h2 id="sharing">7. Who we share it with (sub-processors)</h2>
          <p>
            We share personal data only with the service providers that help us run Leadtrail, under
            contracts that oblige them to protect it and use it only on our instructions:
          </p>
          <ScrollTable minWidth={600} my="md" label="Service providers">
            <Table withTableBorder withColumnBorders verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Provider</Table.Th>
                  <Table.Th scope="col">Purpose</Table.Th>
                  <Table.Th scope="col">Location</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {subprocessors.map(([name, purpose, location]) => (
                  <Table.Tr key={name}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>{purpose}</Table.Td>
                    <Table.Td>{location}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <p>
            We will tell customers before we add or replace a sub-processor, so they can object. We may
            also disclose data when the law requires it, and only to the extent it requires.
          </p>

          <h2 id="transfers">8. International transfers</h2>
          <p>
            We store workspace data in the European Union. Where a provider processes data outside the
            European Economic Area, we rely on the European Commission&apos;s Standard Contractual Clauses
            and additional safeguards such as encryption in transit.
          </p>

          <h2 id="security">9. How we protect data</h2>
          <ul>
            <li>Encryption in transit (HTTPS) for every connection to the service.</li>
            <li>Passwords hashed with argon2id; session tokens and API keys stored only as hashes.</li>
            <li>Optional two-step verification (TOTP) with single-use recovery codes.</li>
            <li>
              Each workspace&apos;s data is isolated by the database itself (row-level security), not only
              by application code.
            </li>
            <li>Rate limits on sign-in, registration and password reset, which never reveal whether an email has an account.</li>
            <li>Role-based access inside each workspace, least-privilege access for our staff, and audit logs.</li>
            <li>Error reports and session replays mask all text and form inputs.</li>
          </ul>

          <h2 id="rights">10. Your rights</h2>
          <p>Depending on where you live, you have the right to:</p>
          <ul>
            <li><strong>Access</strong> the personal data we hold about you and receive a copy of it;</li>
            <li><strong>Rectification</strong> of data that is wrong or incomplete;</li>
            <li><strong>Erasure</strong> of your data when we no longer need it or you withdraw consent;</li>
            <li><strong>Restriction</strong> of processing while a complaint is being resolved;</li>
            <li><strong>Portability</strong>: receive data you gave us in a machine-readable format;</li>
            <li>
              <strong>Objection</strong> to processing based on legitimate interest, including any use of
              your data for prospecting;
            </li>
            <li>
              <strong>Suppression</strong>: ask that you never be contacted through Leadtrail. We add your
              email address (or a hash of it) to a suppression list so you cannot be revealed, imported or
              exported again;
            </li>
            <li>
              <strong>Complain</strong> to your local data protection authority if you think we handle
              your data unlawfully.
            </li>
          </ul>
          <p>
            To exercise any of these rights, write to{' '}
            <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>. We answer within one month,
            free of charge, and may ask you to confirm your identity first. Signed-in users can also
            correct their profile and delete API keys and sessions themselves under Settings → My account.
          </p>

          <h2 id="cookies">11. Cookies</h2>
          <p>
            Leadtrail sets one strictly necessary cookie: the session cookie that keeps you signed in
            (HttpOnly, SameSite=Lax, Secure). Your colour theme is stored in your browser&apos;s local
            storage. We use no advertising or cross-site tracking cookies, so there is nothing to consent to
            beyond using the service.
          </p>

          <h2 id="children">12. Children</h2>
          <p>Leadtrail is a business tool for people aged 16 and over. We do not knowingly collect data about children.</p>

          <h2 id="changes">13. Changes to this policy</h2>
          <p>
            When we change this policy we update the date at the top. If a change is significant, we tell
            account owners by email at least 30 days before it takes effect.
          </p>

          <h2 id="contact">14. Contact us</h2>
          <p>
            Questions, requests and complaints about privacy:{' '}
            <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>.
          </p>
        </Typography>
        <Divider my="xl" />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Leadtrail
          </Text>
          <Anchor component={Link} to="/" size="sm">
            Back to Leadtrail
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
