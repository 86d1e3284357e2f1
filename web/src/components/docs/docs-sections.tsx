import {
  Boxes,
  Database,
  Download,
  FileText,
  KeyRound,
  LayoutDashboard,
  Pencil,
  RadioTower,
  Rocket,
  Sparkles,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Callout, Code, CodeBlock, H3, List, P, Steps, Table, Ui } from './docs-prose';

export interface DocsSection {
  id: string;
  title: string;
  summary: string;
  icon: LucideIcon;
  body: ReactNode;
}

/** The guide's sections, in the order of the product spec. */
export const DOCS_SECTIONS: DocsSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    summary: 'What Forge does and how to begin',
    icon: Rocket,
    body: (
      <>
        <P>
          Forge turns a plain-language description into a working React application. You describe what you want, the agent
          writes every file, and Forge saves, builds and runs the project so you can try it in a live preview within minutes.
        </P>
        <Steps
          items={[
            <>
              Create an account on the sign-in page. Instead of an email and password you get a unique <strong>recovery
              key</strong>: save it somewhere safe, it is the only way back into your account.
            </>,
            <>
              In the workspace, click <Ui>New</Ui> to open the <strong>New Generation</strong> view.
            </>,
            <>Describe your app, optionally attach design references, give it a name and generate.</>,
            <>
              Follow progress in the <Ui>Terminal</Ui>, read the code as it streams in, and try the result in{' '}
              <Ui>Preview</Ui> once the build succeeds.
            </>,
          ]}
        />
        <Callout title="Your projects are private">
          Every project belongs to your account. Other accounts cannot list, open or download it.
        </Callout>
      </>
    ),
  },
  {
    id: 'creating-your-first-project',
    title: 'Creating Your First Project',
    summary: 'Describe, attach references, generate',
    icon: Sparkles,
    body: (
      <>
        <P>
          The <strong>New Generation</strong> view has everything needed to start a project.
        </P>
        <Table
          head={['Field', 'What to enter']}
          rows={[
            ['Describe your React project', 'The app in your own words: its pages, the data it shows, how it should look and behave.'],
            [
              'Design Reference',
              'Optional screenshots or mockups for the agent to follow. PNG, JPG, GIF or WEBP, up to 5MB each; attach as many as you like and remove any from its thumbnail.',
            ],
            [
              'Project Name',
              <>
                Letters, numbers, hyphens and underscores only. Left blank, it becomes <Code>my-react-app</Code>.
              </>,
            ],
          ]}
        />
        <P>
          Click <Ui>Generate Project</Ui>. The button reads <strong>Generating...</strong> while the agent works, and stays
          disabled until you have written a description.
        </P>
        <H3>Write a description the agent can act on</H3>
        <List
          items={[
            'Name the pages or screens and what each one is for.',
            'Say what data the app keeps (posts, products, tasks) when it should remember things between visits.',
            'Describe the look: colours, tone, layout, light or dark.',
            'List the must-have interactions: search, filters, forms, a cart, drag and drop.',
          ]}
        />
        <CodeBlock>
          {`A recipe box: a grid of recipe cards with photo, title and cooking time,
a search bar and tag filters, a detail page with ingredients and steps,
and a form to add recipes. Store recipes in the database. Warm, minimal style.`}
        </CodeBlock>
      </>
    ),
  },
  {
    id: 'understanding-the-interface',
    title: 'Understanding the Interface',
    summary: 'Header, file tree and the workspace views',
    icon: LayoutDashboard,
    body: (
      <>
        <H3>Header</H3>
        <List
          items={[
            <>
              <Ui>New</Ui> switches to the generate view; <Ui>Docs</Ui> opens this guide; <Ui>My Projects</Ui> lists your saved
              projects.
            </>,
            <>
              The <strong>status indicator</strong> at the top right shows what is happening: <strong>Generating</strong>,{' '}
              <strong>Building</strong> or <strong>Complete</strong> (and Error or Ready otherwise).
            </>,
            <>The download button appears when a project is open and gives you the whole project as a ZIP.</>,
            <>
              On desktop, a code-theme selector offers Default, Dark, Funky, Okaidia, Twilight, Coy, Solarized Light and
              Tomorrow (the default). Your choice is remembered in this browser.
            </>,
          ]}
        />
        <H3>Project Files and views</H3>
        <P>
          The <strong>Project Files</strong> sidebar lists every file; click one to open it in the code viewer, which shows
          its line count, size and word count, and marks files still being written as <strong>Generating...</strong>.
        </P>
        <Table
          head={['View', 'What it shows']}
          rows={[
            ['Code', 'The selected file with syntax highlighting.'],
            ['Terminal', 'Timestamped generation and build logs.'],
            ['Database', 'Schema, initialisation and a data preview for projects with a database.'],
            ['Secrets', 'The API keys the project needs, and where you enter them.'],
            ['Preview', 'The running app in a sandboxed frame, with refresh and open-in-new-tab.'],
          ]}
        />
        <Callout tone="note" title="On a phone">
          Below 768px the views move to a bottom bar (Code, Terminal, DB, Keys, Preview) and the menu button opens the file
          tree.
        </Callout>
      </>
    ),
  },
  {
    id: 'intelligent-auto-fix-system',
    title: 'Intelligent Auto-Fix System',
    summary: 'Failed builds are repaired automatically',
    icon: Wrench,
    body: (
      <>
        <P>
          When generation finishes, Forge saves the project and builds it. If the build fails, the agent does not simply stop:
          it reads the compiler and bundler errors, changes the files responsible and builds again.
        </P>
        <List
          items={[
            <>
              Up to <strong>5 automatic correction attempts</strong> per build.
            </>,
            <>
              Each attempt is configured with <strong>10 conversation turns</strong> and <strong>16K tokens</strong>, enough to
              inspect several files and fix related errors together.
            </>,
            'Every attempt, error and fix is written to the Terminal, so you can see exactly what changed.',
            'As soon as a build succeeds, the preview opens and the status changes to Complete.',
          ]}
        />
        <Callout title="If it still fails">
          After the last attempt the status shows Error. Describe the problem in plain words with{' '}
          <strong>Editing Projects with Natural Language</strong>, or download the project and fix it by hand.
        </Callout>
      </>
    ),
  },
  {
    id: 'database-management',
    title: 'Database Management',
    summary: 'PostgreSQL schema, initialisation and data preview',
    icon: Database,
    body: (
      <>
        <P>
          Apps that need to remember data, such as a blog, a store or anything with accounts, get a PostgreSQL database. The
          agent writes the schema in <Code>shared/schema.ts</Code> with Drizzle ORM, plus seed data in <Code>db/seed.ts</Code>.
        </P>
        <Steps
          items={[
            <>
              Open the <Ui>Database</Ui> view. The status card tells you whether a schema is configured and whether the
              database is initialised.
            </>,
            <>
              Click <Ui>Initialize Database</Ui>. By default Forge provides a database for you automatically; switch the toggle
              off to use your own server with a URL starting with <Code>postgresql://</Code> or <Code>postgres://</Code>.
            </>,
            'Forge creates the tables and runs the seed data.',
          ]}
        />
        <P>
          Each table expands to show its columns with their type and constraints (PK, NOT NULL, UNIQUE, FK → reference,
          DEFAULT) and a data preview, 10 rows per page with Previous and Next.
        </P>
      </>
    ),
  },
  {
    id: 'api-keys-secrets-management',
    title: 'API Keys & Secrets Management',
    summary: 'Give the app the keys it needs, safely',
    icon: KeyRound,
    body: (
      <>
        <P>
          When a generated app talks to another service (payments, maps, email, an AI model), the agent lists the keys it
          needs. The <Ui>Secrets</Ui> view (<Ui>Keys</Ui> on mobile) shows each one with a description and, when the
          description has one, a link to where you get it.
        </P>
        <List
          items={[
            'Values are masked as you type; use Show/Hide to check them.',
            <>
              <Ui>Save API Keys</Ui> writes the filled-in values to the project's <Code>.env</Code> file. Empty fields are
              ignored.
            </>,
            <>
              <Code>.env</Code> is not committed to version control; <Code>.env.example</Code> lists the names without values,
              for anyone setting the project up.
            </>,
            'Use Refresh after editing a project to reload the list of required keys.',
          ]}
        />
        <Callout tone="note" title="No secrets required?">
          Many apps need none. The view then says No Secrets Required.
        </Callout>
      </>
    ),
  },
  {
    id: 'editing-projects-with-natural-language',
    title: 'Editing Projects with Natural Language',
    summary: 'Change a saved project by describing the change',
    icon: Pencil,
    body: (
      <>
        <Steps
          items={[
            <>
              Open <Ui>My Projects</Ui> and click the pencil <Ui>Edit</Ui> button on the project's card.
            </>,
            <>
              In <strong>Modification Request</strong>, describe what should change, for example “Add a dark mode toggle to the
              header and remember the choice”.
            </>,
            <>
              Click <Ui>Apply Changes</Ui>. The <strong>Progress log</strong> shows the agent's work as it happens; the dialog
              stays open until the edit has finished.
            </>,
            'When the edit completes, the project list refreshes. Open the project to rebuild it and see the result.',
          ]}
        />
        <Callout title="Smaller requests work best">
          One focused change per request is easier to check than many at once. Name the page or component you mean.
        </Callout>
      </>
    ),
  },
  {
    id: 'project-landing-pages',
    title: 'Project Landing Pages',
    summary: 'A read-only overview of a project',
    icon: FileText,
    body: (
      <>
        <P>
          Every project has a landing page. Open it with the <Ui>Info</Ui> button on the project's card in My Projects.
        </P>
        <List
          items={[
            'The Project Files panel shows the file tree with the number of files; click folders to expand them.',
            'Click any file to read its code in the panel beside the tree.',
            <>
              When the project is built, <Ui>View in Sandbox</Ui> opens the running app in a new tab.
            </>,
          ]}
        />
        <P>Landing pages are part of your account: you need to be signed in to see them.</P>
      </>
    ),
  },
  {
    id: 'background-generation-auto-reconnect',
    title: 'Background Generation & Auto-Reconnect',
    summary: 'Close the tab; the work goes on',
    icon: RadioTower,
    body: (
      <>
        <P>
          Generation runs on the Forge server, not in your browser. Closing the tab, reloading or losing your connection does
          not stop it, and files are saved as they are completed.
        </P>
        <List
          items={[
            'When you come back, the workspace checks for a generation still in progress and reconnects to it automatically.',
            'It replays everything written so far, so the code and logs are complete.',
            'If the connection drops, Forge retries up to 3 times, 2 seconds apart.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'download-deploy-projects',
    title: 'Download & Deploy Projects',
    summary: 'Take the code anywhere',
    icon: Download,
    body: (
      <>
        <P>
          The download icon in the header (or the download button on a project card) gives you a ZIP of the project. It
          contains:
        </P>
        <List
          items={[
            'All source files',
            <>
              <Code>package.json</Code> and the build configuration files
            </>,
            <>
              <Code>.env.example</Code> with the names of the keys the app needs
            </>,
            <>
              A <Code>README</Code> with setup instructions
            </>,
            'The database schema and seed files, when the app has a database',
          ]}
        />
        <H3>Run it yourself</H3>
        <CodeBlock>{`npm install
cp .env.example .env   # then fill in your keys
npm run dev            # local development
npm run build          # production build`}</CodeBlock>
        <P>
          Front-end-only apps deploy to any static host. Apps with an Express server or a database need a Node.js host and a
          PostgreSQL database; the README in the ZIP lists the exact steps for your project.
        </P>
      </>
    ),
  },
  {
    id: 'technologies-libraries',
    title: 'Technologies & Libraries',
    summary: 'The stack every generated project uses',
    icon: Boxes,
    body: (
      <>
        <P>Generated projects use a modern, widely supported stack, so the code is easy to read, change and host.</P>
        <Table
          head={['Technology', 'Role']}
          rows={[
            ['React', 'The user interface, built from components.'],
            ['Vite', 'Fast development server and production bundler.'],
            ['TypeScript', 'Typed JavaScript that catches mistakes before they run.'],
            ['Tailwind CSS', 'Utility-first styling, kept next to the markup.'],
            ['Drizzle ORM', 'Type-safe database schema and queries.'],
            ['PostgreSQL', 'The relational database for apps that store data.'],
            ['Express', 'The API server for apps with a back end.'],
          ]}
        />
      </>
    ),
  },
];
