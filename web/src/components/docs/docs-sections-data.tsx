import { Database, KeyRound } from 'lucide-react';
import { Callout, Code, CodeBlock, H3, List, P, Steps, Ui } from './docs-prose';
import type { DocsSection } from './docs-section';

/** A project's own PostgreSQL database: what Forge sets up, and how to look inside. */
export const DATABASE_SECTION: DocsSection = {
  id: 'database-management',
  title: 'Database Management',
  summary: 'A PostgreSQL database per project: set up on the first build, browsable page by page',
  icon: Database,
  body: (
    <>
      <P>
        Apps that keep data several visitors share, such as a blog, a store or anything with accounts, get a PostgreSQL database of their own. The agent writes the tables in{' '}
        <Code>shared/schema.ts</Code> with Drizzle ORM, describes them in <Code>db/meta.json</Code> and puts sample rows in <Code>db/seed.ts</Code>. Each project's database lives on a server kept
        apart from Forge's own data, with a role and a password of its own that reach that one database and nothing else.
      </P>
      <H3>Walkthrough: the blog</H3>
      <Steps
        items={[
          <>
            Describe a blog, for example <em>A food blog called Fork Notes with recipes and comments</em>, and click <Ui>Generate Project</Ui>.
          </>,
          <>
            Watch the <Ui>Terminal</Ui>. After <Code>✅ Build successful</Code>, the first build of a data app sets up its database by itself:{' '}
            <Code>🗄️ Setting up the app's own PostgreSQL database</Code>, the output of <Code>npm run db:push</Code> (the tables) and <Code>npm run db:seed</Code> (the sample posts), then{' '}
            <Code>✅ Database initialized and seeded</Code>. The app starts with its <Code>DATABASE_URL</Code>.
          </>,
          <>
            Open the <Ui>Preview</Ui>: the posts you see come from the app's own API, read from its own database. Publish a post or leave a comment and it is still there after a reload.
          </>,
          <>
            Open the <Ui>Database</Ui> view (<Ui>DB</Ui> on mobile). The Database Status card reads Schema Configured: Yes and Database Initialized: Yes, with the schema's description.
          </>,
          <>
            Expand <Code>posts</Code>: its columns with their type and constraints (PK, NOT NULL, UNIQUE, FK → authors.id, DEFAULT now()), and a Data Preview with a row-count badge. Empty values read{' '}
            <Code>null</Code>; tables with more than 10 rows page with <Ui>Previous</Ui> and <Ui>Next</Ui> ("Page 1 of 3").
          </>,
        ]}
      />
      <H3>Initializing by hand</H3>
      <P>
        <Ui>Initialize Database</Ui> (or <Ui>Re-initialize</Ui> once it is set up) runs the same two scripts in the project's sandbox and restarts the preview with the database's URL. It is safe to
        run again: the tables are brought up to the schema and the seed skips tables that already hold data.
      </P>
      <List
        items={[
          <>
            With <Ui>Use automatic database URL</Ui> on (the default), Forge's database is used. The dialog shows its address with the password masked: the password only ever goes into the app's
            environment.
          </>,
          <>
            Switch it off to use a server of your own. The URL must start with <Code>postgresql://</Code> or <Code>postgres://</Code> and name a host; the dialog says so as you type, and masks the
            field like a password until you choose to show it. Forge uses it as given and keeps it encrypted, like a secret. When the server cannot be reached, the dialog says which host and port it
            tried. The Data Preview shows data of Forge's own databases only.
          </>,
          'Deleting the project deletes its database and its role.',
        ]}
      />
      <H3>Limits</H3>
      <P>A project's database shares its server with other people's apps, so a few limits hold that the app cannot lift, whatever its code sets:</P>
      <List
        items={[
          "A statement that runs longer than the platform's timeout (30 seconds unless the operator chose otherwise) is cancelled, even if the app turned its own timeout off.",
          "Each connection has a cap on its memory and on the temporary files a large sort may write; a query that needs more fails with an error instead of slowing anyone else's app.",
          'All the apps of your account share a number of database connections (20 unless the operator chose otherwise), and each app has its own limit within that. A connection past the limit is refused with a message saying so: give the app a smaller connection pool, or stop a preview you no longer use.',
          <>
            A database that grows past its size (256 MB unless the operator chose otherwise) takes no new data until it is smaller. The app can still read it, delete rows and empty tables; the
            Database view and the build log say so, and writes come back by themselves once it is under the limit again.
          </>,
        ]}
      />
      <Callout tone="note" title="No Database Schema?">
        Apps that keep everything in the browser have no database; the view then says No Database Schema. Ask for data others can see (posts, products, orders, accounts) to get one.
      </Callout>
    </>
  ),
};

/** The keys a project's app needs, kept out of its code, its logs and its downloads. */
export const SECRETS_SECTION: DocsSection = {
  id: 'api-keys-secrets-management',
  title: 'API Keys & Secrets Management',
  summary: 'Give the app the keys it needs, without them ever showing up elsewhere',
  icon: KeyRound,
  body: (
    <>
      <P>
        The variables a project's app reads are listed in its <Code>.env.example</Code>, each with a comment saying what it is and, when there is one, where to get it:
      </P>
      <CodeBlock>{`# Stripe secret key for payments, from https://dashboard.stripe.com/apikeys\nSTRIPE_SECRET_KEY=sk_test_...`}</CodeBlock>
      <P>
        The <Ui>Secrets</Ui> view (<Ui>Keys</Ui> on mobile) shows each one with its description, an open-link button when the description names an address, whether a value is set, and an input with
        the example as its placeholder.
      </P>
      <List
        items={[
          'Values are masked as you type; use Show/Hide to check one.',
          <>
            <Ui>Save API Keys</Ui> saves the filled-in values, trimmed; empty fields are left as they are. The preview restarts so the app reads them at once. A saved value is never shown again: the
            view only says Set, and typing a new one replaces it.
          </>,
          <>
            Values go to the project's <Code>.env</Code> file, which is not committed to version control and is left out of the ZIP download and the project's files. Forge keeps them encrypted
            (AES-256-GCM) and gives them to the app as environment variables.
          </>,
          "A saved value that shows up in a build log, the app's log or the agent's output is masked before anyone sees it, and so are its common encodings (base64, URL-encoding, hex) and the password inside a database URL.",
          <>
            <Code>DATABASE_URL</Code> is not a key to enter: once the database is initialized Forge gives the app the database's own URL, and the Secrets view says it is provided by Forge.
          </>,
          <>
            An app waiting for a key you have not saved yet is not treated as broken: its server answering 503, or an error or an answer of its server naming the key, does not fail the build's browser
            check, and no automatic fix is spent on it. The build log says <Code>⏳ Waiting for OPENWEATHER_API_KEY: add it under API Keys &amp; Secrets</Code>, and the preview shows the same with an{' '}
            <Ui>Open Secrets</Ui> button. Once you save the key the preview restarts, and the next build checks the app as usual.
          </>,
          'Use Refresh after editing a project to reload the list of keys.',
        ]}
      />
      <Callout tone="note" title="Masking is a safety net, not a wall">
        Your app's own code can always show you its secrets: code that prints a key reversed, split or encrypted gets past the masking. The app's output goes only to you, so this exposes nothing to
        others; keep secrets out of what the app shows its visitors.
      </Callout>
      <Callout tone="note" title="No secrets required?">
        The view says No Secrets Required when the project's <Code>.env.example</Code> lists no variable.
      </Callout>
    </>
  ),
};
