import { Boxes, Download, FileText, Pencil, RadioTower } from 'lucide-react';
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
        <Callout title="Without a model">
          With no model configured, the offline agent still makes a few edits: change the title or the main heading (“Change the heading to Fresh beans daily”), the colours (“Make it teal”), or a text
          (“Replace "Menu" with "Our menu"”). Other requests need <Code>ANTHROPIC_API_KEY</Code> (or an OpenAI-compatible server), and the log says so.
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
