import { Coins, Wallet } from 'lucide-react';
import { Callout, Code, H3, List, P, Steps, Table, Ui } from './docs-prose';
import type { DocsSection } from './docs-section';

/** Credits: what the model's work costs, and the ledger that shows it. */
export const CREDITS_SECTION: DocsSection = {
  id: 'credits',
  title: 'Credits and Pricing',
  summary: "A $10 welcome credit, then pay for the model's real token usage",
  icon: Coins,
  body: (
    <>
      <P>
        Every new account starts with <strong>$10 in free credits</strong>. Generations, edits and automatic fixes are charged per model call at the tokens the model really used:
      </P>
      <Table
        head={['Tokens', 'Price']}
        rows={[
          ['Input (what the agent reads)', '$3 per million'],
          ['Output (what the agent writes)', '$15 per million'],
        ]}
      />
      <P>A simple project costs $0.50 to $2 on average, a complex one $2 to $5. The offline starter agent is free.</P>
      <H3>Where to see it</H3>
      <List
        items={[
          <>
            The header shows your balance; click it to open <Ui>Account</Ui>.
          </>,
          <>
            Each generation's and edit's log, and each build's, ends with its cost, for example <Code>💰 Cost: $0.0412 (8,235 input + 1,099 output tokens)</Code>.
          </>,
          <>
            <Ui>Account</Ui> lists the ledger, newest first (welcome credit, charges, top-ups, grants), and your usage by project.
          </>,
        ]}
      />
      <Callout tone="note" title="When the balance runs out">
        A generation, edit or automatic fix needs a positive balance; otherwise it is refused with a message saying so. A generation whose cost takes the balance past zero finishes the file it is
        writing and stops there; the files written so far are kept. Top up, or ask an operator for a grant, to continue.
      </Callout>
    </>
  ),
};

/** Topping up with USDC on Ethereum. */
export const TOP_UP_SECTION: DocsSection = {
  id: 'top-ups',
  title: 'Top-ups in USDC',
  summary: 'Send USDC on Ethereum to the deposit address, from a wallet you linked',
  icon: Wallet,
  body: (
    <>
      <P>
        1 USDC adds $1.00 of credits. Open <Ui>Account</Ui> and then <Ui>Top up with USDC</Ui>.
      </P>
      <Steps
        items={[
          <>
            <Ui>Link wallet</Ui>: your browser wallet signs a one-time message (free, it moves no funds). Without a browser wallet, <Ui>Sign the message myself</Ui> shows the message to sign elsewhere
            and takes the signature.
          </>,
          <>Send USDC on Ethereum from that wallet to the deposit address the page shows.</>,
          <>
            Paste the transaction hash and <Ui>Submit</Ui>. Until the transfer has enough confirmations it shows as <strong>Pending</strong>; it is credited by itself once it does.
          </>,
        ]}
      />
      <Callout tone="tip" title="Credited once">
        Each transfer is credited exactly once, however often it is submitted. Only USDC, sent to the deposit address from a wallet linked to your account, is credited; anything else is refused with
        the reason.
      </Callout>
    </>
  ),
};
