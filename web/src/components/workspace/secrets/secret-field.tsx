import { Database, Eye, EyeOff, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { PLATFORM_PROVIDED_KEYS, type SecretRequirement, descriptionUrl } from '@forge/protocol/secrets';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useWorkspace } from '@/store/workspace';

interface SecretFieldProps {
  secret: SecretRequirement;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** One key: its name and description, whether a value is saved, and a masked input for a new one. */
export function SecretField({ secret, value, disabled, onChange }: SecretFieldProps) {
  if (PLATFORM_PROVIDED_KEYS.includes(secret.key)) return <ProvidedField secret={secret} />;
  return <EnteredField secret={secret} value={value} disabled={disabled} onChange={onChange} />;
}

/**
 * A variable Forge sets for the app (DATABASE_URL: the initialized database's URL, which replaces any
 * saved value): no input, whose `.env.example` placeholder would read like the value in use.
 */
function ProvidedField({ secret }: { secret: SecretRequirement }) {
  const { actions } = useWorkspace();
  return (
    <div className="rounded-[var(--radius-card)] border border-border bg-surface p-4">
      <div className="flex items-center gap-2">
        <span className="font-mono text-sm font-medium text-foreground">{secret.key}</span>
        <Badge tone={secret.isSet ? 'accent' : 'neutral'}>{secret.isSet ? 'Provided by Forge' : 'Not set up yet'}</Badge>
      </div>
      <p className="mt-1 text-xs leading-relaxed text-muted">
        {secret.isSet
          ? 'Forge gives the app the URL of the database set up in the Database view. There is nothing to enter here.'
          : 'Forge gives the app the URL of its database once you initialize one in the Database view. There is nothing to enter here.'}
      </p>
      <button type="button" onClick={() => actions.setView('database')} className={buttonClasses('outline', 'sm', 'mt-3')}>
        <Database className="size-4" aria-hidden />
        Open Database
      </button>
    </div>
  );
}

function EnteredField({ secret, value, disabled, onChange }: SecretFieldProps) {
  const [shown, setShown] = useState(false);
  const inputId = useId();
  const descriptionId = useId();
  const url = descriptionUrl(secret.description);

  return (
    <div className="rounded-[var(--radius-card)] border border-border bg-surface p-4">
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className="font-mono text-sm font-medium text-foreground">
          {secret.key}
        </label>
        <Badge tone={secret.isSet ? 'accent' : 'warning'}>{secret.isSet ? 'Set' : 'Not set'}</Badge>
        {url && (
          <Tooltip label="Open the page to get this key">
            <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${url}`} className={buttonClasses('ghost', 'icon', 'ml-auto size-8')}>
              <ExternalLink className="size-4" aria-hidden />
            </a>
          </Tooltip>
        )}
      </div>
      {secret.description && (
        <p id={descriptionId} className="mt-1 text-xs leading-relaxed text-muted">
          {secret.description}
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <input
          id={inputId}
          type={shown ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          disabled={disabled}
          placeholder={secret.example}
          aria-describedby={secret.description ? descriptionId : undefined}
          onChange={(event) => onChange(event.target.value)}
          className="min-w-0 flex-1 rounded-lg border border-border bg-background px-3 py-2 font-mono text-sm text-foreground placeholder:text-subtle focus:border-primary focus:outline-none"
        />
        <button type="button" onClick={() => setShown((current) => !current)} aria-label={`${shown ? 'Hide' : 'Show'} ${secret.key}`} className={buttonClasses('outline', 'md')}>
          {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
