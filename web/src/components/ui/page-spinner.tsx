import { Spinner } from './spinner';

/** A whole page waiting for what it needs before anything of it can show (the session, say). */
export function PageSpinner() {
  return (
    <div className="flex h-dvh items-center justify-center">
      <Spinner className="size-6" />
    </div>
  );
}
