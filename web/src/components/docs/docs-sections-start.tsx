import { LayoutDashboard, Rocket, Sparkles, Wrench } from 'lucide-react';
import { MAX_IMAGES, MAX_PROMPT_CHARS } from '@forge/protocol/limits';
import { Callout, Code, CodeBlock, H3, List, P, Steps, Table, Ui } from './docs-prose';
import type { DocsSection } from './docs-section';

/** From the first visit to a generated, built and previewed project, and what happens when a build fails. */
export const START_SECTIONS: DocsSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    summary: 'What Forge does and how to begin',
    icon: Rocket,
    body: (
      <>
        <P>
          Forge turns a plain-language description into a working React application. You describe what you want, the agent writes every file, and Forge saves, builds and runs the project so you can
          try it in a live preview within minutes.
        </P>
        <Steps
          items={[
            <>
              Create an account on the sign-in page. Instead of an email and password you get a unique <strong>recovery key</strong>: save it somewhere safe, it is the only way back into your account.
            </>,
            <>
              The workspace opens on the <strong>New Generation</strong> view (a description typed on the home page is already in it); with a project open, <Ui>New</Ui> brings it back.
            </>,
            <>Describe your app, optionally attach design references, give it a name and generate.</>,
            <>
              Follow progress in the <Ui>Terminal</Ui>, read the code as it streams in, and try the result in <Ui>Preview</Ui> once the build succeeds.
            </>,
          ]}
        />
        <Callout title="Your projects are private">Every project belongs to your account. Other accounts cannot list, open or download it.</Callout>
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
            ['Describe your React project', `The app in your own words: its pages, the data it shows, how it should look and behave; up to ${MAX_PROMPT_CHARS.toLocaleString('en-US')} characters.`],
            ['Design Reference', `Optional screenshots or mockups for the agent to follow. PNG, JPG, GIF or WEBP, up to 5MB each and ${MAX_IMAGES} at most; remove any from its thumbnail.`],
            [
              'Project Name',
              <>
                Letters, numbers, hyphens and underscores only. Left blank, it becomes <Code>my-react-app</Code>.
              </>,
            ],
          ]}
        />
        <P>
          Click <Ui>Generate Project</Ui>. The button reads <strong>Generating...</strong> while the agent works, and stays disabled until you have written a description.
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
              <Ui>New</Ui> switches to the generate view; <Ui>Docs</Ui> opens this guide; <Ui>My Projects</Ui> lists your saved projects.
            </>,
            <>
              The <strong>status indicator</strong> at the top right shows what is happening: <strong>Generating</strong>, <strong>Building</strong> or <strong>Complete</strong> (and Error or Ready
              otherwise).
            </>,
            <>The download button appears when a project is open and gives you the whole project as a ZIP.</>,
            <>On desktop, a code-theme selector offers Default, Dark, Funky, Okaidia, Twilight, Coy, Solarized Light and Tomorrow (the default). Your choice is remembered in this browser.</>,
          ]}
        />
        <H3>Project Files and views</H3>
        <P>
          The <strong>Project Files</strong> sidebar lists every file; click one to open it in the code viewer, which shows its line count, size and word count, and marks files still being written as{' '}
          <strong>Generating...</strong>. Binary files (images, fonts, audio) are kept byte for byte: an image is shown as itself, any other binary file by its name, type and size, with a download
          link.
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
        <H3>Which view comes first</H3>
        <List
          items={[
            <>With no project open, the workspace shows the generate view, not an empty code view.</>,
            <>
              When a preview becomes live (after a generation's build, an edit or a restore) the <Ui>Preview</Ui> comes forward from the terminal, never from a view you chose meanwhile; the{' '}
              <Ui>Terminal</Ui> is one click away. A failed build stays on the terminal, where its errors are.
            </>,
            <>Opening a saved project shows its preview when it is built (on a phone too), or the terminal while it builds.</>,
            <>
              The open project is in the address (<Code>/?project=name</Code>): reloading, going back or forward, or sharing the link with yourself on another device opens it again.
            </>,
          ]}
        />
        <Callout tone="note" title="On a phone">
          Below 768px the views move to a bottom bar (Code, Terminal, DB, Keys, Preview) and the file tree opens from it; the menu button in the header holds your account, credits and sign-out.
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
          When generation finishes, Forge saves the project and builds it. If the build fails, the agent does not simply stop: it reads the compiler and bundler errors, changes the files responsible
          and builds again.
        </P>
        <List
          items={[
            <>
              Up to <strong>5 automatic correction attempts</strong> per build.
            </>,
            <>
              Each attempt is configured with <strong>10 conversation turns</strong> and <strong>16K tokens</strong>, enough to inspect several files and fix related errors together.
            </>,
            'Every attempt, error and fix is written to the Terminal, so you can see exactly what changed.',
            'As soon as a build succeeds, the preview opens and the status changes to Complete.',
          ]}
        />
        <Callout title="If it still fails">
          After the last attempt the status shows Error. Describe the problem in plain words with <strong>Editing Projects with Natural Language</strong>, or download the project and fix it by hand.
        </Callout>
      </>
    ),
  },
];
