import { Link } from '@tanstack/react-router';
import { Link2Off } from 'lucide-react';
import { NOT_SHARED_DETAIL, NOT_SHARED_TITLE } from '@forge/protocol/shares';
import { buttonClasses } from '@/components/ui/button';
import { StatePanel } from '@/components/ui/state-panel';

/** An address that is not (or no longer) shared: said plainly, with somewhere to go. */
export function NotSharedPanel() {
  return (
    <StatePanel
      as="h1"
      icon={<Link2Off aria-hidden />}
      title={NOT_SHARED_TITLE}
      actions={
        <>
          <Link to="/wall" className={buttonClasses('primary')}>
            Browse the wall
          </Link>
          <Link to="/" className={buttonClasses('outline')}>
            Go to Forge
          </Link>
        </>
      }
      className="py-24"
    >
      {NOT_SHARED_DETAIL}
    </StatePanel>
  );
}
