import { Share2 } from 'lucide-react';
import { Callout, Code, H3, List, P, Steps, Ui } from './docs-prose';
import type { DocsSection } from './docs-section';

/** Sharing a project on its public address and the wall. */
export const SHARING_SECTION: DocsSection = {
  id: 'sharing-and-the-wall',
  title: 'Sharing & the Wall',
  summary: 'Publish a project for anyone to open, and find it on the wall',
  icon: Share2,
  body: (
    <>
      <P>
        Projects are private to your account until you publish one. A published project gets a public share address that anyone can open without an account, and a card on the <Ui>Wall</Ui>, the public
        list of shared projects.
      </P>
      <Steps
        items={[
          <>
            Click the <Ui>Share</Ui> button on the project's card in <Ui>My Projects</Ui>, in the workspace header, or on its landing page.
          </>,
          'Optionally write a short description: the wall shows it under the name.',
          <>
            Click <Ui>Publish</Ui>. The dialog shows the share address, with <Ui>Copy</Ui>, <Ui>Open share page</Ui> and <Ui>Open public app</Ui>.
          </>,
        ]}
      />
      <H3>What visitors see</H3>
      <List
        items={[
          <>
            The share page (<Code>/s/…</Code>): the project's name and description, its running app in a frame, and its files and code, read-only, like the project landing page.
          </>,
          'The running app on an address of its own, separate from Forge and from your private preview address. A preview that went to sleep starts again when a visitor opens it.',
          'Nothing else: visitors cannot edit, build, download, or reach the project’s database view or secrets.',
          'A data app is the exception to read-only: its public app uses the same database as your preview, so whatever a visitor adds, changes or deletes through the app is in your data. The Share dialog says so for such an app.',
        ]}
      />
      <Callout title="Secrets stay private" tone="note">
        Your <Code>.env</Code> and any other environment file (<Code>.env.local</Code>, <Code>.env.production</Code>) never appear on a share page, in its file list or its code.{' '}
        <Code>.env.example</Code>, with names and placeholders only, is shown. A saved secret that appears in a source file is masked.
      </Callout>
      <H3>Unpublishing</H3>
      <P>
        <Ui>Unpublish</Ui> in the same dialog takes the share page, the public app and the wall card away at once. Anyone with the old address sees “This project is not shared”. Publishing again gives
        the project a new address, so an address you meant to take back never works again. While a project stays published, its address stays the same through edits and rebuilds.
      </P>
      <P>
        The wall (<Code>/wall</Code>) lists published projects newest first, with a screenshot of the app when one exists. Click a card to open its share page.
      </P>
    </>
  ),
};
