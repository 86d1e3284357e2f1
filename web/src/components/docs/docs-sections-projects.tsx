import { Boxes, Download, FileText, Pencil, RadioTower } from 'lucide-react';
import { Fragment } from 'react';
import { OFFLINE_EDIT_EXAMPLES } from '@forge/protocol/offline-edits';
import { Callout, Code, CodeBlock, H3, List, P, Steps, Table, Ui } from './docs-prose';
import type { DocsSection } from './docs-section';
import { DATABASE_SECTION, SECRETS_SECTION } from './docs-sections-data';

/** Working with saved projects: their database, secrets, edits, pages, background runs, downloads and stack. */
export const PROJECT_SECTIONS: DocsSection[] = [
  DATABASE_SECTION,
  SECRETS_SECTION,
  {
    id: 'editing-projects-with-natural-language',
    title: 'Editing Projects with Natural Language',
    summary: 'Change a saved project by describing the change',
    icon: Pencil,
    body: (
      <>
        <P>Describe a change in plain words and the agent makes it, touching only what you asked. Edit from My Projects, or from the edit box under the workspace's views while a project is open.</P>
        <Steps
          items={[
            <>
              Open <Ui>My Projects</Ui> and click the pencil <Ui>Edit</Ui> button on the project's card, or type into the box under the workspace's views.
            </>,
            <>
              In <strong>Modification Request</strong>, describe what should change, for example “Add a dark mode toggle to the header and remember the choice”.
            </>,
            <>
              Click <Ui>Apply Changes</Ui> (<Ui>Apply</Ui> in the workspace). The <strong>Progress log</strong> (the terminal in the workspace) shows each changed file with its changed words marked,
              the files created and deleted, then the rebuild; the preview refreshes when it is done.
            </>,
            'The edit runs on the server: close the tab and it goes on; open My Projects or the workspace again to follow it.',
          ]}
        />
        <H3>Point at it</H3>
        <P>
          Click <Ui>Select</Ui> on the preview's toolbar, then click (on a phone, tap) the element you want to change: the preview outlines the element under the pointer with the name of its
          component, and the box under the views says which element it is and where it was written, such as “Editing &lt;h1&gt; in src/components/Hero.tsx:12”. Type what it should become (“Make this
          say Hello”) and <Ui>Apply</Ui>: the agent is shown that file first and told which element you meant. The marks that tell the preview where each element was written exist only in your
          preview, never in your files, your ZIP, your versions or a shared app.
        </P>
        <H3>Only what you asked, or nothing</H3>
        <List
          items={[
            'The agent sees your request, the project tree and the files that matter (the ones you name, what they import and what imports them, the entry points, the database schema for data changes). Your .env is never sent.',
            'It answers with small search-and-replace edits of existing files, whole new files, or deletions. Every change is checked before anything is written: a quote that does not match the file exactly once, an edit of a missing file, or a “rest of the code unchanged” placeholder goes back to the agent once, and if its second answer fails too, nothing is changed and the log says which change failed and why.',
            'All changes of one edit are written together: an edit never leaves a project half-changed, not even when the server stops midway.',
            'One edit or generation of a project runs at a time; a second one is refused until the first has finished, and an edit waits for a running build.',
          ]}
        />
        <H3>History</H3>
        <P>
          Every generation, edit, automatic fix and restore is a version of the project. <Ui>History</Ui> in the workspace header lists them newest first with the files each changed; pick one to see
          its diff, and <Ui>Restore</Ui> it (after a confirmation) to make a new version with its files. Nothing is lost: the version you left stays in the history, and .env is never part of it.
        </P>
        <P>
          An app with its own database keeps a snapshot of the data with each version, marked <Ui>Data</Ui> in the history (the newest ten versions keep theirs). Restoring such a version asks whether
          to bring back the <Ui>Code only</Ui> or the <Ui>Code and data</Ui>: the data is restored whole or not at all, the preview starts again on it, and the version the restore makes keeps the data
          it replaced, so a restore can be undone.
        </P>
        <Callout title="Without a model">
          With no model configured, the offline agent still makes a few edits, and the edit box offers them:{' '}
          {OFFLINE_EDIT_EXAMPLES.map((example, index) => (
            <Fragment key={example}>
              {index > 0 && ', '}“{example}”
            </Fragment>
          ))}
          , or replacing a quoted text (“Replace "Menu" with "Our menu"”). A request with several parts is made part by part; a part it cannot make is named in the log and nothing is changed for it.
          Other requests need a language model.
        </Callout>
        <Callout title="Smaller requests work best">One focused change per request is easier to check than many at once. Name the page or component you mean.</Callout>
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
        <P>Landing pages are part of your account: you need to be signed in to see them. To show a project to anyone, share it (see Sharing &amp; the Wall).</P>
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
        <P>Generation runs on the Forge server, not in your browser. Closing the tab, reloading or losing your connection does not stop it, and files are saved as they are completed.</P>
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
        <P>The download icon in the header (or the download button on a project card) gives you a ZIP of the project. It contains:</P>
        <List
          items={[
            'All source files, and images, fonts and other binary files exactly as saved',
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
          Front-end-only apps deploy to any static host. Apps with an Express server or a database need a Node.js host and a PostgreSQL database; the README in the ZIP lists the exact steps for your
          project.
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
        <P>
          Generated projects use a modern, widely used stack, so the code is easy to read, change and host. Every new project starts from a template with this stack set up and ready UI components; the
          agent writes the app's own pages and components on top of it.
        </P>
        <Table
          head={['Technology', 'Role']}
          rows={[
            ['React 19', 'The user interface, built from components.'],
            ['Vite', 'Fast development server and production bundler.'],
            ['TypeScript', 'Typed JavaScript, in strict mode, that catches mistakes before they run.'],
            [
              'Tailwind CSS 4',
              <>
                Utility-first styling, kept next to the markup. The colours and corner radius are design tokens at the top of <Code>src/index.css</Code>: change one and the whole app follows.
              </>,
            ],
            [
              'UI components',
              <>
                Buttons, cards, inputs, selects, dialogs, sheets, menus, tabs, tables, tooltips, toasts and forms in <Code>src/components/ui/</Code>, in the shadcn/ui style on Radix primitives: yours
                to read and change.
              </>,
            ],
            ['Lucide', 'Icons.'],
            ['React Router', 'Pages with their own addresses, in apps with more than one page; links and reloads open the right page.'],
            ['TanStack Query', 'Reading and changing the server’s data, in apps with a server.'],
            ['Recharts', 'Charts.'],
            ['React Hook Form and Zod', 'Forms with validation and clear messages.'],
            ['date-fns', 'Dates and times.'],
            ['Sonner', 'Toast notifications.'],
            ['Express', 'The API server, for apps with a database or a key of their own.'],
            ['Drizzle ORM and PostgreSQL', 'The database and its type-safe schema, for apps that store shared data.'],
          ]}
        />
        <H3>Three kinds of project</H3>
        <List
          items={[
            'Apps that run in the browser alone, keeping what must survive a reload in the browser’s storage.',
            <>
              Apps with a database: an Express API and a PostgreSQL database (see <Ui>Database Management</Ui>), for data that visitors share or that must outlive one browser.
            </>,
            <>
              Apps that use another service with your own key (“show the weather with my OpenWeather key”): a small server holds the key, which never reaches the browser. Until you add the key under{' '}
              <Ui>Secrets</Ui> the app shows that it is waiting for it.
            </>,
          ]}
        />
        <H3>Another package</H3>
        <P>
          When your request needs something the stack does not do well, such as a map, rendering Markdown, a rich-text editor, a calendar or drag and drop on touch screens, the agent adds a package
          from the npm registry for it; for what the stack already does, it uses the stack. To ask for one, name it in your description or in an edit (“show the posts with react-markdown”). Packages
          are installed when the project builds; one that cannot be installed makes the build fail with npm’s message in the log.
        </P>
        <Callout tone="note" title="Projects made before this stack">
          Projects generated before it keep theirs: plain CSS and a short list of packages, with no router, chart or UI library. Their edits and fixes follow the conventions they were made with.
        </Callout>
      </>
    ),
  },
];
