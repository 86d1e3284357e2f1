import { LoaderCircle } from 'lucide-react';

// Shown until the app's own App.tsx replaces this file.
export function App() {
  return (
    <main className="grid min-h-svh place-items-center bg-background p-6 text-foreground">
      <div className="flex items-center gap-3 text-muted-foreground" role="status">
        <LoaderCircle className="size-5 animate-spin" aria-hidden />
        <p>Your app is being written…</p>
      </div>
    </main>
  );
}
