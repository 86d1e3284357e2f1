import { useCallback, useEffect, useState } from 'react';

/**
 * Copies text to the clipboard and remembers for `resetAfterMs` that it did, for a button that
 * reads "Copied" for a moment. `copy` answers false when the browser refused; the caller says so.
 */
export function useCopied(resetAfterMs = 1500): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), resetAfterMs);
    return () => clearTimeout(timer);
  }, [copied, resetAfterMs]);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      return false;
    }
  }, []);

  return { copied, copy };
}
