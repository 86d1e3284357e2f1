// The calm state shown while the server waits for its API key (an ApiError with missingKey).
import { KeyRound } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function WaitingForKey({ keyName, service = 'the service' }: { keyName: string; service?: string }) {
  return (
    <Card className="mx-auto w-full max-w-md text-center" role="status">
      <CardHeader className="justify-items-center">
        <span className="mb-2 grid size-11 place-items-center rounded-full bg-primary/10 text-primary">
          <KeyRound className="size-5" aria-hidden />
        </span>
        <CardTitle>Waiting for your API key</CardTitle>
        <CardDescription>
          This app talks to {service} with your own key. Add <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{keyName}</code> in the Secrets view; the app restarts and
          picks it up.
        </CardDescription>
      </CardHeader>
      <CardContent className="text-xs text-muted-foreground">The key stays on the server: it is never sent to this page.</CardContent>
    </Card>
  );
}
