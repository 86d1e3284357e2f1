import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { ShareDialog } from './share-dialog';

interface ShareButtonProps {
  project: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Shown beside the icon; hidden on narrow screens when `compact`. */
  compact?: boolean;
  disabled?: boolean;
}

/** Opens the project's share dialog; its state is asked for only once the dialog opens. */
export function ShareButton({ project, variant = 'outline', size = 'md', className, compact = false, disabled }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => setOpen(true)} disabled={disabled} aria-label="Share">
        <Share2 className="size-4" aria-hidden />
        <span className={compact ? 'hidden lg:inline' : undefined}>Share</span>
      </Button>
      <ShareDialog project={open ? project : null} onClose={() => setOpen(false)} />
    </>
  );
}
